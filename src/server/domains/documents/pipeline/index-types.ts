import type { DocumentMode } from "@shared/documents";
import type { Db } from "../../../db/client";
import type { JobContext } from "../../../jobs/worker";
import type { Logger } from "../../../lib/logger";
import type { PdfHost } from "../../../pdf/host";
import type { ObjectStore } from "../../../storage/object-store";
import type { EmbeddingsConfig } from "./embeddings";
import type { findCollection } from "./store-rows";

export interface PipelineDeps {
  db: Db;
  store: ObjectStore;
  pdf: PdfHost;
  log: Logger;
  embeddings: EmbeddingsConfig | null;
}

/** What an `index-file` job notes for a later attempt or its clean-up (the job's checkpoint). */
export interface IndexCheckpoint {
  sha256?: string;
  /** This job copied the original to `<db>/<fileName>` (nothing was there): remove it unless it gets committed. */
  placedOriginal?: boolean;
}

/** The payload of an `index-file` job. */
export interface IndexFilePayload {
  db: string;
  /** Name inside the database (the path below `<db>/`). */
  fileName: string;
  /** Where the bytes are now. */
  source: string;
  /** The source is a staging copy of an upload: the original goes to `<db>/<fileName>`, the copy is removed. */
  staged: boolean;
  user: string;
  mode: DocumentMode;
  title: string;
  /** Create the database when it does not exist (indexing from storage). */
  create: boolean;
  /**
   * The database must not exist yet (`new`): the job creates it with the document, in one transaction, so a
   * file that fails leaves no empty database behind; one made meanwhile by someone else fails the job.
   */
  fresh?: boolean;
  /**
   * Where the original of a staged upload is kept (default `<db>/<fileName>`); null: it is not kept, the staged
   * copy is dropped after indexing and the document has no original (storage key "").
   */
  target?: string | null;
  /** Reports: the work order and project from the file name, kept on the document row. */
  report?: { workOrder: string; project: string };
  /**
   * When the database already holds this file. Default: the same content is skipped, other content under the
   * same name replaces it. `skip`: a file of the same name is skipped too. `replace`: indexed again whatever it
   * holds, replacing the file of the same name, any file of the same content and, when there is neither, the one
   * other file of the same work order (a report renamed).
   */
  existing?: "skip" | "replace";
}

/** The database a file is indexed into (null while it does not exist yet). */
export type Collection = Awaited<ReturnType<typeof findCollection>>;

/** One run of an `index-file` job: what every step works with. */
export interface IndexRun {
  deps: PipelineDeps;
  ctx: JobContext;
  p: IndexFilePayload;
  /** Where the original is kept (see originalKey); "" when it is not. */
  target: string;
  checkpoint: IndexCheckpoint;
}
