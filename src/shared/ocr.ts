import { z } from "zod";
import { flag, fromFormData } from "./common";

/** The spec's texts for Work Order Recognition (part 1 §5, §8). */
export const OCR_MESSAGES = {
  noneFound: "No work orders found. Try another image.",
  failed: "Upload or extraction failed. Please try again.",
  imagesOnly: "Only PNG, JPG and GIF images are accepted.",
  /** The file's content is no image at all (a text file named .png): checked before the name or type. */
  notAnImage: "This file is not an image: its content is not a PNG, JPG or GIF picture.",
  lookupFailed: "Lookup failed. Please try again.",
} as const;

/** tRPC `workOrders.recognize`: the photo, as POST /api/ocr-upload takes it (multipart, field `image`). */
export const recognizeForm = fromFormData(
  z.object({ image: z.instanceof(Blob, { error: 'Attach the image in the form field "image".' }) }),
);

/** project_wo of a work order the register does not know (spec §3). */
export const NOT_FOUND = "Not Found";

/** Image types the screen and the server accept; the server checks the bytes, not the name. */
export const OCR_IMAGE_TYPES = ["image/png", "image/jpeg", "image/gif"] as const;

/** One lookup resolves at most this many work orders (a page of a register holds far fewer). */
export const LOOKUP_LIMIT = 500;
export const WORK_ORDER_MAX = 40;

const control = /[\u0000-\u001f\u007f]/g;

/** A work order as typed or recognised: trimmed, single-spaced, bounded. */
export const workOrderText = z
  .string({ error: "must be text" })
  .max(WORK_ORDER_MAX, `must be ${WORK_ORDER_MAX} characters or fewer`)
  .transform((s) => s.replace(control, " ").replace(/\s+/g, " ").trim());

/**
 * Work orders to look up: a list, or the spec's newline-separated string. Blanks and duplicates (ignoring case)
 * are removed and the order kept, so the answer lines up with the list on the screen.
 */
export const lookupInput = z.object({
  work_orders: z.preprocess(
    (v) => (typeof v === "string" ? v.split(/\r?\n/) : v),
    z
      .array(workOrderText, { error: "work_orders must be a list of work orders" })
      .max(LOOKUP_LIMIT * 2, `work_orders must hold at most ${LOOKUP_LIMIT} work orders`)
      .transform(uniqueWorkOrders)
      .refine(
        (list) => list.length <= LOOKUP_LIMIT,
        `work_orders must hold at most ${LOOKUP_LIMIT} work orders`,
      ),
  ),
});
export type LookupInput = z.input<typeof lookupInput>;
export type WorkOrderLookup = z.output<typeof lookupInput>;

export function uniqueWorkOrders(list: string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of list) {
    const wo = raw.trim();
    const key = wo.toUpperCase();
    if (!wo || seen.has(key)) continue;
    seen.add(key);
    out.push(wo);
  }
  return out;
}

/** One line of the Matches list (spec §3 "Work-order match"). Misses carry NOT_FOUND and empty fields. */
export interface WorkOrderMatch {
  work_order: string;
  project_wo: string;
  client: string;
  project: string;
  pr: string;
  /** YYYY-MM-DD, or "" when the register has no date. */
  date: string;
  /** Set when a lettered work order has no register line of its own and `project_wo` is its base number. */
  from_base?: true;
}

/** How the Matches name a match: the base number's line says so ("(base 4321-02)"). */
export const matchedWorkOrder = (m: WorkOrderMatch) =>
  m.from_base ? `(base ${m.project_wo})` : m.project_wo;

/** A box on the uploaded image, in its own pixels (after EXIF orientation, as a browser shows it). */
export interface ImageBox {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** A registered work order a reading may be, with its register line's project and client. */
export interface RegisterSuggestion {
  work_order: string;
  project: string;
  client: string;
}

export interface RecognizedItem {
  work_order: string;
  /** Where it was read; null when the reading spans lines we could not place. */
  box: ImageBox | null;
  confidence: number;
  /**
   * Set when the reading was corrected against the project register: what the recogniser read. `work_order` is
   * then the registered work order its own output supported far better than any other.
   */
  read_as?: string;
  /**
   * Set when the register was consulted and holds no line of the reading's own: up to three registered work
   * orders the reading may be ("Did you mean"), likeliest first (possibly none); for a reading it holds only
   * inside a longer number (4321 → 4321-01), that number.
   */
  suggestions?: RegisterSuggestion[];
}

/** POST /api/ocr-upload. `recognized_work_orders` is the spec's field; the rest feeds the image overlay. */
export interface RecognizeResult {
  recognized_work_orders: string[];
  items: RecognizedItem[];
  /**
   * Work orders read with too little confidence (most are a digit wrong) or cut short at a dash, so not given
   * as found: not in `recognized_work_orders`, offered on the screen for a person to check against the image.
   */
  unsure: RecognizedItem[];
  image: { width: number; height: number };
  /** Mean word confidence (0-100) of the reading that was kept. */
  confidence: number;
  /** Clockwise degrees the image was turned to read it (0 when upright). */
  rotation: number;
  ms: number;
}

/** "1234-56A" → "1234-56(A)" (spec §5 "Normalize letters"); anything else is returned trimmed. */
export function normalizeLetters(wo: string): string {
  const m = /^(.*\d)\s*\(?([A-Za-z])\)?$/.exec(wo.trim());
  if (!m || !/^\d{4}-\d{2,3}$/.test(m[1]!.trim())) return wo.trim();
  return `${m[1]!.trim()}(${m[2]!.toUpperCase()})`;
}

/** Sort options of the Matches list (spec §2). */
export const MATCH_SORTS = ["original", "date", "work_order", "pr", "client", "project"] as const;
export type MatchSort = (typeof MATCH_SORTS)[number];
export const MATCH_SORT_LABELS: Record<MatchSort, string> = {
  original: "Original",
  date: "Date",
  work_order: "Work Order",
  pr: "PR",
  client: "Client",
  project: "Project",
};

/** Project register import (Admins and Owners): dry run first, then the same file for real. */
export const importOptions = z.object({
  dry_run: flag.default(true),
  /** Replace the whole register (removes projects that are not in the file, the demo data included). */
  replace: flag.default(false),
});
export type ImportOptions = z.infer<typeof importOptions>;

export const IMPORT_EXTENSIONS = [".csv", ".xlsx"] as const;

export interface ImportRejection {
  /** 1-based row number as a spreadsheet shows it (the header is row 1). */
  row: number;
  work_order: string;
  reason: string;
}

export interface ImportReport {
  dry_run: boolean;
  replace: boolean;
  rows: number;
  accepted: number;
  added: number;
  updated: number;
  /** Projects a replace removes (0 otherwise). */
  removed: number;
  rejected: ImportRejection[];
  /** Rejections beyond the first 200 are counted, not listed. */
  rejected_total: number;
  /** Columns found, by their register name. */
  columns: string[];
}

export interface ProjectStats {
  total: number;
  demo: number;
  last_import: { at: string; by: string; rows: number } | null;
}
