import { z } from "zod";
import { caselessEnum, searchText, text, unsetWhenBlank } from "./common";

/**
 * Document databases (Index Manager /db-admin, Database Explorer /db-viewer): names, inputs, shapes and texts.
 * A "database" is a named document collection such as `employee_handbook.db`; its originals live in the object
 * store under `<db_name>/<file name>` (the `.db` is part of the top folder name, as the spec's signed-link map
 * `'<database>/<file>'` implies).
 */

export const DB_NAME_PATTERN = /^[a-z0-9_]{1,64}\.db$/;
export const DB_NAME_HINT = "only letters, numbers, underscores";

/** Collections the portal keeps for itself: never listed, never writable through the document screens. */
export const INTERNAL_DBS = [
  "chat_history.db",
  "reports.db",
  "user_roles.db",
  "pr_data.db",
  "users.db",
] as const;
export const isInternalDb = (name: string) => (INTERNAL_DBS as readonly string[]).includes(name);

export const DOCUMENT_MODES = ["default", "general"] as const;
export type DocumentMode = (typeof DOCUMENT_MODES)[number];
export const DOCUMENT_STATUSES = ["queued", "processing", "indexed", "failed"] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

/** The spec's rule for a new database name: lower-case, spaces → _, drop everything outside a–z 0–9 _, add .db. */
export function toDbName(input: string): string {
  const base = input
    .trim()
    .replace(/\.db$/i, "")
    .toLowerCase()
    .replace(/\s+/g, "_")
    .replace(/[^a-z0-9_]/g, "")
    .slice(0, 64);
  return base ? `${base}.db` : "";
}

/** "employee_handbook.db" → "employee handbook" (what a search over names also matches). */
export const displayDbName = (name: string) => name.replace(/\.db$/i, "").replace(/_/g, " ");
/** The spec's prettified name: strip .db, underscores to spaces, capitalised ("Employee Handbook"). */
export function prettifyDbName(name: string): string {
  return displayDbName(name)
    .trim()
    .replace(/\b\p{L}/gu, (c) => c.toUpperCase());
}
/**
 * The one name every screen gives a database (Ask AI's list, Index Manager, Explorer): the spec's prettified
 * name. The title a database was created with may differ from it; the name is what every screen can agree on.
 */
export const dbTitle = (db: { name: string }) => prettifyDbName(db.name);

/** A database name as the server accepts it. */
export const docDbName = z
  .string({ error: "is required" })
  .trim()
  .min(1, "is required")
  .regex(DB_NAME_PATTERN, "must be a database name like employee_handbook.db (a–z, 0–9 and _, ending in .db)")
  .refine((s) => !isInternalDb(s), "is reserved by the portal");

export const dbNameInput = z.object({ db_name: docDbName });
export type DbNameInput = z.output<typeof dbNameInput>;
export const deleteDbInput = z.object({
  db_name: docDbName,
  confirmation_text: z.string({ error: "is required" }).max(200, "is too long"),
});
export type DeleteDbInput = z.output<typeof deleteDbInput>;

/** The text fields of POST /api/process-file (the file streams separately). `user` is accepted and ignored. */
export const processFileFields = z.object({
  db_name: docDbName,
  mode: unsetWhenBlank(caselessEnum(DOCUMENT_MODES, "must be default or general").default("default")),
  /**
   * new: the database must not exist yet (it is created with `title`); append: it must exist. Absent (the
   * spec's fields do not include it): created when it does not exist, appended to when it does.
   */
  action: unsetWhenBlank(caselessEnum(["new", "append"], "must be new or append").optional()),
  title: text(200).optional(),
  user: z.string().optional(),
});
export type ProcessFileFields = z.infer<typeof processFileFields>;

export const uploadHistoryInput = z
  .object({ q: searchText.optional(), limit: z.coerce.number().int().min(1).max(1000).default(500) })
  .default({ limit: 500 });
