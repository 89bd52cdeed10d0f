import { z } from "zod";
import { checkFolder, checkKey } from "./storage-keys";

/** Storage (S3 Uploader /s3-admin and S3 Browser /s3-viewer): inputs, shapes, texts and limits of the spec. */

export const INDEX_MODES = ["chunks", "general"] as const;
export type IndexMode = (typeof INDEX_MODES)[number];
export const DEFAULT_INDEX_MODE: IndexMode = "chunks";
export const INDEX_MODE_TOOLTIP = "chunks = per-file chunks, general = general_chunks table";

export const STORAGE_ACTIONS = ["upload", "move", "delete"] as const;
export type StorageAction = (typeof STORAGE_ACTIONS)[number];

export const STORAGE_PAGE_SIZES = [10, 25, 50, 100] as const;
export const STORAGE_DEFAULT_PAGE_SIZE = 25;
export const MAX_CONCURRENT_UPLOADS = 3;
export const OPEN_MANY_CAP = 10;
export const TOAST_MS = 3000;
export const VIEWER_COPIED_MS = 1200;
export const DEFAULT_UPLOAD_MAX_MB = 200;
/** How many keys one bulk delete may name. */
export const MAX_BULK_KEYS = 1000;
export const HISTORY_DEFAULT_LIMIT = 50;
export const HISTORY_MAX_LIMIT = 500;

export const STORAGE_TOASTS = {
  uploaded: "Uploaded",
  uploadFailed: "Upload failed",
  indexed: "Indexed",
  indexingFailed: "Indexing failed",
  indexedBatch: "Indexed batch",
  batchIndexingFailed: "Batch indexing failed",
  deleted: "Deleted",
  deleteFailed: "Delete failed",
  bulkDeleteFailed: "Bulk delete failed",
  moved: "Moved",
  moveFailed: "Move failed",
  copiedLink: "Copied link",
  failedToCopy: "Failed to copy",
  pickTargetDb: "Pick a target DB first",
} as const;

export const STORAGE_TEXTS = {
  rootGroup: "(root)",
  historyTitle: "Upload & Index History",
  historyEmpty: "No recent activity.",
  loading: "Loading…",
  fetchFailed: "Failed to fetch files.",
  noFiles: "No files.",
  indexAfterUpload: "Index after upload",
  confirmDelete: (n: number) => `Delete ${n} item(s) from S3?`,
  /** What the delete confirmation says of PDFs that are indexed. */
  deleteIndexed:
    "An indexed PDF keeps its text in its database (search and Ask AI still use it), but its citations will no longer open the file.",
  fileCount: (n: number) => `${n} files`,
  selected: (n: number) => `${n} selected`,
  noInlinePreview: (ext: string) => `No inline preview for .${ext}. Use Open/Download.`,
} as const;

/** Server messages (shown through the `error` field). */
export const STORAGE_MESSAGES = {
  pdfOnly: "Only PDF files can be uploaded (the name must end in .pdf).",
  notPdf: "This file is not a PDF (its content does not start with %PDF-).",
  noFile: "Choose a PDF file to upload (form field 'file').",
  tooLarge: (mb: number) => `The file is larger than the ${mb} MB upload limit.`,
  moveEmpty: "Enter a new path for the file.",
  moveUnchanged: "The new path is the same as the current one.",
  /** The Move/Rename dialog's words for a path the key rules refuse (`reason` from storage-keys' checks). */
  moveInvalid: (reason: string) => `The new path ${reason}.`,
  moveAcrossFolders: (top: string) =>
    top
      ? `A file can only be moved within its top folder '${top}'.`
      : "A file at the root can only stay at the root.",
  moveTargetExists: (key: string) => `A file already exists at '${key}'.`,
  movePdfExtension: "A PDF keeps its .pdf extension: end the new name in .pdf.",
  moveIndexedNameTaken: (db: string, name: string) =>
    `${db} already has a document named '${name}'; choose another name.`,

  notFound: (key: string) => `No file found at '${key}'.`,
  indexingQueued: (db: string) => `Indexing into ${db} has started; the file appears there when it is done.`,
  notIndexable: (db: string) =>
    `${db} cannot be indexed into: a database name is a–z, 0–9 and _ ending in .db, and not one the portal keeps for itself.`,
  linkInvalid: "This link is not valid. Ask for a new link.",
  linkExpired: "This link has expired. Ask for a new link.",
} as const;

/** A key as typed or sent; normalised (slashes collapsed, NFC) and checked by the shared rules. */
export const storageKey = z.string({ error: "is required" }).transform((s, ctx) => {
  const r = checkKey(s);
  if (!r.ok) {
    ctx.addIssue({ code: "custom", message: r.reason });
    return z.NEVER;
  }
  return r.key;
});

export const folderPath = z
  .string({ error: "must be text" })
  .optional()
  .transform((s, ctx) => {
    const r = checkFolder(s ?? "");
    if (!r.ok) {
      ctx.addIssue({ code: "custom", message: r.reason });
      return z.NEVER;
    }
    return r.key;
  });

