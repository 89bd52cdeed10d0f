import { join } from "node:path";
import { createAnswerModel } from "./ai/providers";
import { purgeLoginAttempts } from "./auth/rate-limit";
import { createAuthService } from "./auth/service";
import { purgeExpiredSessions } from "./auth/sessions";
import { migrateDatabase } from "./compose/migrate";
import { type Db, openDatabase } from "./db/client";
import { dbFilePath } from "./db/instances";
import type { AppDeps } from "./deps";
import { embeddingsConfig } from "./domains/documents/pipeline/embeddings";
import { documentJobCleanups, documentJobHandlers } from "./domains/documents/pipeline/jobs";
import { createQueryEmbedder } from "./domains/documents/service";
import {
  EXPIRY_CHECK_EVERY_MS,
  jobEndNotices,
  type NoticeDeps,
  raiseExpiryNotices,
} from "./domains/notifications/service";
import { reportJobHandlers } from "./domains/reports/demo";
import { accountLookup } from "./domains/users/service";
import type { Env } from "./env";
import type { Chore } from "./jobs/housekeeping";
import { createJobRunner, type JobRunner } from "./jobs/worker";
import { createGithubSummaryService } from "./lib/github";
import { createLogger, type Logger } from "./lib/logger";
import { PRIVATE_DIR, PRIVATE_FILE, tighten } from "./lib/private-files";
import { createWorkLimits } from "./lib/work-limits";
import { createPhotoReader, photoReaderShape } from "./ocr/photos/ppocr/host";
import { createPdfHost } from "./pdf/host";
import { pdfLimitsOf } from "./pdf/limits";
import { createObjectStore } from "./storage";
import { SIGNING_KEY_FILE } from "./storage/url-signer";

/** How often the job runner sweeps rows that count for nothing any more (expired sessions, old counters). */
const SWEEP_EVERY_MS = 10 * 60 * 1000;

/** Build the app's dependencies from configuration: open (and migrate) the database, wire the services. */
export async function createDeps(
  env: Env,
  opts: {
    log?: Logger;
    migrate?: boolean;
    /** A WEB_CONCURRENCY worker queues jobs and tells the primary, which runs them. */
    jobs?: { passive: boolean; onEnqueue?: () => void };
  } = {},
): Promise<AppDeps> {
  const log = opts.log ?? createLogger(env.LOG_LEVEL);
  tightenDataDir(env, log);
  const database = await openDatabase(env.DATABASE_URL, env.DATABASE_AUTH_TOKEN, {
    synchronous: env.DATABASE_SYNCHRONOUS,
  });
  if (opts.migrate ?? true) await migrateDatabase(database.db);
  const store = await createObjectStore(env);
  const linkSource = await store.linkSource();
  const photos = createPhotoReader({
    ...photoReaderShape(env.OCR_WORKERS),
    log: log.child({ part: "photos" }),
    maxQueue: env.OCR_QUEUE_MAX,
    timeoutMs: env.OCR_TIMEOUT_S * 1000,
    memoryBytes: env.OCR_MEMORY_MB * 1024 * 1024,
  });
  const pdf = createPdfHost(pdfLimitsOf(env), { ocrLangPath: env.OCR_LANG_PATH });
  const pipeline = { db: database.db, store, pdf, log, embeddings: embeddingsConfig(env) };
  const notices = { db: database.db, env, log };
  const jobs: JobRunner = createJobRunner({
    db: database.db,
    log: log.child({ part: "jobs" }),
    handlers: { ...documentJobHandlers(pipeline, () => jobs), ...reportJobHandlers(pipeline, () => jobs) },
    cleanups: documentJobCleanups(pipeline),
    // The person who started an indexing job hears how it ended (the header bell, and e-mail with SMTP_URL).
    onEnd: jobEndNotices(notices),
    concurrency: env.JOBS_CONCURRENCY,
    passive: opts.jobs?.passive,
    onEnqueue: opts.jobs?.onEnqueue,
    leaseMs: env.JOBS_LEASE_S * 1000,
    chores: chores(database.db, notices),
  });
  return {
    env,
    db: database.db,
    database,
    log,
    auth: createAuthService({
      db: database.db,
      env,
      accounts: accountLookup,
      identityChanges: database.changes?.identity,
    }),
    store,
    storageOrigins: linkSource ? [linkSource] : [],
    github: createGithubSummaryService({
      repo: env.GITHUB_REPO,
      apiUrl: env.GITHUB_API_URL,
      token: env.GITHUB_TOKEN,
      log,
    }),
    photos,
    pdf,
    jobs,
    ai: { answer: createAnswerModel(env), embed: createQueryEmbedder(env) },
    limits: createWorkLimits(env),
  };
}

/** What the job runner does now and then besides jobs (each instance that runs jobs; see jobs/housekeeping.ts). */
function chores(db: Db, notices: NoticeDeps): Chore[] {
  return [
    {
      name: "expired sessions",
      everyMs: SWEEP_EVERY_MS,
      run: (now) => purgeExpiredSessions(db, now),
    },
    {
      name: "sign-in counters",
      everyMs: SWEEP_EVERY_MS,
      run: (now) => purgeLoginAttempts(db, now.getTime()),
    },
    // Every instance checks at start and hourly; the notice's day key keeps it to one per person per day.
    {
      name: "expiring boxes notice",
      everyMs: EXPIRY_CHECK_EVERY_MS,
      run: (now) => raiseExpiryNotices(notices, now),
    },
  ];
}

/**
 * What an earlier version left open to other users (it created everything under umask 022) is made private on
 * start; new files are created private where they are made. Files inside the folders need no walk: a 0700
 * folder already keeps everyone else out of them.
 */
function tightenDataDir(env: Env, log: Logger) {
  const db = dbFilePath(env.DATABASE_URL);
  const dirs = ["", "objects", "objects.tmp", "tmp"].map((d) => join(env.DATA_DIR, d));
  const files = [
    join(env.DATA_DIR, SIGNING_KEY_FILE),
    ...(db ? ["", "-wal", "-shm", "-journal", "-changes"].map((suffix) => db + suffix) : []),
  ];
  const problems = [
    ...dirs.map((d) => tighten(d, PRIVATE_DIR)),
    ...files.map((f) => tighten(f, PRIVATE_FILE)),
  ];
  for (const reason of problems)
    if (reason) log.warn("a data file stays readable by other users", { reason });
}
