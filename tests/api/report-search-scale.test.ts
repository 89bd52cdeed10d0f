/**
 * Report search against plain references (docs/decisions/0033-archive-scale.md): below the cap, every page of
 * results equals the exact BM25 ranking of every hit (FTS5's own ordering over all rows, and a BM25 computed
 * here in JavaScript from the rows' words), filtered by work order the way it was before (a join to
 * doc_documents); past the cap, the total stops at LIST_TOTAL_CAP and the newest LIST_TOTAL_CAP hits are
 * listed, latest report first; the W.O. prefix is part of the MATCH and follows a report whose work order changes.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { REPORT_PAGE_SPAN } from "@server/db/extras-documents";
import { createCollection, insertDocument } from "@server/domains/documents/pipeline/store-rows";
import { searchReports } from "@server/domains/reports/search";
import type { ServiceCtx } from "@server/lib/service-ctx";
import { LIST_TOTAL_CAP } from "@shared/list-total";
import { REPORTS_DB, reportSearchInput } from "@shared/reports";
import { sql } from "drizzle-orm";
import { startTestApp, type TestApp } from "../helpers/app";

let t: TestApp;
let ctx: ServiceCtx;
let collectionId = 0;
/** Every indexed page: rowid → its words and its report's work order. */
const rows = new Map<number, { words: string[]; wo: string }>();

// Words the porter stemmer leaves as they are, so the reference can count them as typed.
const FILLER = "site boring sample depth report field layer test".split(" ");
const rand = (seed: number) => () => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  return seed / 2 ** 31;
};

async function addReports(from: number, count: number, pages: number, page: (r: () => number) => string[]) {
  const r = rand(from + 7);
  await t.deps.db.transaction(async (tx) => {
    for (let i = from; i < from + count; i++) {
      const wo = `${1000 + (i % 37) * 211}-${String(i % 41).padStart(2, "0")}${i % 5 === 0 ? "B" : ""}`;
      const texts = Array.from({ length: pages }, () => page(r));
      const { documentId } = await insertDocument(tx, {
        collectionId,
        db: REPORTS_DB,
        fileName: `${wo}.Project ${i}.pdf`,
        storageKey: "",
        sha256: `sha-${i}`,
        size: 1,
        user: "test",
        pages: texts.map((w) => ({ text: w.join(" "), ocr: false })),
        chunks: [],
        workOrder: wo,
        project: `Project ${i}`,
      });
      for (const [p, w] of texts.entries()) rows.set(documentId * REPORT_PAGE_SPAN + p + 1, { words: w, wo });
    }
  });
}

/** A page of 20–120 words: filler, "clay" on most pages, "basalt" on some, "tuff" on few, "dense sand" pairs. */
function smallPage(r: () => number) {
  const words = Array.from({ length: 20 + Math.floor(r() * 100) }, () => FILLER[Math.floor(r() * 8)]!);
  const put = (w: string, times: number) => {
    for (let k = 0; k < times; k++) words.splice(Math.floor(r() * words.length), 0, w);
  };
  if (r() < 0.8) put("clay", 1 + Math.floor(r() * 4));
  if (r() < 0.2) put("basalt", 1 + Math.floor(r() * 3));
  if (r() < 0.03) put("tuff", 1);
  if (r() < 0.3) words.splice(Math.floor(r() * words.length), 0, "dense", "sand");
  if (r() < 0.2) put("dense", 1);
  return words;
}

const search = (q: string, more: Record<string, unknown> = {}) =>
  searchReports(ctx, reportSearchInput.parse({ q, page_size: 50, ...more }));

/** Every hit of `q` in order, page after page. */
async function allHits(q: string, wo?: string) {
  const out: string[] = [];
  for (let page = 1; ; page++) {
    const r = await search(q, { page, ...(wo ? { wo } : {}) });
    out.push(...r.hits.map((h) => `${h.file_id}:${h.page}`));
    if (r.hits.length < 50) return { keys: out, total: r.total, capped: r.total_capped };
  }
}