export type UploadHistoryInput = z.output<typeof uploadHistoryInput>;

/** documents.listDbs (tRPC); GET /api/list-dbs answers `{ dbs: names }`. */
export interface DocDb {
  name: string;
  title: string;
  mode: DocumentMode;
  files: number;
  /** ISO date-time. */
  createdAt: string;
}

/** documents.listFiles (tRPC); POST /api/list-files answers `{ files: names }`. */
export interface DocFile {
  id: number;
  fileName: string;
  key: string;
  size: number;
  pages: number;
  status: DocumentStatus;
  error: string | null;
  uploadedBy: string;
  /** ISO date-time. */
  uploadedAt: string;
  /** Signed link to the original, null when the original is missing from the store. */
  url: string | null;
}

/** POST /api/inspect-db: per table. */
export type SchemaInfo = Record<string, { columns: string[]; sample_rows: unknown[][] }>;

export interface UploadHistoryEntry {
  /** ISO date-time. */
  time: string;
  db: string;
  file: string;
  user: string;
}

/**
 * One line of the NDJSON stream POST /api/process-file sends when asked with `Accept: application/x-ndjson`:
 * `{ step }` lines as they happen, then one final line with the whole result.
 */
export type ProcessStreamLine =
  | { step: string }
  | { done: true; ok: boolean; steps: string[]; error?: string; document_id?: number };

export const SAMPLE_ROWS = 5;
export const SAMPLE_CELL_CHARS = 50;
export const HISTORY_GROUP_MINUTES = 10;

export const DOCUMENT_MESSAGES = {
  embeddingsOff: "Embeddings are not configured (set EMBEDDINGS_BASE_URL and EMBEDDINGS_MODEL).",
  confirmationMismatch: "Confirmation does not match.",
  dbExists: (name: string) => `A database named ${name} already exists. Choose Append to add files to it.`,
  dbMissing: (name: string) => `No database named ${name}.`,
  /** The closing line of a process-file stream whose job could no longer be followed. */
  jobLost: "Lost track of the indexing job.",
  deleted: (name: string) => `Database ${name} deleted.`,
} as const;

export const DOCUMENT_TEXTS = {
  queueEmpty: "Queue is empty.",
  pickDb: "Please enter/select a DB.",
  stopped: "Stopped.",
  finished: "Finished queue.",
  uploading: (name: string, pct: number) => `Uploading ${name}… ${pct}%`,
  choose: "-- choose --",
  titlePlaceholder: "e.g. Employee Handbook",
  dbFilePlaceholder: "generated_name.db",
  noHistory: "No history.",
  noDatabases: "No databases.",
  noFileList: "No file list or failed to load.",
  exportSchemaFailed: "Failed to export schema.",
  signedUrlMissing: "Signed URL not found for this file.",
  deleteFailed: "Failed to delete.",
  canceled: "Canceled",
  uploadFailed: "Upload failed",
  confirmBulkDelete: (n: number) => `Delete ${n} database(s)? This cannot be undone.`,
  // Database Explorer
  searchDatabases: "Search databases...",
  loadingDatabases: "Loading databases...",
  loadingFiles: "Loading files...",
  noDatabasesTitle: "No Databases",
  noFiles: "No Files",
  selectDatabase: "Select a Database",
  previewNotAvailable: "Preview Not Available",
  loadDatabasesFailed: "Failed to load databases. Please try again.",
  refreshFailed: "Failed to refresh databases.",
  schemaFailed: "Failed to load schema information.",
  schemaErrorTitle: "Schema Error",
  dbDeleted: "Database deleted successfully.",
  dbDeleteFailed: "Failed to delete database.",
  filesSelected: (n: number) => `${n} file(s) selected`,
  urlsCopied: "URLs copied!",
  noUrls: "No URLs available for selected files.",
  noUrl: "No URL available for this file.",
  noPreview: "No preview available for this file.",
} as const;
