import type { AnswerModel } from "./ai/providers";
import type { AuthService } from "./auth/service";
import type { Database, Db } from "./db/client";
import type { Env } from "./env";
import type { JobRunner } from "./jobs/worker";
import type { GithubSummaryService } from "./lib/github";
import type { Logger } from "./lib/logger";
import type { WorkLimits } from "./lib/work-limits";
import type { PhotoReader } from "./ocr/photos/ppocr/host";
import type { PdfHost } from "./pdf/host";
import type { ObjectStore } from "./storage/object-store";

/** Everything the app needs, built once in index.ts (or by a test) and passed down explicitly. */
export interface AppDeps {
  env: Env;
  db: Db;
  database: Database;
  log: Logger;
  auth: AuthService;
  github: GithubSummaryService;
  /** File storage: the local folder or an S3-compatible bucket (STORAGE_DRIVER). */
  store: ObjectStore;
  /** Where the store's signed links point besides the portal itself (store.linkSource), for the CSP. */
  storageOrigins: string[];
  /** Shared tesseract.js workers (created on first use); terminated on shutdown. */
  /** Work Order Recognition's photo readers (PP-OCRv4 child processes). */
  photos: PhotoReader;
  /** Durable background jobs (document indexing); started by index.ts, or by the first enqueue. */
  jobs: JobRunner;
  /** The PDF thread (extract, render, demo PDFs); it ends itself when idle. */
  pdf: PdfHost;
  /** Ask AI: the answer model (hosted or built-in) and, with an embeddings endpoint, the question embedder. */
  ai: { answer: AnswerModel; embed?: (text: string) => Promise<Float32Array | null> };
  /** Gates and per-person rates in front of costly work (answers, photos, imports, uploads). */
  limits: WorkLimits;
  /** The socket peer's address of a request (default: Bun's server.requestIP); tests inject one. */
  clientAddress?: (request: Request) => string | null;
}
