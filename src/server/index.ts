import { createApp } from "./app";
import { createDeps } from "./create-deps";
import { dbFilePath, registerInstance } from "./db/instances";
import { seedDemoData, seedDemoDocuments } from "./db/seed";
import { seedDemoReports } from "./domains/reports/demo";
import { ConfigError, loadEnv } from "./env";

const DEMO_DOCUMENTS_DELAY_MS = 5000;

/** Read configuration, open the database, seed an empty one, serve; stop cleanly on SIGTERM/SIGINT. */
async function main() {
  let env: ReturnType<typeof loadEnv>;
  try {
    env = loadEnv();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const deps = await createDeps(env);
  // Lets `db:restore` see that the embedded database is in use.
  const dbPath = dbFilePath(env.DATABASE_URL);
  if (dbPath) registerInstance(dbPath);
  // The demo register (20,000 projects, ~0.3 s) is written while the server already listens.
  if (env.SEED_DEMO) {
    await seedDemoData(deps.db, {
      log: deps.log,
      superOwnerEmail: env.SUPER_OWNER_EMAIL,
      deferProjects: true,
      coreBoxExpiryMonths: env.CORE_BOX_EXPIRY_MONTHS,
    });
  }

  const app = createApp(deps).listen({
    port: env.PORT,
    hostname: env.HOST,
    // Uploads are streamed and limited per route (UPLOAD_MAX_MB); this is only the outer bound.
    maxRequestBodySize: Math.max(1024, Math.ceil(env.UPLOAD_MAX_MB) + 16) * 1024 * 1024,
  });
  const port = app.server?.port;
  deps.log.info("portal listening", {
    url: `http://localhost:${port}`,
    appEnv: env.APP_ENV,
    auth: env.AUTH_MODE,
  });
  // After listen: the worker first takes up jobs an earlier run left (resumed, or failed with a reason).
  deps.jobs.start();
  // The demo PDFs are written and indexed once, in the background, when the first requests after a start are
  // served (on a 2-core machine they would otherwise compete); the PDF thread ends itself when done.
  if (env.SEED_DEMO) {
    setTimeout(() => {
      seedDemoDocuments(deps)
        .then(() => seedDemoReports(deps))
        .catch((err) => deps.log.error("demo documents not seeded", { err }));
    }, DEMO_DOCUMENTS_DELAY_MS).unref();
  }

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    deps.log.info("shutting down", { signal });
    // Finish in-flight requests, hand running jobs back to the queue, end the OCR workers and the PDF thread,
    // close the database.
    await app.server?.stop(false);
    await deps.jobs.stop();
    deps.pdf.close();
    deps.store.close?.();
    await deps.ocr.terminate();
    deps.database.close();
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

await main();
