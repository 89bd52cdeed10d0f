/**
 * The list against a plain reference: every filter, sort and page the list engine answers (whichever way it
 * finds the page) must equal filtering and sorting all boxes in JavaScript. The engine's two ways (a walk of the
 * sort index, a fetch of every match) are also forced one at a time. Then the list's two product rules: a search
 * needs 2 characters, and a counted total stops at LIST_TOTAL_CAP.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { coreBoxes } from "@server/db/schema";
import { generateDemoBoxes, prng } from "@server/domains/core-boxes/demo-data";
import { boxQuery, countBoxes, listCoreBoxes, sortKeys, toFilters } from "@server/domains/core-boxes/list";
import { listIslands, listYears, toCoreBox } from "@server/domains/core-boxes/queries";
import { backfillSearchWords, searchWordsOf } from "@server/domains/core-boxes/search-words";
import type { PageRequest } from "@server/lib/list-engine";
import {
  type CoreBox,
  type CoreBoxListInput,
  coreBoxListInput,
  SORT_COLUMNS,
  todayIso,
} from "@shared/core-boxes";
import { LIST_TOTAL_CAP, SEARCH_TOO_SHORT } from "@shared/list-total";
import { sql } from "drizzle-orm";
import { DEMO, startTestApp, type TestApp } from "../helpers/app";
import { callerAs } from "../helpers/caller";
import { boxRecord, clearBoxes, edgeBoxes, insertBoxes, type NewBox } from "../helpers/core-boxes";
import { pageOneWay } from "../helpers/list-engine";

let t: TestApp;
const now = new Date();
const today = todayIso(now);

beforeAll(async () => {
  t = await startTestApp();
  await clearBoxes(t);
  const boxes = generateDemoBoxes(3000, { now, seed: 99 });
  boxes.push(...edgeBoxes([boxes[0]!, boxes[1]!]));
  await insertBoxes(
    t,
    boxes.map((b) => boxRecord(b)),
  );
  // Edits and removals through the service, so the triggers' summaries and search index follow changes.
  const user = await callerAs(t, DEMO.user);
  const first = await t.deps.db.all<{ id: number }>(sql`SELECT id FROM core_boxes ORDER BY id LIMIT 60`);
  for (const { id } of first) {
    if (id % 3 === 0)
      await user.coreBoxes.update({ id, island: "Maui", complete: "Yes", storage_expiry_date: today });
    else if (id % 3 === 1) await user.coreBoxes.dumpAndRemove({ id });
    else
      await user.coreBoxes.update({
        id,
        project: `Renamed Kapaa ${id}`,
        report_submission_date: "2011-04-05",
      });
  }
}, 60_000);
afterAll(() => t.close());

async function allBoxes(): Promise<CoreBox[]> {
  return (await t.deps.db.select().from(coreBoxes)).map(toCoreBox);
}

const fold = (s: string) => s.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
const tokens = (b: CoreBox) =>
  `${b.work_order} ${b.project} ${b.engineer}`.split(/[^\p{L}\p{N}]+/u).map(fold);

function reference(boxes: CoreBox[], raw: Record<string, unknown>) {
  const input = coreBoxListInput.parse(raw);
  const words = (input.q ?? "").split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w));
  const matches = boxes.filter((b) => {
    if (input.island && b.island !== input.island) return false;
    if (input.year !== undefined && b.year !== input.year) return false;
    if (input.complete && b.complete !== input.complete) return false;
    if (input.keep_or_dump && b.keep_or_dump !== input.keep_or_dump) return false;
    if (input.expired && !(b.storage_expiry_date && b.storage_expiry_date < today)) return false;
    const toks = tokens(b);
    return words.every((w) => {
      const parts = fold(w)
        .split(/[^\p{L}\p{N}]+/u)
        .filter(Boolean);
      // A word like "1234-56" is consecutive tokens, the last one a prefix.
      return toks.some((_, i) =>
        parts.every((p, j) => (j === parts.length - 1 ? toks[i + j]?.startsWith(p) : toks[i + j] === p)),
      );
    });
  });
  const keys = sortKeys(input.sort_by).map((k) => k.replace(" COLLATE NOCASE", ""));
  const nocase = input.sort_by === "project" || input.sort_by === "engineer";
  const value = (b: CoreBox, k: string) => {
    const v = (b as unknown as Record<string, unknown>)[k];
    return typeof v === "string" && nocase && k === input.sort_by
      ? v.replace(/[A-Z]/g, (c) => c.toLowerCase())
      : v;
  };
  const cmp = (a: unknown, b: unknown) => {
    if (a === b) return 0;
    if (a === null || a === undefined) return -1;
    if (b === null || b === undefined) return 1;
    return (a as string) < (b as string) ? -1 : 1;
  };
  const dir = input.sort_dir === "asc" ? 1 : -1;
  matches.sort((a, b) => {
    for (const k of keys) {
      const c = cmp(value(a, k), value(b, k));
      if (c) return c * dir;
    }
    return 0;
  });
  const offset = (input.page - 1) * input.page_size;
  return {
    input,
    total: matches.length,
    ids: matches.slice(offset, offset + input.page_size).map((b) => b.id),
  };
}

/** The list equals the reference's page and total (exact: far under the cap); the reference is returned. */
async function expectListMatches(boxes: CoreBox[], raw: Record<string, unknown>) {
  const ref = reference(boxes, raw);
  const got = await listCoreBoxes(t.deps.db, ref.input, now);
  expect({ raw, total: got.total, capped: got.total_capped, ids: got.rows.map((r) => r.id) }).toEqual({
    raw,
    total: ref.total,
    capped: false,
    ids: ref.ids,
  });
  return ref;
}

