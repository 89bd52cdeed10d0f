import { createApp, createAppMetrics } from "./app";
import { clusterWorkerIndex, joinCluster, startWorkers } from "./cluster";
import { seedDemoData, seedDemoDocuments } from "./compose/seed";
import { createDeps } from "./create-deps";
import { dbFilePath, registerInstance } from "./db/instances";
import type { AppDeps } from "./deps";
import { seedDemoReports } from "./domains/reports/demo";
import { prepareAccounts } from "./domains/users/first-start";
import { ConfigError, type Env, loadEnv } from "./env";
import { plainHttpWarning } from "./http/plain-http";
import { createLogger } from "./lib/logger";
import { sweepStaging } from "./storage/staging";
import { EXIT_CONFIG } from "./supervisor";

const DEMO_DOCUMENTS_DELAY_MS = 5000;

/**
 * Read configuration, open the database, seed an empty one, serve; stop cleanly on SIGTERM/SIGINT. With
 * WEB_CONCURRENCY > 1 this process is the primary and starts the other server processes once it listens
 * (cluster.ts); they run this file too, as workers that only serve requests.
 */
async function main() {
  // Whatever else the server or its helpers write (they get explicit modes too: lib/private-files.ts) is its own.
  process.umask(0o077);
  const env = loadEnvOrExit();
  const { worker, processes, clustered, log } = processPlan(env);
  const metrics = createAppMetrics();

  let stopping = false;
  let stop: (signal: string) => Promise<void> = async () => process.exit(0);
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    void stop(signal);
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));

  const member = worker
    ? joinCluster({ index: worker, metrics, onPrimaryGone: () => shutdown("primary gone") })
    : null;
  // Workers start after the primary migrated and seeded: they neither migrate nor run jobs.
  const deps = await createDeps(env, {
    log,
    migrate: !worker,
    jobs: member ? { passive: true, onEnqueue: member.jobQueued } : undefined,
  });
  await prepareDatabase(env, deps, worker);

  const app = createApp(deps, { metrics }).listen({
    port: env.PORT,
    hostname: env.HOST,
    reusePort: clustered,
    // Uploads are streamed and limited per route (UPLOAD_MAX_MB); this is only the outer bound.
    maxRequestBodySize: Math.max(1024, Math.ceil(env.UPLOAD_MAX_MB) + 16) * 1024 * 1024,
  });
  const port = app.server?.port ?? env.PORT;
  const workers =
    !worker && processes > 1
      ? startWorkers({ count: processes - 1, port, log, metrics, onJobQueued: () => deps.jobs.poke() })
      : null;
  if (!worker) {
    log.info("portal listening", {
      url: `http://localhost:${port}`,
      appEnv: env.APP_ENV,
      auth: env.AUTH_MODE,
      processes,
    });
    startBackgroundWork(env, deps);
  }

  stop = async (signal) => {
    deps.log.info("shutting down", { signal });
    // Finish in-flight requests (the other processes too), hand running jobs back to the queue, end the photo
    // readers and the PDF thread, close the database.
    await Promise.all([app.server?.stop(false), workers?.stop()]);
    await deps.jobs.stop();
    deps.pdf.close();
    deps.store.close?.();
    await deps.photos.terminate();
    deps.database.close();
    process.exit(0);
  };
}

/** The configuration; a configuration error is said and ends the process with EXIT_CONFIG. */
function loadEnvOrExit(): Env {
  try {
    return loadEnv();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(EXIT_CONFIG);
    }
    throw err;
  }
}

/** Which process this is (the primary, or worker n of WEB_CONCURRENCY) and how many serve; its logger. */
function processPlan(env: Env) {
  const worker = clusterWorkerIndex();
  let processes = env.WEB_CONCURRENCY;
  const early = createLogger(env.LOG_LEVEL);
  if (processes > 1 && process.platform !== "linux") {
    early.warn("WEB_CONCURRENCY needs Linux (SO_REUSEPORT); running one process", {
      platform: process.platform,
    });
    processes = 1;
  }
  const clustered = processes > 1 || worker !== null;
  const log = clustered ? createLogger(env.LOG_LEVEL, { worker: worker ?? 0 }) : early;
  return { worker, processes, clustered, log };
}

/** Before listening: the instance registered, an empty demo database seeded, the accounts prepared (primary only). */
async function prepareDatabase(env: Env, deps: AppDeps, worker: number | null) {
  // Lets `db:restore` see that the embedded database is in use.
  const dbPath = dbFilePath(env.DATABASE_URL);
  if (dbPath) registerInstance(dbPath);
  // The demo register (20,000 projects, ~0.3 s) is written while the server already listens.
  if (env.SEED_DEMO && !worker) {
    await seedDemoData(deps.db, {
      log: deps.log,
      superOwnerEmail: env.SUPER_OWNER_EMAIL,
      deferProjects: true,
      coreBoxExpiryMonths: env.CORE_BOX_EXPIRY_MONTHS,
    });
  }

  if (!worker) {
    await prepareAccounts(deps);
    const plainHttp = plainHttpWarning(env);
    if (plainHttp) deps.log.warn(plainHttp);
  }
}

/** After listen, in the primary: the jobs, the photo reader's models, the staging sweep, the demo documents. */
function startBackgroundWork(env: Env, deps: AppDeps) {
  const { log } = deps;
  // After listen: the worker first takes up jobs an earlier run left (resumed, or failed with a reason).
  deps.jobs.start();
  // The photo reader loads its models now, so the first photo does not wait for them.
  void deps.photos.warm().catch((err) => log.warn("photo reader not started", { err }));
  // Upload copies a process killed mid-upload (or mid-run of a refused form) left behind.
  void sweepStaging(deps)
    .then((removed) => removed && log.info("staging swept", { removed }))
    .catch((err) => log.warn("staging not swept", { err }));
  // The demo PDFs are written and indexed once, in the background, when the first requests after a start are
  // served (on a 2-core machine they would otherwise compete); the PDF thread ends itself when done.
  if (env.SEED_DEMO) {
    setTimeout(() => {
      seedDemoDocuments(deps)
        .then(() => seedDemoReports(deps))
        .catch((err) => deps.log.error("demo documents not seeded", { err }));
    }, DEMO_DOCUMENTS_DELAY_MS).unref();
  }
}

await main();
