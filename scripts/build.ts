/**
 * Build the React client with Vite, then write a .gz copy of every text asset so the server can send
 * precompressed files without compressing on each request.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

export const CLIENT_OUT = join(import.meta.dir, "../dist/client");
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|map)$/;

export async function buildClient() {
  const proc = Bun.spawn(["bunx", "--bun", "vite", "build", "--logLevel", "warn"], {
    cwd: join(import.meta.dir, ".."),
    stdout: "inherit",
    stderr: "inherit",
  });
  if ((await proc.exited) !== 0) throw new Error("vite build failed");
  compressTree(CLIENT_OUT);
}

function compressTree(dir: string) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) compressTree(path);
    else if (COMPRESSIBLE.test(name)) writeFileSync(`${path}.gz`, gzipSync(readFileSync(path), { level: 9 }));
  }
}

if (import.meta.main) {
  const started = performance.now();
  await buildClient();
  console.log(`client built in ${Math.round(performance.now() - started)} ms → dist/client`);
}
