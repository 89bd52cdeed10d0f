/**
 * The list against a plain reference: every filter, sort and page the planner answers (whichever plan it
 * picks) must equal filtering and sorting all boxes in JavaScript. Both plans are also run directly.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { applyExtras, dropExtras } from "@server/db/extras";
import { coreBoxes } from "@server/db/schema";
import { generateDemoBoxes, prng } from "@server/domains/core-boxes/demo-data";
import {
  countOnValues,
  islandsWithWord,
  pageOnValues,
  valuesWithWord,
} from "@server/domains/core-boxes/lead-values";
import {
  countMatching,
  expiredYearBound,
  expiryStart,
  fetchPage,
  filterFirst,
  type PageRequest,
  setWalkSql,
  walkSortIndex,
  walkSql,
  walkStart,
} from "@server/domains/core-boxes/list-plan";
import { type Filters, matchExpression, SORTS, walkIndex } from "@server/domains/core-boxes/list-sql";
import {
  fromRaw,
  listCoreBoxes,
  listIslands,
  listYears,
  toFilters,
} from "@server/domains/core-boxes/queries";
import { backfillSearchWords, searchWordsOf } from "@server/domains/core-boxes/search-words";
import {
  type CoreBox,
  type CoreBoxListInput,
  coreBoxListInput,
  SORT_COLUMNS,
  todayIso,
} from "@shared/core-boxes";
import { sql } from "drizzle-orm";
import { DEMO, startTestApp, type TestApp } from "../helpers/app";
import { callerAs } from "../helpers/caller";
import { clearBoxes } from "../helpers/core-boxes";

let t: TestApp;
const now = new Date();
const today = todayIso(now);

beforeAll(async () => {
  t = await startTestApp();
  await clearBoxes(t);
  const boxes = generateDemoBoxes(3000, { now, seed: 99 });
  // Edge cases the generator does not make: accents, punctuation, no dates, unknown island.
  boxes.push(
    { ...boxes[0]!, work_order: "EDGE-1A", project: "Kīhei Pump Station", engineer: "ÉT", island: null },
    {
      ...boxes[1]!,
      work_order: "EDGE-2",
      project: 'O\'Neil "Quoted", Inc.',
      report_submission_date: null,
      storage_expiry_date: null,
      year: null,
    },
  );
  for (let i = 0; i < boxes.length; i += 200) {
    await t.deps.db.insert(coreBoxes).values(
      boxes.slice(i, i + 200).map((b) => ({
        workOrder: b.work_order,
        project: b.project,
        engineer: b.engineer,
        searchWords: searchWordsOf({ workOrder: b.work_order, project: b.project, engineer: b.engineer }),
        reportSubmissionDate: b.report_submission_date,
        storageExpiryDate: b.storage_expiry_date,
        complete: b.complete,
        keepOrDump: b.keep_or_dump,
        island: b.island,
        year: b.year,
        createdBy: "test",
        updatedBy: "test",
      })),
    );
  }
  // Edits and removals through the service, so the triggers' summaries and search index follow changes.
  const user = await callerAs(t, DEMO.user);
  // The first 60 boxes (ids go on from the demo boxes cleared above).
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
});
afterAll(() => t.close());

async function allBoxes(): Promise<CoreBox[]> {
  const rows = await t.deps.db.all<Record<string, unknown>>(sql`SELECT * FROM core_boxes`);
  return rows.map(fromRaw);
}

const fold = (s: string) => s.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
const tokens = (b: CoreBox) =>
  `${b.work_order} ${b.project} ${b.engineer}`.split(/[^\p{L}\p{N}]+/u).map(fold);

/** The full-text match of a search's words and equality filters (plan B's hits). */
const hitsMatch = (f: Filters) => sql`${matchExpression(f.terms, f.eq)}`;

/** A database handle that records the SQL of every query it runs (to see which plan answered). */
function recording() {
  const db = t.deps.db;
  const statements: string[] = [];
  const spy = {
    all: (query: ReturnType<typeof sql>) => {
      statements.push(JSON.stringify(query.queryChunks));
      return db.all(query);
    },
  } as unknown as typeof db;
  return { spy, statements };
}

/** The planner's page request for a list input. */
function pageOf(input: CoreBoxListInput): PageRequest {
  const offset = (input.page - 1) * input.page_size;
  return { sort: input.sort_by, dir: input.sort_dir, offset, limit: input.page_size };
}

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
  const keys = [...SORTS[input.sort_by].keys, "id"].map((k) => k.replace(" COLLATE NOCASE", ""));
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

