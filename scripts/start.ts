/**
 * `bun run start`: build the client when it is missing or stale, then run the server under a supervisor that
 * starts it again if it dies (src/server/supervisor.ts). The server applies migrations and, with SEED_DEMO on,
 * seeds demo data into an empty database before it listens.
 */
import { join } from "node:path";
import { ConfigError, loadEnv } from "../src/server/env";
import { createLogger } from "../src/server/lib/logger";
import { EXIT_CONFIG, supervise } from "../src/server/supervisor";
import { buildClient } from "./build";
import { clientIsStale } from "./client-freshness";

if (clientIsStale()) {
  console.log("building the client…");
  await buildClient();
}
let env: ReturnType<typeof loadEnv>;
try {
  env = loadEnv();
} catch (err) {
  if (!(err instanceof ConfigError)) throw err;
  console.error(err.message);
  process.exit(EXIT_CONFIG);
}
const log = createLogger(env.LOG_LEVEL, { part: "supervisor" });
process.exit(
  await supervise({ cmd: [process.execPath, join(import.meta.dir, "../src/server/index.ts")], log }),
);