/** The ranking as it was before the cap: every hit by BM25, the W.O. prefix through doc_documents. */
async function ftsReference(match: string, wo?: string) {
  const woFilter = wo ? sql`AND d.work_order >= ${wo} AND d.work_order < ${`${wo}~`}` : sql``;
  const got = await t.deps.db.all<{ rid: number }>(sql`
    SELECT f.rowid AS rid FROM report_pages_fts f JOIN doc_documents d ON d.id = f.rowid / ${sql.raw(String(REPORT_PAGE_SPAN))}
    WHERE report_pages_fts MATCH ${match} ${woFilter}
    ORDER BY bm25(report_pages_fts, 1.0, 0.0), f.rowid`);
  return got.map((r) => `${Math.floor(r.rid / REPORT_PAGE_SPAN)}:${r.rid % REPORT_PAGE_SPAN}`);
}

/**
 * BM25 as FTS5 defines it (k1 1.2, b 0.75), computed from the words of every row: the terms AND-ed, each
 * counted in the page text; a row's length counts all its tokens (the text and the work-order column's).
 */
function bm25Reference(terms: string[], wo?: string) {
  const woTokens = (w: string) => w.length;
  let tokens = 0;
  for (const row of rows.values()) tokens += row.words.length + woTokens(row.wo);
  const avg = tokens / rows.size;
  const has = (row: { words: string[] }, term: string) => row.words.filter((w) => w === term).length;
  const n = terms.map((term) => [...rows.values()].filter((row) => has(row, term) > 0).length);
  const idf = n.map((k) => Math.max(1e-6, Math.log((rows.size - k + 0.5) / (k + 0.5))));
  const scored: { key: string; rid: number; score: number }[] = [];
  for (const [rid, row] of rows) {
    if (wo && !row.wo.startsWith(wo)) continue;
    const f = terms.map((term) => has(row, term));
    if (f.some((x) => x === 0)) continue;
    const d = row.words.length + woTokens(row.wo);
    const score = -f.reduce(
      (s, x, i) => s + (idf[i]! * (x * 2.2)) / (x + 1.2 * (0.25 + (0.75 * d) / avg)),
      0,
    );
    scored.push({ key: `${Math.floor(rid / REPORT_PAGE_SPAN)}:${rid % REPORT_PAGE_SPAN}`, rid, score });
  }
  // Scores equal to the last bits are ordered by rowid, as the query's tie-break does.
  const same = (a: number, b: number) => Math.abs(a - b) <= 1e-12 * Math.max(Math.abs(a), Math.abs(b));
  scored.sort((a, b) => (same(a.score, b.score) ? a.rid - b.rid : a.score - b.score));
  return scored.map((s) => s.key);
}

beforeAll(async () => {
  t = await startTestApp({ SEED_DEMO: "false" });
  ctx = { db: t.deps.db } as ServiceCtx;
  const c = await t.deps.db.transaction((tx) =>
    createCollection(tx, { name: REPORTS_DB, title: "Reports", mode: "default", user: "test" }),
  );
  collectionId = c.id;
  await addReports(0, 300, 8, smallPage);
}, 60_000);

afterAll(() => t?.close());

describe("below the cap: exactly the full BM25 ranking", () => {
  const cases: [string, string, string[], string?][] = [
    ["clay", '"clay"*', ["clay"]],
    ['"basalt"', '"basalt"', ["basalt"]],
    ["tuff ", '"tuff"', ["tuff"]],
    ['"dense sand"', '"dense sand"', []],
    ['clay "basalt"', '"clay" AND "basalt"', ["clay", "basalt"]],
    ['"clay"', '"clay"', ["clay"], "1211"],
    ['"basalt"', '"basalt"', ["basalt"], "3"],
    ['"clay"', '"clay"', ["clay"], "1000-0"],
    ['"clay"', '"clay"', ["clay"], "2055-05B"],
    ["bas", '"bas"*', []],
    ["bas", '"bas"*', [], "4"],
  ];
  for (const [q, match, terms, wo] of cases) {
    test(`${q}${wo ? ` within W.O. ${wo}` : ""}`, async () => {
      const got = await allHits(q, wo);
      const want = await ftsReference(match, wo);
      expect(want.length).toBeGreaterThan(0);
      expect(want.length).toBeLessThan(LIST_TOTAL_CAP);
      expect(got.capped).toBe(false);
      expect(got.total).toBe(want.length);
      expect(got.keys).toEqual(want);
      if (terms.length) expect(got.keys).toEqual(bm25Reference(terms, wo));
    });
  }

  test("a page past the last hit is empty, with the total", async () => {
    const r = await search('"tuff"', { page: 99 });
    expect(r.hits).toEqual([]);
    expect(r.total).toBeGreaterThan(0);
  });
});

