import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const ROOT = join(import.meta.dir, "..");
const INPUTS = ["src/client", "src/shared", "vite.config.ts", "package.json"];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const name of readdirSync(path)) {
    if (name === "routeTree.gen.ts") continue; // written by the build itself
    max = Math.max(max, newestMtime(join(path, name)));
  }
  return max;
}

/** True when dist/client is missing or older than any client source: `start` then rebuilds. */
export function clientIsStale(): boolean {
  const index = join(ROOT, "dist/client/index.html");
  if (!existsSync(index)) return true;
  const built = statSync(index).mtimeMs;
  return INPUTS.some((p) => newestMtime(join(ROOT, p)) > built);
}
