import type { AuthService } from "./auth/service";
import type { Database, Db } from "./db/client";
import type { GithubSummaryService } from "./domains/dashboard/github";
import type { Env } from "./env";
import type { Logger } from "./lib/logger";
import type { OcrPool } from "./ocr/pool";
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
  /** Shared tesseract.js workers (created on first use); terminated on shutdown. */
  ocr: OcrPool;
  /** Client address of a request; index.ts wires Bun's server.requestIP, tests may inject one. */
  clientAddress?: (request: Request) => string | null;
}