/** A database (top folder) name: one path segment. */
export const dbName = z
  .string({ error: "is required" })
  .trim()
  .min(1, "is required")
  .max(128, "must be 128 characters or fewer")
  .refine((s) => !s.includes("/"), "must be a single name without /")
  .transform((s, ctx) => {
    const r = checkFolder(s);
    if (!r.ok) {
      ctx.addIssue({ code: "custom", message: r.reason });
      return z.NEVER;
    }
    return r.key;
  });

export const indexMode = z
  .enum(INDEX_MODES, { error: "must be chunks or general" })
  .default(DEFAULT_INDEX_MODE);

/** The text fields of POST /api/s3/upload (the file streams separately). `user` is accepted and ignored. */
export const uploadFields = z.object({
  db_name: dbName,
  prefix: folderPath,
  index: z
    .enum(["1", "0", "true", "false", ""], { error: "must be 1 or 0" })
    .optional()
    .transform((v) => v === "1" || v === "true"),
  mode: z
    .string()
    .optional()
    .transform((v) => (v === "" ? undefined : v))
    .pipe(indexMode),
  user: z.string().optional(),
});
export type UploadFields = z.infer<typeof uploadFields>;

/** { key } for one file or { keys } for several (not both). */
export const deleteInput = z
  .object({
    key: storageKey.optional(),
    keys: z
      .array(storageKey, { error: "must be a list of keys" })
      .min(1, "must name at least one file")
      .max(MAX_BULK_KEYS, `must name at most ${MAX_BULK_KEYS} files`)
      .optional(),
  })
  .refine((v) => (v.key === undefined) !== (v.keys === undefined), "Send { key } or { keys }.");
export type DeleteInput = z.infer<typeof deleteInput>;

/** dst_key is checked by the service (empty/unchanged/other folder each get their own message). */
export const moveInput = z.object({
  src_key: storageKey,
  dst_key: z.string({ error: "is required" }).max(4096, "is too long"),
});
export type MoveInput = z.infer<typeof moveInput>;

/**
 * A PDF renamed keeps ".pdf": previews, citations and indexing know a PDF by its name, so "Lab Guide.txt" would
 * open PDF bytes as text. Other files may change their extension.
 */
export const keepsPdfExtension = (src: string, dst: string) => !/\.pdf$/i.test(src) || /\.pdf$/i.test(dst);

export const reindexInput = z.object({ key: storageKey, db_name: dbName, mode: indexMode });
export type ReindexInput = z.output<typeof reindexInput>;
export const reindexBatchInput = z.object({
  keys: z.array(storageKey).min(1, "must name at least one file").max(MAX_BULK_KEYS),
  db_name: dbName,
  mode: indexMode,
});
export type ReindexBatchInput = z.output<typeof reindexBatchInput>;

export const historyInput = z
  .object({
    limit: z.coerce.number().int().min(1).max(HISTORY_MAX_LIMIT).default(HISTORY_DEFAULT_LIMIT),
    db: z.string().max(255).optional(),
  })
  .default({ limit: HISTORY_DEFAULT_LIMIT });
export type HistoryInput = z.output<typeof historyInput>;

/** GET /api/s3/files */
export interface StorageFile {
  Key: string;
  Size: number;
  /** ISO date-time. */
  LastModified: string;
  url: string;
}
/** GET /api/s3-files */
export interface StorageLink {
  Key: string;
  url: string;
}
export interface UploadResult {
  key: string;
  url: string;
  /** Present when 'Index after upload' was asked for: indexing runs in the background. */
  note?: string;
  /** The background indexing job, when 'Index after upload' was asked for. */
  job_id?: number;
}
export interface DeleteResult {
  deleted: string[];
  missing: string[];
}
export interface MoveResult {
  key: string;
  url: string;
}
export interface StorageEvent {
  id: number;
  /** ISO date-time. */
  time: string;
  db: string;
  /** Path below the database folder (the whole key for files at the root). */
  file: string;
  key: string;
  action: StorageAction;
  user: string;
  /** For a move: the key it came from. */
  from: string | null;
}
export interface StorageLimits {
  uploadMaxBytes: number;
  uploadMaxMb: number;
  driver: "local" | "s3";
  maxConcurrentUploads: number;
}

/** What a queue says of a file that is not a PDF (by its name, or by its bytes once the server has read them). */
export const NOT_A_PDF = "Not a PDF";

/** The server refused a file for not being a PDF: by its name (a retried refused file) or by its bytes. */
export const isNotPdfRefusal = (message: string | undefined) =>
  message === STORAGE_MESSAGES.notPdf || message === STORAGE_MESSAGES.pdfOnly;

/** The queue's word for a failed upload: "Not a PDF" when that is why, else the server's sentence or `fallback`. */
export const uploadFailure = (message: string | undefined, fallback: string) =>
  isNotPdfRefusal(message) ? NOT_A_PDF : message || fallback;

const KB = 1024;
/** Sizes as the spec shows them: B, KB or MB with one decimal, GB with two, '-' if unknown; 1024-based. */
export function formatSize(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return "-";
  if (bytes < KB) return `${Math.round(bytes)} B`;
  if (bytes < KB ** 2) return `${(bytes / KB).toFixed(1)} KB`;
  if (bytes < KB ** 3) return `${(bytes / KB ** 2).toFixed(1)} MB`;
  return `${(bytes / KB ** 3).toFixed(2)} GB`;
}
