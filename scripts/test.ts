/**
 * `bun run test`: build the client if stale (the browser tests drive the real build), run every test under
 * tests/ with bun:test, and close with the plain line `N passed, N failed` read from the JUnit report.
 * Extra arguments pass through to `bun test` (e.g. `bun run test tests/unit`).
 */
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { buildClient } from "./build";
import { clientIsStale } from "./client-freshness";

const root = join(import.meta.dir, "..");
if (clientIsStale()) {
  console.log("building the client for the browser tests…");
  await buildClient();
}
const reportDir = join(root, "test-results");
mkdirSync(reportDir, { recursive: true });
const report = join(reportDir, "junit.xml");
rmSync(report, { force: true });

const args = process.argv.slice(2);
const proc = Bun.spawn(
  [
    "bun",
    "test",
    "--timeout=30000",
    "--reporter=junit",
    `--reporter-outfile=${report}`,
    ...(args.length ? args : ["tests"]),
  ],
  {
    cwd: root,
    stdout: "inherit",
    stderr: "pipe",
    env: { ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? "silent" },
  },
);
// bun test writes its results to stderr: passed through as they come, its closing counts kept.
let tail = "";
const decoder = new TextDecoder();
for await (const chunk of proc.stderr) {
  process.stderr.write(chunk);
  tail = (tail + decoder.decode(chunk, { stream: true })).slice(-4000);
}
const code = await proc.exited;
/** bun's own closing counts: errors between tests (a file that fails to load) are not in the JUnit report. */
const counted = (word: string) => Number(tail.match(new RegExp(`^\\s*(\\d+) ${word}$`, "m"))?.[1] ?? 0);

let passed = 0;
let failed = 0;
try {
  const xml = readFileSync(report, "utf8");
  // The root <testsuites> element carries the totals.
  const root = xml.match(/<testsuites\b[^>]*>/)?.[0] ?? "";
  const attr = (name: string) => Number(root.match(new RegExp(`\\b${name}="(\\d+)"`))?.[1] ?? 0);
  const total = attr("tests");
  failed = attr("failures") + attr("errors");
  passed = total - failed - attr("skipped");
} catch {
  failed = Math.max(1, failed);
}
failed = Math.max(failed, counted("fail") + counted("errors?"));
if (code !== 0 && failed === 0) failed = 1; // a crash outside any test still fails the run
console.log(`${passed} passed, ${failed} failed`);
process.exit(code === 0 && failed === 0 ? 0 : 1);