const pageOf = (input: CoreBoxListInput): PageRequest => ({
  offset: (input.page - 1) * input.page_size,
  limit: input.page_size,
});

/** The list, a walk alone and a fetch alone all give the reference's page; the count gives its total. */
async function expectBothWays(boxes: CoreBox[], raw: Record<string, unknown>) {
  const ref = await expectListMatches(boxes, raw);
  const f = toFilters(ref.input, now)!;
  const q = boxQuery(f, ref.input.sort_by, ref.input.sort_dir);
  const walk = await pageOneWay(t.deps.db, "walk", q, pageOf(ref.input));
  const fetch = await pageOneWay(t.deps.db, "fetch", q, pageOf(ref.input));
  const total = await countBoxes(t.deps.db, f);
  expect({ raw, walk, fetch, total }).toEqual({
    raw,
    walk: ref.ids,
    fetch: ref.ids,
    total: { total: ref.total, capped: false },
  });
  return ref;
}

function randomQueries(count: number) {
  const rand = prng(5);
  const pick = <T>(xs: T[]) => xs[Math.floor(rand() * xs.length)]!;
  const out: Record<string, unknown>[] = [];
  for (let i = 0; i < count; i++) {
    const q: Record<string, unknown> = { sort_by: pick([...SORT_COLUMNS]), sort_dir: pick(["asc", "desc"]) };
    if (rand() < 0.3) q.island = pick(["Oahu", "Maui", "Lanai", "Kauai", "Hawaii", "Molokai"]);
    if (rand() < 0.25) q.year = now.getFullYear() - Math.floor(rand() * 12);
    if (rand() < 0.25) q.complete = pick(["Yes", "No"]);
    if (rand() < 0.25) q.keep_or_dump = pick(["Keep", "Dump", "Save"]);
    if (rand() < 0.3) q.expired = 1;
    if (rand() < 0.35)
      q.q = pick([
        "kh",
        "ka",
        "Kailua",
        "GS",
        "20",
        "12",
        "res",
        "Hilo wat",
        "kihei",
        "O'Neil",
        "edge-1",
        "zzz",
      ]);
    q.page = rand() < 0.7 ? 1 : 1 + Math.floor(rand() * 4);
    q.page_size = pick([10, 25, 50, 100]);
    out.push(q);
  }
  return out;
}

