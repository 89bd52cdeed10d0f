/** The Reports Indexer's pure rules (URL state, the selection, batches, log lines, totals), unit-tested. */
import {
  BULK_INDEX_MAX_FILES,
  type BulkIndexLine,
  parseReportFileName,
  REPORT_FILES_DEFAULT_PAGE_SIZE,
  REPORT_FILES_PAGE_SIZES,
  REPORTS_TEXTS,
  workOrderPrefix,
} from "@shared/reports";
import { STORAGE_MESSAGES } from "@shared/storage";
import { z } from "zod";
import type { LogEntry, LogTone } from "@/components/log-panel";
import { isPdfName } from "@/components/upload-queue/drop-zone";
import { errorField } from "@/lib/api";

/** Text params: the router reads `?wo=1234` as the number 1234, so numbers are taken back as text. */
const text = (max: number) =>
  z
    .preprocess((v) => (typeof v === "number" ? String(v) : v), z.string().max(max))
    .optional()
    .catch(undefined);
const page = z.coerce.number().int().min(1).optional().catch(undefined);

/** `q`, `wo`, `page`: the full-text search; `file_*`: the Indexed Files list. */
export const reportsSearch = z.object({
  q: text(200),
  wo: text(20),
  page,
  file_q: text(200),
  file_wo: text(20),
  file_page: page,
  file_page_size: z.coerce
    .number()
    .refine((n) => (REPORT_FILES_PAGE_SIZES as readonly number[]).includes(n))
    .optional()
    .catch(undefined),
});
export type ReportsSearch = z.infer<typeof reportsSearch>;

export function reportsViewOf(s: ReportsSearch) {
  return {
    q: s.q ?? "",
    wo: s.wo ?? "",
    page: s.page ?? 1,
    fileQ: s.file_q ?? "",
    fileWo: s.file_wo ?? "",
    filePage: s.file_page ?? 1,
    filePageSize: s.file_page_size ?? REPORT_FILES_DEFAULT_PAGE_SIZE,
  };
}

/** The W.O. prefix as the server will take it, or why not (shown beside the field; nothing is sent). */
export function checkWoPrefix(
  value: string,
): { ok: true; wo: string | undefined } | { ok: false; error: string } {
  const r = workOrderPrefix.safeParse(value);
  if (r.success) return { ok: true, wo: r.data };
  return { ok: false, error: `W.O. prefix ${r.error.issues[0]?.message ?? "is not valid"}` };
}

/** The fewest characters a search needs (the shared input's rule), so shorter text asks nothing. */
export const SEARCH_MIN_CHARS = 2;

// ---- the selection --------------------------------------------------------------------------------------------

/** What the screen needs of a chosen file (a File in the browser; plain objects in tests). */
export interface PickedFile {
  name: string;
  size: number;
  /** The path below the chosen folder ("" for files chosen one by one). */
  webkitRelativePath?: string;
  lastModified?: number;
}

/** How a file reads in the list: its path below the chosen folder, else its name. */
export const pathOf = (f: PickedFile) => f.webkitRelativePath || f.name;
const keyOf = (f: PickedFile) => `${pathOf(f)}\u0000${f.size}\u0000${f.lastModified ?? 0}`;

/**
 * Files chosen (one by one or a whole folder) added to the selection: only `.pdf` names are used (the spec), the
 * same file chosen twice is kept once. `message` is the spec's "No PDF files in the selection." when something was
 * chosen and none of it is a PDF.
 */
export function addToSelection<F extends PickedFile>(current: readonly F[], chosen: readonly F[]) {
  const pdfs = chosen.filter(isPdfName);
  const seen = new Set(current.map(keyOf));
  const next = [...current];
  for (const f of pdfs) {
    const k = keyOf(f);
    if (seen.has(k)) continue;
    seen.add(k);
    next.push(f);
  }
  return {
    files: next,
    ignored: chosen.length - pdfs.length,
    message: chosen.length > 0 && pdfs.length === 0 ? REPORTS_TEXTS.noPdfsInSelection : null,
  };
}

export interface SelectionSummary {
  count: number;
  bytes: number;
  /** Names that do not follow the report name form: the server decides, this only warns before sending. */
  misnamed: { path: string; reason: string }[];
  /** Files whose content is not a PDF (whatever their name), said before their name, as the server does. */
  notPdf: { path: string; reason: string }[];
}

/** `notPdfPaths`: the paths (pathOf) of chosen files whose first bytes are not "%PDF-". */
export function summariseSelection(
  files: readonly PickedFile[],
  notPdfPaths: ReadonlySet<string> = new Set(),
): SelectionSummary {
  const misnamed: SelectionSummary["misnamed"] = [];
  const notPdf: SelectionSummary["notPdf"] = [];
  let bytes = 0;
  for (const f of files) {
    bytes += f.size;
    const path = pathOf(f);
    if (notPdfPaths.has(path)) {
      notPdf.push({ path, reason: STORAGE_MESSAGES.notPdf });
      continue;
    }
    const parsed = parseReportFileName(f.name);
    if (!parsed.ok) misnamed.push({ path, reason: parsed.reason });
  }
  return { count: files.length, bytes, misnamed, notPdf };
}

/** Does a file start with "%PDF-"? Only its first five bytes are read. */
export async function startsLikePdf(file: Blob): Promise<boolean> {
  const head = new Uint8Array(await file.slice(0, 5).arrayBuffer());
  return new TextDecoder().decode(head) === "%PDF-";
}

