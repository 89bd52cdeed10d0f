/**
 * The list's answers, byte for byte: a fixed set of list requests through both doors (REST `GET /api/core-boxes`
 * and tRPC `coreBoxes.list`) on a fixed inventory at a fixed clock, each answer's SHA-256 compared with the one
 * recorded before the list's read path was made cheaper (`core-boxes-list-bytes.golden.json`). Speed work on the
 * list (the driver's rows, prepared statements, the walk's estimate, the session lookup) must not change one
 * byte. `UPDATE_GOLDEN=1` rewrites the file (only when an answer is meant to change).
 */
import { afterAll, beforeAll, expect, setSystemTime, test } from "bun:test";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { generateDemoBoxes } from "@server/domains/core-boxes/demo-data";
import { sql } from "drizzle-orm";
import { DEMO, startTestApp, type TestApp, trpcCall } from "../helpers/app";
import { callerAs } from "../helpers/caller";
import { boxRecord, clearBoxes, edgeBoxes, insertBoxes } from "../helpers/core-boxes";

const GOLDEN = join(import.meta.dir, "core-boxes-list-bytes.golden.json");
const NOW = new Date("2026-06-15T10:30:00.000Z");
let t: TestApp;
let cookie: string;

beforeAll(async () => {
  setSystemTime(NOW);
  t = await startTestApp();
  await clearBoxes(t);
  const boxes = generateDemoBoxes(1500, { now: NOW, seed: 31 });
  boxes.push(...edgeBoxes([boxes[0]!, boxes[1]!]));
  await insertBoxes(
    t,
    boxes.map((b) => boxRecord(b, NOW)),
  );
  // Edits and removals through the service: later updated_at values, gaps in the ids.
  setSystemTime(new Date(NOW.getTime() + 3_723_456));
  const user = await callerAs(t, DEMO.user);
  const first = await t.deps.db.all<{ id: number }>(sql`SELECT id FROM core_boxes ORDER BY id LIMIT 30`);
  for (const { id } of first) {
    if (id % 3 === 0)
      await user.coreBoxes.update({ id, island: "Maui", complete: "Yes", storage_expiry_date: "2026-06-15" });
    else if (id % 3 === 1) await user.coreBoxes.dumpAndRemove({ id });
    else
      await user.coreBoxes.update({
        id,
        project: `Renamed Kapaa ${id}`,
        report_submission_date: "2011-04-05",
      });
  }
  setSystemTime(NOW);
  cookie = await t.login(DEMO.user);
}, 60_000);

afterAll(async () => {
  setSystemTime();
  await t.close();
});

/** The inputs: every sort both ways, each filter, searches (with "Expired only"), deep and empty pages. */
function inputs(): Record<string, string | number | boolean>[] {
  const out: Record<string, string | number | boolean>[] = [];
  const sorts = [
    "report_submission_date",
    "work_order",
    "project",
    "engineer",
    "storage_expiry_date",
    "year",
    "island",
    "complete",
    "keep_or_dump",
  ];
  for (const sort_by of sorts)
    for (const sort_dir of ["asc", "desc"]) out.push({ sort_by, sort_dir, page: 1, page_size: 25 });
  const filters: Record<string, string | number | boolean>[] = [
    {},
    { island: "Maui" },
    { island: "Oahu", year: 2021 },
    { year: 2019 },
    { complete: "Yes" },
    { keep_or_dump: "Dump" },
    { expired: true },
    { expired: true, island: "Hawaii" },
    { q: "ma" },
    { q: "pump station" },
    { q: "kapaa", expired: true },
    { q: "Kīhei" },
    { q: "O'Neil" },
    { q: "zzzz" },
  ];
  for (const [i, f] of filters.entries()) {
    for (const sort_by of ["report_submission_date", sorts[i % sorts.length]!]) {
      for (const page of [1, 3])
        out.push({ ...f, sort_by, sort_dir: i % 2 ? "asc" : "desc", page, page_size: 25 });
    }
  }
  out.push(
    { page: 1, page_size: 100 },
    { page: 15, page_size: 100 },
    { page: 61, page_size: 25 },
    { page: 999 },
  );
  return out;
}

const sha = (s: string) => new Bun.CryptoHasher("sha256").update(s).digest("hex");

async function answers(): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const input of inputs()) {
    const key = JSON.stringify(input);
    const query = new URLSearchParams(Object.entries(input).map(([k, v]) => [k, String(v)]));
    const rest = await t.request(`/api/core-boxes?${query}`, { cookie });
    out[`REST ${key}`] = `${rest.status} ${sha(await rest.text())}`;
    const encoded = encodeURIComponent(JSON.stringify(input));
    const trpc = await t.request(`/trpc/coreBoxes.list?input=${encoded}`, { cookie });
    out[`tRPC ${key}`] = `${trpc.status} ${sha(await trpc.text())}`;
  }
  return out;
}

test("both doors answer every list request with the same bytes as before", async () => {
  const got = await answers();
  // A sanity check that the requests really list boxes (a fixture of errors would compare equal too).
  const page = await trpcCall(t, cookie, "coreBoxes.list", { page: 1, page_size: 25 });
  expect((page.data as { rows: unknown[] }).rows).toHaveLength(25);
  expect(Object.values(got).filter((v) => !v.startsWith("200 "))).toEqual([]);
  if (process.env.UPDATE_GOLDEN === "1") writeFileSync(GOLDEN, `${JSON.stringify(got, null, 1)}\n`);
  const want = JSON.parse(readFileSync(GOLDEN, "utf8")) as Record<string, string>;
  expect(got).toEqual(want);
}, 60_000);
