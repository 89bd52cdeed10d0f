import { z } from "zod";
import { withoutInvisible } from "./common";
import { hasInvisible, INVISIBLE_TEXT } from "./invisible-text";

/**
 * Reports Indexer (/reports): names, inputs, shapes and texts shared by the server and the screen.
 * Project reports are an internal document collection (`reports.db`, never listed by /api/list-dbs). Each report's
 * work order and project come from its file name; originals live under the fixed `reports/` folder of the object
 * store when "Upload original PDF to S3" is on.
 */

export const REPORTS_DB = "reports.db";
/** The fixed storage folder of report originals (the spec: "the storage folder is fixed on the server"). */
export const REPORTS_FOLDER = "reports";

/** `####-##(optional letter).ProjectName.pdf`, e.g. `1234-56.Kapolei Substation.pdf`, `1234-56A.Pier 12.pdf`. */
export const REPORT_NAME_FORM = "####-##(optional letter).ProjectName.pdf";
const WORK_ORDER = /^\d{4}-\d{2}[A-Za-z]?$/;

export type ParsedReportName =
  | { ok: true; work_order: string; project: string }
  | { ok: false; reason: string };

/**
 * The spec's rule: the work order is the part before the first dot, the project is between the first dot and
 * `.pdf`. The work order must look like `####-##` with an optional letter (stored upper-case); the project must
 * not be empty. Names are NFC-normalised first so the same name typed on two systems parses the same.
 */
export function parseReportFileName(fileName: string): ParsedReportName {
  const name = fileName.normalize("NFC").trim();
  const bad = (why: string): ParsedReportName => ({
    ok: false,
    reason: `${fileName}: ${why}; expected ${REPORT_NAME_FORM}`,
  });
  if (!/\.pdf$/i.test(name)) return bad("not a .pdf file");
  const stem = name.slice(0, -4);
  const dot = stem.indexOf(".");
  if (dot < 0)
    return bad(
      /^\d{4}-\d{2}/.test(stem.trim())
        ? "no project name after the work order"
        : "the name has no work order",
    );
  const workOrder = stem.slice(0, dot).trim();
  const project = stem.slice(dot + 1).trim();
  if (!WORK_ORDER.test(workOrder)) return bad(`"${workOrder}" is not a work order like 1234-56 or 1234-56A`);
  if (!project) return bad("the project name is empty");
  // Control characters would end up in logs and CSVs; a person never types them.
  if (/[\u0000-\u001f\u007f]/.test(project)) return bad("the project name has control characters");
  if (hasInvisible(project)) return bad(`the project name ${INVISIBLE_TEXT}`);
  return { ok: true, work_order: workOrder.toUpperCase(), project };
}

/** GET /api/reports/stats, reports.stats */
export interface ReportsStats {
  files: number;
  pages: number;
  chunks: number;
}

/**
 * The indexed report of a record's work order (a binder row, a core box), as their list rows carry it: the
 * newest report filed under that very work order, or null when none is indexed.
 */
export interface IndexedReportRef {
  file_id: number;
  file_name: string;
  /** The original is in the object store (it opens; otherwise the Reports screen lists it). */
  stored: boolean;
}

/** A list row with its work order's indexed report (null when there is none). */
export type WithReport<T> = T & { report: IndexedReportRef | null };

/** One row of GET /api/reports/files and reports.files. */
export interface ReportFile {
  file_id: number;
  file_name: string;
  work_order: string;
  project: string;
  pages: number;
  chunks: number;
  /** ISO date-time. */
  indexed_at: string;
  /** The original is in the object store (it can be opened). */
  stored: boolean;
}

export const REPORT_FILES_PAGE_SIZES = [25, 50, 100, 200] as const;
export const REPORT_FILES_DEFAULT_PAGE_SIZE = 50;

/** A search or filter box's text; invisible characters are dropped, not refused (see searchText for why). */
const optionalText = (max: number) =>
  withoutInvisible(
    z
      .string()
      .max(max, `must be at most ${max} characters`)
      .optional()
      .transform((v) => (v?.trim() ? v.trim() : undefined)),
  );

/** Work-order prefix filter: digits, dash and an optional letter, as typed ("12", "1234-", "1234-56A"). */
export const workOrderPrefix = optionalText(20).refine(
  (v) => v === undefined || /^[0-9]{1,4}(-[0-9]{0,2}[A-Za-z]?)?$/.test(v),
  "must be the start of a work order like 1234-56",
);

