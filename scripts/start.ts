/**
 * `bun run start`: build the client when it is missing or stale, then run the server, which applies
 * migrations and seeds demo data into an empty database before it listens.
 */
import { join } from "node:path";
import { buildClient } from "./build";
import { clientIsStale } from "./client-freshness";

if (clientIsStale()) {
  console.log("building the client…");
  await buildClient();
}
const server = Bun.spawn(["bun", "run", join(import.meta.dir, "../src/server/index.ts")], {
  stdout: "inherit",
  stderr: "inherit",
  stdin: "inherit",
  env: process.env,
});
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.kill(signal));
process.exit(await server.exited);