describe("a report whose work order changes", () => {
  test("is found under its new work order and no longer under the old one", async () => {
    const before = await search('"tuff"', { wo: "9999" });
    expect(before.total).toBe(0);
    const [doc] = await t.deps.db.all<{ id: number; work_order: string }>(sql`
      SELECT d.id, d.work_order FROM doc_documents d JOIN doc_pages p ON p.document_id = d.id
      WHERE p.text LIKE '%tuff%' ORDER BY d.id LIMIT 1`);
    const pagesWithTuff = [...rows.entries()].filter(
      ([rid, row]) => Math.floor(rid / REPORT_PAGE_SPAN) === doc!.id && row.words.includes("tuff"),
    ).length;
    const oldWo = doc!.work_order;
    const oldTotal = (await search('"tuff"', { wo: oldWo })).total;
    await t.deps.db.run(sql`UPDATE doc_documents SET work_order = '9999-01' WHERE id = ${doc!.id}`);
    for (const [rid, row] of rows) if (Math.floor(rid / REPORT_PAGE_SPAN) === doc!.id) row.wo = "9999-01";
    const after = await search('"tuff"', { wo: "9999" });
    expect(after.total).toBe(pagesWithTuff);
    expect(after.hits.every((h) => h.file_id === doc!.id && h.work_order === "9999-01")).toBe(true);
    expect((await search('"tuff"', { wo: oldWo })).total).toBe(oldTotal - pagesWithTuff);
    // Unfiltered, the report's pages are still found, once each.
    expect((await allHits('"tuff"')).keys).toEqual(await ftsReference('"tuff"'));
  });
});

describe("past the cap", () => {
  beforeAll(async () => {
    // 420 more reports of 25 pages, every page with "gravel": 10,500 hits.
    await addReports(1000, 420, 25, (r) => [...smallPage(r).slice(0, 30), "gravel"]);
  }, 60_000);

  test('the total is LIST_TOTAL_CAP ("10,000+") and the newest LIST_TOTAL_CAP hits are listed, latest report first', async () => {
    const got = await allHits('"gravel"');
    expect(got.total).toBe(LIST_TOTAL_CAP);
    expect(got.capped).toBe(true);
    const newest = [...rows.entries()]
      .filter(([, row]) => row.words.includes("gravel"))
      .map(([rid]) => rid)
      .sort((a, b) => b - a)
      .slice(0, LIST_TOTAL_CAP)
      // Latest report first, its pages in order.
      .sort((a, b) => Math.floor(b / REPORT_PAGE_SPAN) - Math.floor(a / REPORT_PAGE_SPAN) || a - b)
      .map((rid) => `${Math.floor(rid / REPORT_PAGE_SPAN)}:${rid % REPORT_PAGE_SPAN}`);
    expect(got.keys).toEqual(newest);
    // A page past the cap is empty; the total stays capped.
    const past = await search('"gravel"', { page: LIST_TOTAL_CAP / 50 + 1 });
    expect(past).toEqual({ hits: [], total: LIST_TOTAL_CAP, total_capped: true });
  }, 60_000);

  test("a narrower search under the cap is still counted and ranked exactly", async () => {
    const q = '"gravel" "basalt"';
    const want = await ftsReference('"gravel" AND "basalt"');
    expect(want.length).toBeLessThan(LIST_TOTAL_CAP);
    const got = await allHits(q);
    expect(got).toEqual({ keys: want, total: want.length, capped: false });
  });

  test("a W.O. prefix narrows inside the index: counted exactly below the cap", async () => {
    const want = await ftsReference('"gravel"', "1211");
    const got = await allHits('"gravel"', "1211");
    expect(got).toEqual({ keys: want, total: want.length, capped: false });
  });
});