/** GET /api/reports/files?q=&wo=&page=&page_size= → `{ files, total }` (newest first). */
export const reportFilesInput = z
  .object({
    /** Matches file name or project (substring, case-insensitive). */
    q: optionalText(200),
    wo: workOrderPrefix,
    page: z.coerce.number({ error: "must be a number" }).int().min(1, "must be 1 or more").default(1),
    page_size: z.coerce
      .number({ error: "must be a number" })
      .int()
      .min(1, "must be between 1 and 200")
      .max(200, "must be between 1 and 200")
      .default(REPORT_FILES_DEFAULT_PAGE_SIZE),
  })
  .prefault({});
export type ReportFilesInput = z.infer<typeof reportFilesInput>;

/** GET /api/reports/search?q=&wo=&page= → `{ hits, total }`: full-text search over every indexed page. */
export const reportSearchInput = z.object({
  q: withoutInvisible(
    z
      .string({ error: "is required" })
      .trim()
      .min(2, "must be at least 2 characters")
      .max(200, "must be at most 200 characters"),
  ),
  wo: workOrderPrefix,
  page: z.coerce.number({ error: "must be a number" }).int().min(1, "must be 1 or more").default(1),
  page_size: z.coerce
    .number({ error: "must be a number" })
    .int()
    .min(1, "must be between 1 and 50")
    .max(50, "must be between 1 and 50")
    .default(20),
});
export type ReportSearchInput = z.infer<typeof reportSearchInput>;

/** A snippet as plain-text pieces; `hit` pieces are highlighted. Never HTML: the screen renders text nodes. */
export type SnippetPart = { text: string; hit: boolean };

export interface ReportHit {
  file_id: number;
  file_name: string;
  work_order: string;
  project: string;
  /** 1-based page the snippet is on. */
  page: number;
  snippet: SnippetPart[];
}

/** GET /api/reports/files/:id/link?page=N → `{ url }`: a signed link to the original, opened at that page. */
export const reportLinkInput = z.object({
  file_id: z.coerce.number({ error: "must be a number" }).int().min(1, "must be a report id"),
  page: z.coerce.number({ error: "must be a number" }).int().min(1).max(100_000).optional(),
});
export type ReportLinkInput = z.infer<typeof reportLinkInput>;

/** The text fields of POST /api/reports/bulk-index. Checkbox values as browsers and scripts send them. */
const flag = (dflt: boolean) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === "") return dflt;
      const s = v.trim().toLowerCase();
      if (["true", "1", "on", "yes"].includes(s)) return true;
      if (["false", "0", "off", "no"].includes(s)) return false;
      ctx.addIssue({ code: "custom", message: "must be true or false" });
      return z.NEVER;
    });
export const bulkIndexFields = z.object({
  upload_to_s3: flag(true),
  replace_if_exists: flag(false),
});
export type BulkIndexFields = z.infer<typeof bulkIndexFields>;

/** Most files in one bulk-index request (a reports folder of a few hundred fits; more goes in several runs). */
export const BULK_INDEX_MAX_FILES = 1000;

/**
 * NDJSON lines of POST /api/reports/bulk-index when asked with `Accept: application/x-ndjson`: each log line as
 * it happens (`file` names the report it is about), then one closing line. Without that header the answer is
 * `{ steps }` (200) or `{ error, steps }` (4xx/5xx) at the end.
 */
export type BulkIndexLine =
  | { step: string; file?: string; status?: "indexed" | "replaced" | "skipped" | "failed" }
  | {
      done: true;
      ok: boolean;
      steps: string[];
      indexed: number;
      replaced: number;
      skipped: number;
      failed: number;
      error?: string;
    };

export const REPORTS_TEXTS = {
  title: "Reports Indexer",
  files: "Files",
  pages: "Pages",
  chunks: "Chunks",
  uploadToS3: "Upload original PDF to S3",
  replaceIfIndexed: "Replace if already indexed",
  modeLabel: "Source",
  modeUpload: "Upload PDFs",
  modeFolder: "Select a reports folder",
  indexSelected: "Index Selected",
  processing: "Processing…",
  log: "Log",
  indexedFiles: "Indexed Files",
  noPdfsSelected: "No PDFs selected.",
  noPdfsInSelection: "No PDF files in the selection.",
  nameFormat: `File names must follow ${REPORT_NAME_FORM}: the work order is the part before the first dot; the project is between the first dot and .pdf. Originals are stored in the server's fixed reports folder.`,
  apiUnreachable:
    "The reports API is unreachable. Check that the server is running, that CORS allows this site, and the API URL setting.",
  noReports: "No reports indexed yet.",
  searchPlaceholder: "Search inside all reports…",
  woPrefixPlaceholder: "W.O. prefix",
  noHits: "No report mentions that.",
  originalNotStored: "The original PDF of this report was not stored.",
  errorLine: (message: string) => `Error: ${message}`,
} as const;