/**
 * Requests of at most `maxFiles` files and `maxBytes` bytes each, in the order chosen (a reports folder of a few
 * gigabytes goes in several requests, each within the server's body limit). A file larger than `maxBytes` goes
 * alone, so the server says why it refuses it.
 */
export function batchesOf<F extends { size: number }>(
  files: readonly F[],
  maxBytes: number,
  maxFiles = BULK_INDEX_MAX_FILES,
): F[][] {
  const batches: F[][] = [];
  let current: F[] = [];
  let bytes = 0;
  for (const f of files) {
    if (current.length && (current.length >= maxFiles || bytes + f.size > maxBytes)) {
      batches.push(current);
      current = [];
      bytes = 0;
    }
    current.push(f);
    bytes += f.size;
  }
  if (current.length) batches.push(current);
  return batches;
}

/** Why Index Selected cannot start, in the spec's words, or null. */
export function indexBlocker(selected: number, lastChoiceHadNoPdfs: boolean): string | null {
  if (selected > 0) return null;
  return lastChoiceHadNoPdfs ? REPORTS_TEXTS.noPdfsInSelection : REPORTS_TEXTS.noPdfsSelected;
}

// ---- the log --------------------------------------------------------------------------------------------------

export interface ReportLogEntry extends LogEntry {
  tone: LogTone;
}

export type StepLine = Extract<BulkIndexLine, { step: string }>;
export type DoneLine = Extract<BulkIndexLine, { done: true }>;

const asError = (text: string) => (text.startsWith("Error: ") ? text : REPORTS_TEXTS.errorLine(text));

/** A streamed step as the Log shows it: a failure reads "Error: …" (the spec's form) and is red. */
export function logLineOf(line: StepLine): Omit<ReportLogEntry, "id"> {
  const file = line.file ?? null;
  switch (line.status) {
    case "failed":
      return { file, text: asError(line.step), tone: "failed" };
    case "skipped":
      return { file, text: line.step, tone: "skipped" };
    case "indexed":
    case "replaced":
      return { file, text: line.step, tone: "ok" };
    default:
      // A refusal listed in a plain 400 answer comes as "Error: …" with no status.
      return { file, text: line.step, tone: line.step.startsWith("Error: ") ? "failed" : "info" };
  }
}

/** An error of the whole request (refused, unreachable, the server's closing `error`) as a Log line. */
export const errorLogLine = (message: string): Omit<ReportLogEntry, "id"> => ({
  file: null,
  text: asError(message),
  tone: "failed",
});

export const isStepLine = (v: unknown): v is StepLine =>
  !!v && typeof v === "object" && typeof (v as { step?: unknown }).step === "string";

export const isDoneLine = (v: unknown): v is DoneLine =>
  !!v && typeof v === "object" && (v as { done?: unknown }).done === true;

/** The steps of a plain (not streamed) answer, `{ steps }` or `{ error, steps }`. */
export function plainSteps(body: unknown): { steps: string[]; error?: string } {
  const b = (body ?? {}) as { steps?: unknown };
  const steps = Array.isArray(b.steps) ? b.steps.filter((s): s is string => typeof s === "string") : [];
  const error = errorField(body);
  return error ? { steps, error } : { steps };
}

export interface RunTotals {
  indexed: number;
  replaced: number;
  skipped: number;
  failed: number;
}
export const NO_TOTALS: RunTotals = { indexed: 0, replaced: 0, skipped: 0, failed: 0 };

export const addTotals = (a: RunTotals, b: Partial<RunTotals>): RunTotals => ({
  indexed: a.indexed + (b.indexed ?? 0),
  replaced: a.replaced + (b.replaced ?? 0),
  skipped: a.skipped + (b.skipped ?? 0),
  failed: a.failed + (b.failed ?? 0),
});

/** The counts of one request's per-file lines (used when a closing line gives none). */
export function totalsOfLines(lines: readonly StepLine[]): RunTotals {
  const t = { ...NO_TOTALS };
  for (const l of lines) if (l.status) t[l.status]++;
  return t;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString()} ${n === 1 ? one : many}`;

/** The closing toast: "3 reports indexed, 1 replaced, 1 skipped, 0 failed." */
export function totalsText(t: RunTotals): string {
  return `${plural(t.indexed, "report")} indexed, ${t.replaced} replaced, ${t.skipped} skipped, ${t.failed} failed.`;
}

// ---- errors ---------------------------------------------------------------------------------------------------

/**
 * Whether a failed reports call means the API cannot be reached: no answer at all (network, CORS, server down),
 * a gateway's 502–504, or a 404 from a server that has no reports API.
 */
export function isUnreachable(err: unknown): boolean {
  if (!err || typeof err !== "object") return false;
  const e = err as {
    message?: unknown;
    status?: unknown;
    data?: { httpStatus?: unknown } | null;
    meta?: { response?: { status?: unknown } };
  };
  const status = [e.data?.httpStatus, e.status, e.meta?.response?.status].find(
    (s): s is number => typeof s === "number" && s > 0,
  );
  if (status !== undefined) return status === 404 || status === 502 || status === 503 || status === 504;
  return (
    typeof e.message === "string" &&
    /failed to fetch|networkerror|load failed|network error|unexpected token/i.test(e.message)
  );
}

/** The HTTP status of a failed call (tRPC or REST), when known. */
export function statusOf(err: unknown): number | undefined {
  const e = err as { status?: unknown; data?: { httpStatus?: unknown } | null } | null;
  const s = e?.data?.httpStatus ?? e?.status;
  return typeof s === "number" ? s : undefined;
}