/** Planner statistics `ANALYZE` wrote for 200,000 generated boxes, read back as if this inventory were that one. */
const PRODUCTION_STATS: [string, string][] = [
  ["core_boxes_sort_disposition_idx", "323736 1001 1001 182 10 7 7"],
  ["core_boxes_sort_complete_idx", "339304 1001 501 167 12 6 6"],
  ["core_boxes_sort_island_idx", "307944 1001 5 5 4 3 3"],
  ["core_boxes_sort_year_idx", "314104 1001 19 5 4 3 3"],
  ["core_boxes_sort_expiry_idx", "265574 26 7 6 5 3"],
  ["core_boxes_sort_submitted_idx", "355320 31 8 7 6 3 3"],
  ["core_boxes_sort_engineer_idx", "188000 251 47 5 4 3 1"],
  ["core_boxes_sort_project_idx", "204544 251 251 14 9 4 1"],
  ["core_boxes_sort_work_order_idx", "195500 1 1 1 1 1 1"],
  ["core_boxes_work_order_uq", "156672 1"],
];

describe("list = reference", () => {
  test("240 random filter/sort/page combinations give the reference rows and totals", async () => {
    const boxes = await allBoxes();
    let nonEmpty = 0;
    for (const raw of randomQueries(240)) {
      const ref = await expectListMatches(boxes, raw);
      if (ref.ids.length) nonEmpty++;
    }
    expect(nonEmpty).toBeGreaterThan(120);
  });
  test("a walk alone and a fetch alone give the reference page for every sort, and the count its total", async () => {
    const boxes = await allBoxes();
    const seen = new Set<string>();
    let nonEmpty = 0;
    for (const raw of randomQueries(90)) {
      const ref = await expectBothWays(boxes, raw);
      seen.add(ref.input.sort_by);
      if (ref.ids.length) nonEmpty++;
    }
    // Every sort, in both directions, with and without a search.
    for (const sort_by of SORT_COLUMNS)
      for (const sort_dir of ["asc", "desc"])
        for (const extra of [
          {},
          { q: "kailua", expired: 1 },
          { q: "GS", island: "Oahu", page: 2, page_size: 10 },
        ])
          await expectBothWays(boxes, { sort_by, sort_dir, ...extra });
    expect(seen.size).toBeGreaterThan(5);
    expect(nonEmpty).toBeGreaterThan(45);
  });
  test("a search with Expired only keeps its total on a page past the end", async () => {
    const boxes = await allBoxes();
    for (const raw of [
      { q: "kailua", expired: 1, sort_by: "project", sort_dir: "asc" },
      { q: "wall", expired: 1, keep_or_dump: "Dump", page: 2, page_size: 10 },
      { q: "kailua", expired: 1, page: 500, page_size: 100 },
      { q: "zzz", expired: 1 },
    ])
      await expectBothWays(boxes, raw);
    const past = await listCoreBoxes(
      t.deps.db,
      coreBoxListInput.parse({ q: "kailua", expired: 1, page: 500 }),
      now,
    );
    expect(past.rows).toEqual([]);
    expect(past.total).toBe(reference(boxes, { q: "kailua", expired: 1 }).total);
    expect(past.total).toBeGreaterThan(0);
  });
  test("a word in the sorted column, or also in other columns, and a blank island under the island sort", async () => {
    const boxes = await allBoxes();
    const cases: Record<string, unknown>[] = [
      { sort_by: "engineer", q: "GS" },
      { sort_by: "engineer", q: "gs", island: "Oahu" },
      { sort_by: "engineer", q: "GS", island: "Maui", complete: "No", expired: 1 },
      { sort_by: "engineer", q: "ÉT" },
      // "kh" starts engineers' initials and places alike.
      { sort_by: "engineer", q: "kh", expired: 1 },
      { sort_by: "project", q: "Residence", island: "Oahu" },
      { sort_by: "project", q: "kail", complete: "Yes" },
      { sort_by: "island", q: "kailua" },
      { sort_by: "island", q: "Residence", keep_or_dump: "Keep" },
    ];
    const all = async (list: CoreBox[]) => {
      for (const filters of cases)
        for (const sort_dir of ["asc", "desc"])
          for (const [page, page_size] of [
            [1, 25],
            [3, 10],
          ])
            await expectBothWays(list, { ...filters, sort_dir, page, page_size });
    };
    await all(boxes);
    // A blank island (written before the API stored blanks as none) sorts before every named island.
    const [kailua] = await t.deps.db.all<{ id: number; island: string }>(
      sql`SELECT id, island FROM core_boxes WHERE project LIKE 'Kailua%' LIMIT 1`,
    );
    await t.deps.db.run(sql`UPDATE core_boxes SET island = '' WHERE id = ${kailua!.id}`);
    try {
      const first = await expectBothWays(await allBoxes(), {
        q: "kailua",
        sort_by: "island",
        sort_dir: "asc",
      });
      expect(first.ids).toContain(kailua!.id);
    } finally {
      await t.deps.db.run(sql`UPDATE core_boxes SET island = ${kailua!.island} WHERE id = ${kailua!.id}`);
    }
  });
  test("boxes of no year or no expiry date are listed where the reference puts them, on every page", async () => {
    const user = await callerAs(t, DEMO.user);
    const noYear = await user.coreBoxes.create({
      work_order: "0006-003",
      project: "Kaunakakai Wharf",
      engineer: "GS",
      island: "Molokai",
      report_submission_date: "2001-02-03",
      storage_expiry_date: "2003-02-03",
      complete: "Yes",
      keep_or_dump: "Keep",
    });
    const noExpiry = await user.coreBoxes.create({
      work_order: "0006-004",
      project: "Waimanalo Bay Seawall",
      engineer: "GS",
      island: "Oahu",
      report_submission_date: `${now.getFullYear() - 2}-03-04`,
      complete: "No",
      keep_or_dump: "Keep",
    });
    await t.deps.db.run(sql`UPDATE core_boxes SET year = NULL WHERE id = ${noYear.id}`);
    await t.deps.db.run(sql`UPDATE core_boxes SET storage_expiry_date = NULL WHERE id = ${noExpiry.id}`);
    try {
      const boxes = await allBoxes();
      const molokai = { island: "Molokai", expired: 1, sort_by: "year", sort_dir: "desc" };
      const total = (await expectBothWays(boxes, molokai)).total;
      const last = await expectBothWays(boxes, { ...molokai, page: Math.ceil(total / 10), page_size: 10 });
      expect(last.ids.at(-1)).toBe(noYear.id);
      const year = now.getFullYear() - 2;
      const oahu = { year, island: "Oahu", sort_by: "storage_expiry_date" };
      for (const sort_dir of ["asc", "desc"])
        for (const page of [1, 2, 4]) {
          await expectBothWays(boxes, { ...oahu, sort_dir, page, page_size: 10 });
          await expectBothWays(boxes, { ...oahu, expired: 1, sort_dir, page, page_size: 10 });
        }
      const first = await expectBothWays(boxes, { ...oahu, sort_dir: "asc", page: 1, page_size: 10 });
      expect(first.ids[0]).toBe(noExpiry.id);
    } finally {
      await t.deps.db.run(sql`DELETE FROM core_boxes WHERE id IN (${noYear.id}, ${noExpiry.id})`);
    }
  });
  test("with production-size planner statistics the pages are still the reference's", async () => {
    await t.deps.db.run(sql`ANALYZE`);
    await t.deps.db.run(sql`DELETE FROM sqlite_stat1 WHERE tbl = 'core_boxes'`);
    const stat4 = await t.deps.db.all(sql`SELECT name FROM sqlite_schema WHERE name = 'sqlite_stat4'`);
    if (stat4.length) await t.deps.db.run(sql`DELETE FROM sqlite_stat4 WHERE tbl = 'core_boxes'`);
    for (const [idx, stat] of PRODUCTION_STATS) {
      await t.deps.db.run(
        sql`INSERT INTO sqlite_stat1 (tbl, idx, stat) VALUES ('core_boxes', ${idx}, ${stat})`,
      );
    }
    await t.deps.db.run(sql`ANALYZE sqlite_schema`);
    try {
      const boxes = await allBoxes();
      for (const raw of randomQueries(150).filter((r) => r.q || r.island)) await expectBothWays(boxes, raw);
    } finally {
      // Back to no statistics for the other tests.
      await t.deps.db.run(sql`DELETE FROM sqlite_stat1`);
      if (stat4.length) await t.deps.db.run(sql`DELETE FROM sqlite_stat4`);
      await t.deps.db.run(sql`ANALYZE sqlite_schema`);
    }
  });
  test("the page a search and a filter find includes accents and punctuation", async () => {
    const got = await listCoreBoxes(t.deps.db, coreBoxListInput.parse({ q: "kihei pump" }), now);
    expect(got.rows.map((r) => r.work_order)).toContain("EDGE-1A");
    const quoted = await listCoreBoxes(t.deps.db, coreBoxListInput.parse({ q: '"Quoted", inc' }), now);
    expect(quoted.rows.map((r) => r.work_order)).toEqual(["EDGE-2"]);
    // Search text with nothing searchable in it matches no box.
    expect(await listCoreBoxes(t.deps.db, coreBoxListInput.parse({ q: "-- ;" }), now)).toEqual({
      rows: [],
      total: 0,
      total_capped: false,
    });
  });
});

