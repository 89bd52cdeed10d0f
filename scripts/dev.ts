/** `bun run dev`: the server with --watch on PORT (default 3000) and Vite's dev server with HMR on 5173. */
import { join } from "node:path";

const root = join(import.meta.dir, "..");
// A developer's portal comes with the demo accounts and data (the product's default is off).
const env = { ...process.env, SEED_DEMO: process.env.SEED_DEMO ?? "true" };
const children = [
  Bun.spawn(["bun", "--watch", "src/server/index.ts"], {
    cwd: root,
    env,
    stdout: "inherit",
    stderr: "inherit",
  }),
  Bun.spawn(["bunx", "--bun", "vite"], { cwd: root, stdout: "inherit", stderr: "inherit", stdin: "inherit" }),
];
console.log(`dev: open http://localhost:5173 (API on http://localhost:${process.env.PORT ?? 3000})`);
const stop = () => {
  for (const c of children) c.kill();
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
await Promise.race(children.map((c) => c.exited));
stop();