/** The list the planner answers equals the reference's page and total; the reference is returned. */
async function expectListMatches(boxes: CoreBox[], raw: Record<string, unknown>) {
  const ref = reference(boxes, raw);
  const got = await listCoreBoxes(t.deps.db, ref.input, now);
  expect({ raw, total: got.total, ids: got.rows.map((r) => r.id) }).toEqual({
    raw,
    total: ref.total,
    ids: ref.ids,
  });
  return ref;
}

/** The list, and a walk of the sort index alone (with where it starts), both equal the reference's page. */
async function expectWalkMatches(boxes: CoreBox[], raw: Record<string, unknown>) {
  const ref = await expectListMatches(boxes, raw);
  const walked = await walkSortIndex(t.deps.db, toFilters(ref.input, now)!, pageOf(ref.input));
  expect({ raw, walked: walked.map((r) => Number(r.id)) }).toEqual({ raw, walked: ref.ids });
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
        "k",
        "ka",
        "Kailua",
        "GS",
        "1",
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

const PRODUCTION_STATS: [string, string][] = [
  ["core_boxes_sort_disposition_idx", "323736 1001 1001 182 10 7 7"],
  ["core_boxes_sort_complete_idx", "339304 1001 501 167 12 6 6"],
  ["core_boxes_island_project_idx", "195426 1001 167 8 6 3 1"],
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
  test("a search with Expired only (one pass for page and count) keeps its total on a page past the end", async () => {
    const boxes = await allBoxes();
    for (const raw of [
      { q: "kailua", expired: 1, sort_by: "project", sort_dir: "asc" },
      { q: "wall", expired: 1, keep_or_dump: "Dump", page: 2, page_size: 10 },
      { q: "kailua", expired: 1, page: 500, page_size: 100 },
      { q: "zzz", expired: 1 },
    ])
      await expectListMatches(boxes, raw);
  });
  test("a search with Expired only also pages right when counted apart and walked (the one pass declined)", async () => {
    // Many hits decline the one pass when a walk looks cheaper; this inventory is too small to get there, so
    // the same path is run directly: the count, then the planned page.
    const boxes = await allBoxes();
    let nonEmpty = 0;
    for (const raw of randomQueries(120)) {
      const input = { ...raw, expired: 1, q: raw.q ?? "k" };
      const ref = reference(boxes, input);
      const f = toFilters(ref.input, now)!;
      const page = pageOf(ref.input);
      const counted = await countMatching(t.deps.db, f);
      const ids = (await fetchPage(t.deps.db, f, page, counted)).map((r) => Number(r.id));
      expect({ input, total: counted.total, ids }).toEqual({ input, total: ref.total, ids: ref.ids });
      if (ids.length) nonEmpty++;
    }
    expect(nonEmpty).toBeGreaterThan(30);
  });
  test("a large page of a word the sort does not follow is walked on the hits as a set first, without equality filters", async () => {
    const boxes = await allBoxes();
    const setWalk = (q: string) => q.includes("IN (SELECT rowid FROM core_boxes_search");
    const rowWalk = (q: string) => q.includes("CROSS JOIN core_boxes b ON b.id = t.id");
    const plans = async (raw: Record<string, unknown>) => {
      const input = coreBoxListInput.parse(raw);
      const { spy, statements } = recording();
      const got = await listCoreBoxes(spy, input, now);
      const ref = reference(boxes, raw);
      expect({ raw, total: got.total, ids: got.rows.map((r) => r.id) }).toEqual({
        raw,
        total: ref.total,
        ids: ref.ids,
      });
      return { setOnly: statements.some(setWalk) && !statements.some(rowWalk) };
    };
    // In these 3,000 boxes a page of 10 "GS" boxes by disposition is a large one (the walk would read ~280 rows).
    const large = { q: "GS", sort_by: "keep_or_dump", sort_dir: "desc", page: 1, page_size: 10 };
    expect(await plans(large)).toEqual({ setOnly: true });
    // With an island the hits' set would read the island's facet list too: the rows are read first.
    expect(await plans({ ...large, island: "Oahu" })).toEqual({ setOnly: false });
  });
  test("both plans, and a capped walk, give the same page for every sort", async () => {
    const boxes = await allBoxes();
    for (const raw of randomQueries(90)) {
      const ref = reference(boxes, raw);
      const f = toFilters(ref.input, now)!;
      const search = f.terms.length ? hitsMatch(f) : null;
      const page = pageOf(ref.input);
      const a = (await walkSortIndex(t.deps.db, f, page)).map((r) => Number(r.id));
      const b = (await filterFirst(t.deps.db, f, page, search)).map((r) => Number(r.id));
      const capped = (await walkSortIndex(t.deps.db, f, page, 5000)).map((r) => Number(r.id));
      // Capped on the rows whose words it checks too (searches whose words do not follow the sort).
      const rowCapped = (await walkSortIndex(t.deps.db, f, page, 5000, 5000)).map((r) => Number(r.id));
      // And checking the hits as a set on the walk (when the words bunch further along than expected).
      const onSet = search
        ? (await t.deps.db.all<{ id: number }>(setWalkSql(f, page, 5000, search))).map((r) => Number(r.id))
        : ref.ids;
      expect({ raw, a, b, capped, rowCapped, onSet }).toEqual({
        raw,
        a: ref.ids,
        b: ref.ids,
        capped: ref.ids,
        rowCapped: ref.ids,
        onSet: ref.ids,
      });
      expect((await countMatching(t.deps.db, f)).total).toBe(ref.total);
      // Every way of counting expired search hits (rows read, the live token, the expiry facets) gives it too.
      for (const expiredBy of ["rows", "live", "months"] as const) {
        expect({ expiredBy, total: (await countMatching(t.deps.db, f, { expiredBy })).total }).toEqual({
          expiredBy,
          total: ref.total,
        });
      }
    }
  });
  test("a word held only in the sorted column: the page and total read on the index's values hold every hit (plan C)", async () => {
    const boxes = await allBoxes();
    // The plan's precondition here: every hit has the word in the sorted column (initials, a project's words).
    const only = (q: string, column: "engineer" | "project") => {
      const hits = boxes.filter((b) => reference([b], { q }).total === 1);
      const blank = { work_order: "", project: "", engineer: "" };
      const inColumn = (b: CoreBox) => reference([{ ...b, ...blank, [column]: b[column] }], { q }).total;
      return hits.length > 50 && hits.every(inColumn);
    };
    expect([only("GS", "engineer"), only("Residence", "project"), only("Kailua", "project")]).toEqual([
      true,
      true,
      true,
    ]);
    const cases = [
      { sort_by: "engineer", q: "GS" },
      { sort_by: "engineer", q: "gs", island: "Oahu" },
      { sort_by: "engineer", q: "GS", expired: 1 },
      { sort_by: "engineer", q: "GS", island: "Maui", complete: "No", expired: 1 },
      { sort_by: "engineer", q: "ÉT" },
      { sort_by: "project", q: "Residence" },
      { sort_by: "project", q: "kail", complete: "Yes" },
      { sort_by: "project", q: "Kailua", expired: 1 },
      // With an island the walk seeks it first (the island-then-project index), then the values.
      { sort_by: "project", q: "residence", island: "Oahu" },
      { sort_by: "project", q: "Residence", island: "Maui", expired: 1 },
    ];
    for (const filters of cases)
      for (const sort_dir of ["asc", "desc"])
        for (const [page, page_size] of [
          [1, 25],
          [2, 10],
          [40, 10],
        ]) {
          const raw = { ...filters, sort_dir, page, page_size };
          const ref = reference(boxes, raw);
          const f = toFilters(ref.input, now)!;
          const walk = walkIndex(ref.input.sort_by, f);
          const values = await valuesWithWord(t.deps.db, f, walk);
          expect({ raw, values: values?.length ?? 0 }).not.toEqual({ raw, values: 0 });
          const ids = (await pageOnValues(t.deps.db, f, walk, values!, pageOf(ref.input))).map((r) =>
            Number(r.id),
          );
          const total = await countOnValues(t.deps.db, f, walk, values!);
          const listed = await listCoreBoxes(t.deps.db, ref.input, now);
          expect({
            raw,
            ids,
            total,
            listed: listed.rows.map((r) => r.id),
            listedTotal: listed.total,
          }).toEqual({
            raw,
            ids: ref.ids,
            total: ref.total,
            listed: ref.ids,
            listedTotal: ref.total,
          });
        }
  });
  test("plan C seeks the sort index on the values, after the island it seeks first: no temporary sort for the page", async () => {
    for (const raw of [
      { q: "Residence", sort_by: "project" },
      { q: "Residence", sort_by: "project", island: "Oahu", sort_dir: "desc" },
      { q: "GS", sort_by: "engineer", complete: "Yes" },
    ]) {
      const input = coreBoxListInput.parse(raw);
      const f = toFilters(input, now)!;
      const walk = walkIndex(input.sort_by, f);
      const values = (await valuesWithWord(t.deps.db, f, walk))!;
      const seen: string[] = [];
      const db = t.deps.db;
      const recorder = {
        all: async (query: ReturnType<typeof sql>) => {
          const plan = await db.all<{ id: number; parent: number; detail: string }>(
            sql`EXPLAIN QUERY PLAN ${query}`,
          );
          // The page's ids come from the subquery (rows under a parent); the outer query only sorts the page.
          seen.push(
            plan
              .filter((p) => p.parent > 0)
              .map((p) => p.detail)
              .join(" | "),
          );
          return [];
        },
      } as unknown as typeof db;
      await pageOnValues(recorder, f, walk, values, pageOf(input));
      expect({ raw, plan: seen[0] }).toEqual({ raw, plan: expect.not.stringContaining("TEMP B-TREE") });
      expect(seen[0]).toContain(`INDEX ${walk.index} (`);
    }
  });
  test("under an island sort, a word held only in project names is walked on the islands holding it", async () => {
    const boxes = await allBoxes();
    const holding = (q: string) =>
      [
        ...new Set(
          boxes
            .filter((b) => reference([{ ...b, work_order: "", engineer: "" }], { q }).total)
            .map((b) => b.island),
        ),
      ].sort();
    const islandsOf = async (raw: Record<string, unknown>) => {
      const input = coreBoxListInput.parse({ sort_by: "island", ...raw });
      const f = toFilters(input, now)!;
      return (await islandsWithWord(t.deps.db, f, walkIndex(input.sort_by, f)))?.sort() ?? null;
    };
    // "Kailua" is on Oahu (and Maui, where beforeAll moved some boxes): the walk skips four islands; "Residence"
    // is on every island; "Kīhei" is also the project of a box of no known island (those come first on the
    // walk, so the islands alone would not do).
    expect(await islandsOf({ q: "kailua" })).toEqual(["Maui", "Oahu"]);
    expect(holding("kailua")).toEqual(["Maui", "Oahu"]);
    expect(await islandsOf({ q: "Residence" })).toEqual(holding("Residence") as string[]);
    expect(holding("kihei")).toContain(null);
    expect(await islandsOf({ q: "kihei" })).toBeNull();
    // A blank island (written before the API stored blanks as none) is no known island either.
    const [kailua] = await t.deps.db.all<{ id: number; island: string }>(
      sql`SELECT id, island FROM core_boxes WHERE project LIKE 'Kailua%' LIMIT 1`,
    );
    await t.deps.db.run(sql`UPDATE core_boxes SET island = '' WHERE id = ${kailua!.id}`);
    try {
      expect(await islandsOf({ q: "kailua" })).toBeNull();
      await expectListMatches(await allBoxes(), { q: "kailua", sort_by: "island", page: 1, page_size: 10 });
    } finally {
      await t.deps.db.run(sql`UPDATE core_boxes SET island = ${kailua!.island} WHERE id = ${kailua!.id}`);
    }
    // Not for another sort, nor with an island filter (the walk seeks it already).
    expect(await islandsOf({ q: "kailua", sort_by: "project" })).toBeNull();
    expect(await islandsOf({ q: "kailua", island: "Oahu" })).toBeNull();
    for (const filters of [
      { q: "kailua" },
      { q: "Kail", complete: "Yes" },
      { q: "Residence", expired: 1 },
      { q: "Residence", keep_or_dump: "Keep" },
      { q: "kihei" },
    ])
      for (const sort_dir of ["asc", "desc"])
        for (const [page, page_size] of [
          [1, 25],
          [3, 10],
          [30, 10],
        ])
          await expectListMatches(boxes, { ...filters, sort_by: "island", sort_dir, page, page_size });
    // Where plan B would read many hits (told to the planner here: these 3,000 boxes make it cheap), the list is
    // walked on the islands holding the word, and gives the reference's page.
    for (const raw of [
      { q: "kailua", sort_by: "island", sort_dir: "asc", page: 2, page_size: 10 },
      { q: "Kailua", sort_by: "island", sort_dir: "desc", page: 1, page_size: 25 },
      { q: "kailua", sort_by: "island", sort_dir: "asc", complete: "Yes", expired: 1 },
    ]) {
      const ref = reference(boxes, raw);
      const f = toFilters(ref.input, now)!;
      const { spy, statements } = recording();
      const counted = { total: ref.total, driving: 100_000, all: boxes.length };
      const rows = await fetchPage(spy, f, pageOf(ref.input), counted, { leadShare: 1 });
      expect({ raw, ids: rows.map((r) => Number(r.id)) }).toEqual({ raw, ids: ref.ids });
      expect(statements.some((q) => q.includes("island IN ("))).toBe(true);
    }
    // The walk on the islands alone, uncapped, gives the reference's page too.
    for (const sort_dir of ["asc", "desc"] as const) {
      const raw = { q: "Kailua", sort_by: "island", sort_dir, page: 2, page_size: 10 };
      const ref = reference(boxes, raw);
      const f = toFilters(ref.input, now)!;
      const rows = await t.deps.db.all<{ id: number }>(
        setWalkSql(f, pageOf(ref.input), 1_000_000, hitsMatch(f), [sql`island IN ('Maui', 'Oahu')`]),
      );
      expect({ sort_dir, ids: rows.map((r) => Number(r.id)) }).toEqual({ sort_dir, ids: ref.ids });
    }
  });
  test("a word also found outside the sorted column is not read on the column's values", async () => {
    // "k" is in engineers' initials (KH) and in places (Kailua): the page must hold the place hits too.
    const boxes = await allBoxes();
    for (const raw of [
      { q: "k", sort_by: "engineer", sort_dir: "asc" },
      { q: "k", sort_by: "engineer", sort_dir: "desc", page: 3, page_size: 50 },
      { q: "kh", sort_by: "engineer", sort_dir: "asc", expired: 1 },
    ])
      await expectListMatches(boxes, raw);
  });
  test("with production-size planner statistics, capped walks still cut the page in the walk's order", async () => {
    // With statistics SQLite may turn the join of walked entries to their rows around (scan the rows, probe the
    // walk through an automatic index), which cut LIMIT/OFFSET in id order: 30 wrong pages in 450 with 100,000
    // boxes and ANALYZE. The walk must stay the outer loop (CROSS JOIN).
    // The statistics `PRAGMA analysis_limit=1000; ANALYZE` wrote for 200,000 generated boxes, read back by the
    // planner as if this inventory were that one.
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
      for (const raw of randomQueries(150)) {
        if (!raw.q) continue;
        const ref = reference(boxes, raw);
        const f = toFilters(ref.input, now)!;
        const page = pageOf(ref.input);
        const capped = (await walkSortIndex(t.deps.db, f, page, 100_000)).map((r) => Number(r.id));
        const rowCapped = (await walkSortIndex(t.deps.db, f, page, 100_000, 3000)).map((r) => Number(r.id));
        const onSet = (await t.deps.db.all<{ id: number }>(setWalkSql(f, page, 100_000, hitsMatch(f)))).map(
          (r) => Number(r.id),
        );
        const listed = (await listCoreBoxes(t.deps.db, ref.input, now)).rows.map((r) => r.id);
        // And the capped walks' plans read a box by id for each walked entry, never scan the boxes first.
        for (const capped of [walkSql(f, page, 100_000), walkSql(f, page, 100_000, 3000)]) {
          const plan = await t.deps.db.all<{ detail: string }>(sql`EXPLAIN QUERY PLAN ${capped}`);
          const details = plan.map((r) => r.detail);
          expect(details).toContain("SEARCH b USING INTEGER PRIMARY KEY (rowid=?)");
          expect(details.filter((d) => d.startsWith("SCAN b") || d.includes("AUTOMATIC"))).toEqual([]);
        }
        expect({ raw, capped, rowCapped, onSet, listed }).toEqual({
          raw,
          capped: ref.ids,
          rowCapped: ref.ids,
          onSet: ref.ids,
          listed: ref.ids,
        });
      }
    } finally {
      // Back to no statistics for the other tests.
      await t.deps.db.run(sql`DELETE FROM sqlite_stat1`);
      if (stat4.length) await t.deps.db.run(sql`DELETE FROM sqlite_stat4`);
      await t.deps.db.run(sql`ANALYZE sqlite_schema`);
    }
  });
  test("Expired only, newest year first: the walk starts at the latest year with an expired box", async () => {
    const f = (raw: Record<string, unknown>) => toFilters(coreBoxListInput.parse(raw), now)!;
    const page: PageRequest = { sort: "year", dir: "desc", offset: 0, limit: 25 };
    const checkAgainstReference = async (raw: Record<string, unknown>) =>
      expectWalkMatches(await allBoxes(), raw);
    // The bound: the latest year of an Oahu box expiring by this month (the summary counts by month); the walk
    // seeks on it.
    const byThisMonth = (await allBoxes()).filter(
      (b) =>
        b.island === "Oahu" &&
        b.storage_expiry_date &&
        b.storage_expiry_date.slice(0, 7) <= today.slice(0, 7),
    );
    const latest = Math.max(...byThisMonth.map((b) => b.year ?? 0));
    const oahu = { island: "Oahu", expired: 1, sort_by: "year", sort_dir: "desc" };
    expect(await expiredYearBound(t.deps.db, f(oahu), page)).toBe(latest);
    const plan = await t.deps.db.all<{ detail: string }>(
      sql`EXPLAIN QUERY PLAN ${walkSql(f(oahu), page, undefined, undefined, await walkStart(t.deps.db, f(oahu), page))}`,
    );
    expect(plan.map((r) => r.detail).join(" | ")).toContain("core_boxes_sort_year_idx (year<?)");
    for (const p of [1, 2, 3]) await checkAgainstReference({ ...oahu, page: p, page_size: 10 });
    // An expired box with no year sorts last, so no bound may leave it out.
    const user = await callerAs(t, DEMO.user);
    const noYear = await user.coreBoxes.create({
      work_order: "EDGE-3",
      project: "Kaunakakai Wharf",
      engineer: "GS",
      island: "Molokai",
      report_submission_date: "2001-02-03",
      storage_expiry_date: "2003-02-03",
      complete: "Yes",
      keep_or_dump: "Keep",
    });
    await t.deps.db.run(sql`UPDATE core_boxes SET year = NULL WHERE id = ${noYear.id}`);
    try {
      const molokai = { island: "Molokai", expired: 1, sort_by: "year", sort_dir: "desc" };
      expect(await expiredYearBound(t.deps.db, f(molokai), page)).toBeUndefined();
      const total = (await checkAgainstReference(molokai)).total;
      const last = Math.ceil(total / 10);
      const lastPage = await checkAgainstReference({ ...molokai, page: last, page_size: 10 });
      expect(lastPage.ids.at(-1)).toBe(noYear.id);
    } finally {
      await t.deps.db.run(sql`DELETE FROM core_boxes WHERE id = ${noYear.id}`);
    }
  });
  test("sorted by expiry date with a year: the walk starts at the first (or last) expiry month of the year's boxes", async () => {
    const f = (raw: Record<string, unknown>) => toFilters(coreBoxListInput.parse(raw), now)!;
    const boxes = await allBoxes();
    const year = now.getFullYear() - 2;
    const months = boxes
      .filter((b) => b.year === year && b.island === "Oahu" && b.storage_expiry_date)
      .map((b) => b.storage_expiry_date!.slice(0, 7))
      .sort();
    const undated = boxes.some((b) => b.year === year && b.island === "Oahu" && !b.storage_expiry_date);
    const raw = { year, island: "Oahu", sort_by: "storage_expiry_date" };
    const asc: PageRequest = { sort: "storage_expiry_date", dir: "asc", offset: 0, limit: 25 };
    const desc: PageRequest = { ...asc, dir: "desc" };
    const bound = async (r: Record<string, unknown>, page: PageRequest) => {
      const term = await expiryStart(t.deps.db, f(r), page);
      return term ? JSON.stringify(term.queryChunks) : undefined;
    };
    // With Expired only, boxes of no expiry date are not listed, so the bounds always apply.
    const expired = { ...raw, expired: 1 };
    expect(await bound(expired, asc)).toContain(`${months[0]}-01`);
    const [y, m] = months.at(-1)!.split("-").map(Number) as [number, number];
    const after = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, "0")}-01`;
    expect(await bound(expired, desc)).toContain(after);
    // Without it, the bound applies unless such a box has no expiry date.
    if (undated) expect(await bound(raw, asc)).toBeUndefined();
    else expect(await bound(raw, asc)).toContain(`${months[0]}-01`);
    // No equality filter: nothing to bound.
    expect(await bound({ sort_by: "storage_expiry_date", expired: 1 }, asc)).toBeUndefined();
    const pages = async (r: Record<string, unknown>) => {
      for (const sort_dir of ["asc", "desc"])
        for (const page of [1, 2, 4]) await expectWalkMatches(boxes, { ...r, sort_dir, page, page_size: 10 });
    };
    await pages(expired);
    await pages(raw);
    // A box of that year with no expiry date is listed first (oldest first) or last: no bound may leave it out.
    const user = await callerAs(t, DEMO.user);
    const box = await user.coreBoxes.create({
      work_order: "EDGE-4",
      project: "Waimanalo Bay Seawall",
      engineer: "GS",
      island: "Oahu",
      report_submission_date: `${year}-03-04`,
      complete: "No",
      keep_or_dump: "Keep",
    });
    await t.deps.db.run(sql`UPDATE core_boxes SET storage_expiry_date = NULL WHERE id = ${box.id}`);
    try {
      expect([await bound(raw, asc), await bound(raw, desc)]).toEqual([undefined, undefined]);
      expect(await bound(expired, asc)).toContain(`${months[0]}-01`);
      const withUndated = await allBoxes();
      const first = await expectListMatches(withUndated, { ...raw, sort_dir: "asc", page: 1, page_size: 10 });
      expect(first.ids[0]).toBe(box.id);
    } finally {
      await t.deps.db.run(sql`DELETE FROM core_boxes WHERE id = ${box.id}`);
    }
  });
  test("the page a search and a filter find includes accents and punctuation", async () => {
    const got = await listCoreBoxes(t.deps.db, coreBoxListInput.parse({ q: "kihei pump" }), now);
    expect(got.rows.map((r) => r.work_order)).toContain("EDGE-1A");
    const quoted = await listCoreBoxes(t.deps.db, coreBoxListInput.parse({ q: '"Quoted", inc' }), now);
    expect(quoted.rows.map((r) => r.work_order)).toEqual(["EDGE-2"]);
  });
});

describe("search words stored with each box", () => {
  test("boxes written before the column existed are found by a walk after the start-up backfill", async () => {
    await t.deps.db.run(sql`UPDATE core_boxes SET search_words = '' WHERE work_order = 'EDGE-1A'`);
    const f = toFilters(coreBoxListInput.parse({ q: "kihei pump", sort_by: "work_order" }), now)!;
    const page = { sort: "work_order" as const, dir: "asc" as const, offset: 0, limit: 25 };
    const ids = async () => (await walkSortIndex(t.deps.db, f, page)).map((r) => String(r.work_order));
    expect(await ids()).not.toContain("EDGE-1A");
    expect(await backfillSearchWords(t.deps.db)).toBe(1);
    expect(await ids()).toContain("EDGE-1A");
    expect(await backfillSearchWords(t.deps.db)).toBe(0);
  });
  test("words are cut like the full-text index: accents dropped, punctuation splits, columns kept apart", () => {
    const words = searchWordsOf({ workOrder: "1234-56A", project: "Kīhei Pump", engineer: "ÉT" });
    expect(words).toBe(" 1234 56a \t kihei pump \t et ");
  });
});

describe("indexes serve the sorts", () => {
  test("walking each sort needs no temporary sort, also with equality filters", async () => {
    for (const sort of SORT_COLUMNS) {
      for (const raw of [
        {},
        { island: "Oahu" },
        { year: 2020 },
        { complete: "No", keep_or_dump: "Keep", expired: 1 },
      ]) {
        const input = coreBoxListInput.parse({ ...raw, sort_by: sort });
        const f = toFilters(input, now)!;
        const query = walkSql(f, { sort, dir: "desc", offset: 0, limit: 25 });
        const plan = await t.deps.db.all<{ detail: string }>(sql`EXPLAIN QUERY PLAN ${query}`);
        const text = plan.map((p) => p.detail).join(" | ");
        expect({ sort, raw, text }).toEqual({ sort, raw, text: expect.not.stringContaining("TEMP B-TREE") });
        expect(text).toContain("USING INDEX core_boxes_");
      }
    }
  });
  test("Years and Islands come from the summary table and match the boxes", async () => {
    const boxes = await allBoxes();
    const years = [...new Set(boxes.map((b) => b.year).filter((y) => y !== null))].sort((a, b) => b! - a!);
    const islands = [...new Set(boxes.map((b) => b.island).filter((i) => i !== null))].sort();
    expect(await listYears(t.deps.db)).toEqual(years as number[]);
    expect(await listIslands(t.deps.db)).toEqual(islands as string[]);
    // Only the summary's indexes are read, one seek per value.
    const plan = await t.deps.db.all<{ detail: string }>(
      sql`EXPLAIN QUERY PLAN SELECT (SELECT max(year) FROM core_box_counts WHERE year < 2020)`,
    );
    expect(plan.map((p) => p.detail).join(" ")).toContain(
      "SEARCH core_box_counts USING COVERING INDEX core_box_counts_year_idx",
    );
    const summary = await t.deps.db.all<{ zero: number }>(
      sql`SELECT count(*) AS zero FROM core_box_counts WHERE n <= 0`,
    );
    expect(summary[0]!.zero).toBe(0);
  });
  test("the project and engineer values, and their words, follow every insert, edit and removal", async () => {
    const countedFromBoxes = async () => {
      const expected = new Map<string, number>();
      for (const b of await allBoxes())
        for (const field of ["project", "engineer"] as const) {
          const key = `${field}\t${b[field]}`;
          expected.set(key, (expected.get(key) ?? 0) + 1);
        }
      return expected;
    };
    const stored = async () => {
      const rows = await t.deps.db.all<{ id: number; field: string; value: string; n: number }>(
        sql`SELECT id, field, value, n FROM core_box_values`,
      );
      // Every value has its words in the search table, and nothing else is there.
      const searched = await t.deps.db.all<{ id: number }>(
        sql`SELECT rowid AS id FROM core_box_values_search`,
      );
      expect(searched.map((r) => Number(r.id)).sort((a, b) => a - b)).toEqual(
        rows.map((r) => Number(r.id)).sort((a, b) => a - b),
      );
      return new Map(rows.map((r) => [`${r.field}\t${r.value}`, Number(r.n)]));
    };
    const lookUp = async (word: string, field: string) =>
      (
        await t.deps.db.all<{ value: string }>(
          sql`SELECT v.value AS value FROM core_box_values_search s CROSS JOIN core_box_values v ON v.id = s.rowid WHERE core_box_values_search MATCH ${`"${word}"*`} AND v.field = ${field}`,
        )
      )
        .map((r) => r.value)
        .sort();
    const expected = await countedFromBoxes();
    expect(await stored()).toEqual(expected);
    // The renamed projects (the edits in beforeAll) are found by word; the names they replaced are gone.
    const kapaa = [...expected.keys()]
      .filter((k) => k.startsWith("project\t") && /\bkapaa/i.test(k))
      .map((k) => k.slice("project\t".length));
    expect(await lookUp("kapaa", "project")).toEqual(kapaa.sort());
    expect(kapaa.some((v) => v.startsWith("Renamed Kapaa"))).toBe(true);
    // An engineer edited, and a project renamed in its case only, through the service.
    const user = await callerAs(t, DEMO.user);
    const [a, b] = await t.deps.db.all<{ id: number; project: string }>(
      sql`SELECT id, project FROM core_boxes WHERE engineer <> 'QX' ORDER BY id DESC LIMIT 2`,
    );
    await user.coreBoxes.update({ id: a!.id, engineer: "QX" });
    await user.coreBoxes.update({ id: b!.id, project: b!.project.toUpperCase() });
    expect(await stored()).toEqual(await countedFromBoxes());
    expect(await lookUp("qx", "engineer")).toEqual(["QX"]);
    expect(await lookUp(b!.project.split(" ")[0]!.toLowerCase(), "project")).toContain(
      b!.project.toUpperCase(),
    );
    // Rebuilt from the boxes (a bulk load drops the triggers, then the extras are applied again): the same.
    await dropExtras(t.deps.db);
    await t.deps.db.run(sql`DELETE FROM core_box_values WHERE field = 'engineer'`);
    await applyExtras(t.deps.db);
    expect(await stored()).toEqual(await countedFromBoxes());
  });
});