describe("search words stored with each box", () => {
  test("boxes written before the column existed are found by a walk after the start-up backfill", async () => {
    await t.deps.db.run(sql`UPDATE core_boxes SET search_words = '' WHERE work_order = 'EDGE-1A'`);
    const input = coreBoxListInput.parse({ q: "kihei pump", sort_by: "work_order" });
    const q = boxQuery(toFilters(input, now)!, input.sort_by, input.sort_dir);
    const edge = (await t.deps.db.select().from(coreBoxes)).find((b) => b.workOrder === "EDGE-1A")!.id;
    const walked = () => pageOneWay(t.deps.db, "walk", q, pageOf(input));
    expect(await walked()).not.toContain(edge);
    // The full-text index had it all along.
    expect(await pageOneWay(t.deps.db, "fetch", q, pageOf(input))).toContain(edge);
    expect(await backfillSearchWords(t.deps.db)).toBe(1);
    expect(await walked()).toContain(edge);
    expect(await backfillSearchWords(t.deps.db)).toBe(0);
  });
  test("words are cut like the full-text index: accents dropped, punctuation splits, columns kept apart", () => {
    const words = searchWordsOf({ workOrder: "1234-56A", project: "Kīhei Pump", engineer: "ÉT" });
    expect(words).toBe(" 1234 56a \t kihei pump \t et ");
  });
});

