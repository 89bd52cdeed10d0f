import { afterAll, expect, test } from "bun:test";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort, processTree, ROOT } from "../../bench/lib";

/**
 * The install docs/operations.md gives admins ("Installing on a server") works: what it says to copy, installed
 * with exactly its command, starts with its start command and answers. The commands are read from the page, so
 * the page and this test cannot drift apart.
 */
const scratch = mkdtempSync(join(tmpdir(), "geolabs-prod-install-"));
let server: ReturnType<typeof Bun.spawn> | undefined;
afterAll(async () => {
  if (server) {
    const tree = processTree(server.pid);
    server.kill("SIGTERM");
    await server.exited;
    // The supervisor stops its server on SIGTERM; anything still there would outlive the test run.
    for (const pid of tree.slice(1)) {
      try {
        process.kill(pid, "SIGKILL");
      } catch {}
    }
  }
  rmSync(scratch, { recursive: true, force: true });
}, 60_000); // node_modules of a production install is several hundred MB to remove

/** The shell block of the page's "Installing on a server" section, one command per line, comments dropped. */
function documentedSteps() {
  const page = readFileSync(join(ROOT, "docs/operations.md"), "utf8");
  const section = page.split("\n## Installing on a server\n")[1]?.split("\n## ")[0] ?? "";
  const block = section.match(/```sh\n([\s\S]*?)```/)?.[1] ?? "";
  const lines = block.split("\n");
  const onServer = lines.findIndex((l) => l.startsWith("# on the server"));
  const copy = lines.find((l) => l.startsWith("rsync "))?.split(/\s+/) ?? [];
  return {
    // rsync's operands between its flags and the destination: the paths the server needs.
    copied: copy.slice(1, -1).filter((a) => !a.startsWith("-")),
    onServer: lines.slice(onServer + 1).filter((l) => l.trim() && !l.startsWith("#")),
  };
}

const argv = (line: string) => {
  // Plain commands only: they run without a shell, as words.
  expect(line).toMatch(/^[\w./@= -]+$/);
  const [cmd, ...args] = line.trim().split(/\s+/);
  return [cmd === "bun" ? process.execPath : cmd!, ...args];
};

const health = (base: string) =>
  fetch(`${base}/api/health`)
    .then(async (r) => ({ status: r.status, body: await r.json() }))
    .catch(() => null);

test("the documented production install starts and answers /api/health", async () => {
  const { copied, onServer } = documentedSteps();
  expect(copied).toContain("src");
  expect(onServer.length).toBe(2);
  const [install, start] = onServer as [string, string];
  expect(install).toStartWith("bun install --production");

  for (const path of copied) {
    // The client is built on the build machine; the test stands in for it (newer than its sources, as there).
    if (path === "dist/client") continue;
    cpSync(join(ROOT, path), join(scratch, path), { recursive: true, preserveTimestamps: true });
  }
  expect(copied).toContain("dist/client");
  mkdirSync(join(scratch, "dist/client"), { recursive: true });
  writeFileSync(join(scratch, "dist/client/index.html"), "<!doctype html><title>Geolabs portal</title>");

  const installed = Bun.spawnSync(argv(install), { cwd: scratch, stdout: "pipe", stderr: "pipe" });
  expect(installed.exitCode, installed.stderr.toString()).toBe(0);

  const port = freePort();
  server = Bun.spawn(argv(start), {
    cwd: scratch,
    env: { ...process.env, PORT: String(port), DATA_DIR: join(scratch, "data"), SEED_DEMO: "false" },
    stdout: "ignore",
    stderr: "pipe",
  });
  const base = `http://127.0.0.1:${port}`;
  let answer: Awaited<ReturnType<typeof health>> = null;
  const end = performance.now() + 60_000;
  while (!answer && server.exitCode === null && performance.now() < end) {
    answer = await health(base);
    if (!answer) await Bun.sleep(50);
  }
  if (!answer) {
    // A server that cannot start (a missing native module) says why on stderr.
    server.kill("SIGTERM");
    await server.exited;
    throw new Error(
      `the portal did not answer: ${await new Response(server.stderr as ReadableStream).text()}`,
    );
  }
  expect(answer).toEqual({ status: 200, body: { ok: true } });
}, 180_000);
