import {
  type DocDb,
  type DocFile,
  dbNameInput,
  deleteDbInput,
  type SchemaInfo,
  type UploadHistoryEntry,
  uploadHistoryInput,
} from "@shared/documents";
import { AppError } from "../../lib/errors";
import { authedProcedure, router } from "../../trpc/init";

/**
 * CONTRACT SKELETON (replaced by the document-database service): the procedures the Index Manager and the
 * Database Explorer call, with their input schemas and result shapes. Each answers 501 until the service lands.
 * Reads are open to signed-in staff; writes need Admin or Owner (enforced in the service).
 */
const pending = (): never => {
  throw new AppError("NOT_IMPLEMENTED", "Document databases are not available yet.");
};

export const documentsRouter = router({
  listDbs: authedProcedure.query((): { dbs: DocDb[] } => pending()),
  listFiles: authedProcedure.input(dbNameInput).query((): { files: DocFile[] } => pending()),
  inspect: authedProcedure.input(dbNameInput).query((): SchemaInfo => pending()),
  /** The signed-link map source: every stored original of every listed database. */
  pdfLinks: authedProcedure.query((): { files: { Key: string; url: string }[] } => pending()),
  uploadHistory: authedProcedure
    .input(uploadHistoryInput)
    .query((): { entries: UploadHistoryEntry[] } => pending()),
  deleteDb: authedProcedure.input(deleteDbInput).mutation((): { message: string } => pending()),
  refreshEmbeddings: authedProcedure.input(dbNameInput).mutation((): { steps: string[] } => pending()),
});