describe("summary table", () => {
  test("Years and Islands come from the summary table and match the boxes", async () => {
    const boxes = await allBoxes();
    const years = [...new Set(boxes.map((b) => b.year).filter((y) => y !== null))].sort((a, b) => b! - a!);
    const islands = [...new Set(boxes.map((b) => b.island).filter((i) => i !== null))].sort();
    expect(await listYears(t.deps.db)).toEqual(years as number[]);
    expect(await listIslands(t.deps.db)).toEqual(islands as string[]);
    const summary = await t.deps.db.all<{ zero: number }>(
      sql`SELECT count(*) AS zero FROM core_box_counts WHERE n <= 0`,
    );
    expect(summary[0]!.zero).toBe(0);
  });
});

describe("search text needs 2 characters", () => {
  test("a 1-character search is refused on both doors with the message; 2 characters list", async () => {
    const user = await callerAs(t, DEMO.user);
    for (const q of ["K", " k ", "7"]) {
      const err = await user.coreBoxes.list({ q }).then(
        () => null,
        (e: { code?: string; message?: string }) => e,
      );
      expect({ q, code: err?.code, refused: err?.message?.includes(SEARCH_TOO_SHORT) }).toEqual({
        q,
        code: "BAD_REQUEST",
        refused: true,
      });
    }
    const cookie = await t.login(DEMO.user);
    const res = await t.request("/api/core-boxes?q=K", { cookie });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: string };
    expect(Object.keys(body)).toEqual(["error"]);
    expect(body.error).toContain(SEARCH_TOO_SHORT);
    // Two characters work, on both doors, and find the reference's boxes.
    const boxes = await allBoxes();
    const ref = reference(boxes, { q: "Ka" });
    expect(ref.total).toBeGreaterThan(0);
    const listed = await user.coreBoxes.list({ q: "Ka" });
    expect({ total: listed.total, ids: listed.rows.map((r) => r.id) }).toEqual({
      total: ref.total,
      ids: ref.ids,
    });
    const rest = await t.request("/api/core-boxes?q=Ka", { cookie });
    expect(rest.status).toBe(200);
    expect(((await rest.json()) as { total: number }).total).toBe(ref.total);
    // No search text at all lists everything.
    expect((await user.coreBoxes.list({ q: "" })).total).toBe(boxes.length);
  });
});

describe("totals stop at the cap", () => {
  // Runs last: it adds LIST_TOTAL_CAP + 1 boxes, all found by one word, and removes them after.
  test("a search matching exactly the cap is exact; one more reads as the cap with total_capped, REST { rows, total }", async () => {
    const WORD = "Quarryzz";
    const box = (i: number): NewBox =>
      boxRecord({
        work_order: `QZ-${String(i).padStart(5, "0")}`,
        project: `${WORD} Pit ${i}`,
        engineer: "QZ",
        report_submission_date: "2020-01-02",
        storage_expiry_date: "2022-01-02",
        complete: "Yes",
        keep_or_dump: i % 2 ? "Keep" : "Dump",
        island: "Niihau",
        year: 2020,
      });
    const user = await callerAs(t, DEMO.user);
    const cookie = await t.login(DEMO.user);
    const listed = user.coreBoxes.list;
    try {
      await insertBoxes(
        t,
        Array.from({ length: LIST_TOTAL_CAP }, (_, i) => box(i)),
      );
      const exact = await listed({ q: WORD.toLowerCase(), sort_by: "work_order", sort_dir: "asc" });
      expect({ total: exact.total, capped: exact.total_capped }).toEqual({
        total: LIST_TOTAL_CAP,
        capped: false,
      });
      // One under the cap, through a filter that leaves one box out.
      await user.coreBoxes.update({ id: exact.rows[0]!.id, island: "Kauai" });
      const under = await listed({ q: WORD, island: "Niihau" });
      expect({ total: under.total, capped: under.total_capped }).toEqual({
        total: LIST_TOTAL_CAP - 1,
        capped: false,
      });

      await insertBoxes(t, [box(LIST_TOTAL_CAP)]);
      const capped = await listed({ q: WORD, sort_by: "work_order", sort_dir: "asc" });
      expect({ total: capped.total, capped: capped.total_capped }).toEqual({
        total: LIST_TOTAL_CAP,
        capped: true,
      });
      // The page itself is the first of the matches, in order.
      expect(capped.rows.map((r) => r.work_order)).toEqual(
        Array.from({ length: 25 }, (_, i) => `QZ-${String(i).padStart(5, "0")}`),
      );
      // And the last one is still reached, on the page past the cap.
      const past = await listed({
        q: WORD,
        sort_by: "work_order",
        sort_dir: "asc",
        page: 101,
        page_size: 100,
      });
      expect(past.rows.map((r) => r.work_order)).toEqual([`QZ-${LIST_TOTAL_CAP}`]);
      expect(past.total_capped).toBe(true);

      const res = await t.request(`/api/core-boxes?q=${WORD}&sort_by=work_order&sort_dir=asc`, { cookie });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { rows: { work_order: string }[]; total: number };
      expect(Object.keys(body).sort()).toEqual(["rows", "total"]);
      expect(body.total).toBe(LIST_TOTAL_CAP);
      expect(body.rows).toHaveLength(25);
      expect(body.rows[0]!.work_order).toBe("QZ-00000");
    } finally {
      await t.deps.db.run(sql`DELETE FROM core_boxes WHERE engineer = 'QZ'`);
    }
  }, 60_000);
});
