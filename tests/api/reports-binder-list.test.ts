/**
 * The binder list against a plain reference: whichever way the list engine finds the page (a walk of the sort
 * index, or a fetch of every match through the filters' indexes or the trigram index), the rows and the total
 * must equal filtering and sorting every row in JavaScript. Both ways are also forced one at a time. Then the
 * two product rules: a search needs 2 characters, and a counted total stops at LIST_TOTAL_CAP.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { reportsBinder } from "@server/db/schema";
import { binderQuery, listBinder, toBinderRow } from "@server/domains/reports-binder/queries";
import { idRange } from "@server/lib/fts-estimate";
import { candidateText } from "@server/lib/list-engine";
import { LIST_TOTAL_CAP, SEARCH_TOO_SHORT } from "@shared/list-total";
import { BINDER_SORTS, type BinderRow, binderListInput } from "@shared/reports-binder";
import { sql } from "drizzle-orm";
import { DEMO, startTestApp, type TestApp } from "../helpers/app";
import { callerAs } from "../helpers/caller";
import { pageOneWay } from "../helpers/list-engine";

let t: TestApp;
let all: BinderRow[] = [];
const ROWS = 6000;
const INITIALS = ["GS", "AT", "TT", "KM", "GS:AT", "AT:TT", "NK"];

type NewRow = typeof reportsBinder.$inferInsert;
async function insertRows(rows: NewRow[]) {
  await t.deps.db.transaction(async (tx) => {
    for (let i = 0; i < rows.length; i += 500) await tx.insert(reportsBinder).values(rows.slice(i, i + 500));
  });
}

beforeAll(async () => {
  t = await startTestApp();
  await t.deps.db.run(sql`delete from reports_binder`);
  const rows = Array.from({ length: ROWS }, (_, i) => {
    const wo = `${1000 + Math.floor(i / 40)}-${String(i % 40).padStart(2, "0")}${i % 9 === 0 ? "(A)" : ""}`;
    return {
      pdfFile: i % 50 === 0 ? `GS survey ${i}.pdf` : `${wo}.Project ${i % 97}.pdf`,
      date: i % 13 === 0 ? null : `20${String(10 + (i % 15)).padStart(2, "0")}-0${1 + (i % 9)}-1${i % 10}`,
      workOrder: wo,
      engineerInitials: INITIALS[i % INITIALS.length]!,
      billing: i % 7 === 0 ? "" : String(10000 + ((i * 7919) % 89999)),
      dateSent: null,
      pageLabel: "",
      createdBy: "test",
      updatedBy: "test",
    };
  });
  await insertRows(rows);
  const page = await listBinder(t.deps.db, binderListInput.parse({ page_size: 100 }));
  expect(page.total).toBe(ROWS);
  all = (await t.deps.db.select().from(reportsBinder)).map(toBinderRow);
}, 60_000);

afterAll(() => t?.close());

type Input = ReturnType<typeof binderListInput.parse>;

function reference(input: Input) {
  const q = input.q.toLowerCase();
  const fields = (r: BinderRow) => [r.pdf_file, r.work_order, r.engineer_initials, r.billing];
  const rows = all.filter((r) => {
    if (q) {
      const hit =
        [...input.q].length < 3
          ? fields(r).some((f) => f.toLowerCase().startsWith(q))
          : fields(r).some((f) => f.toLowerCase().includes(q));
      if (!hit) return false;
    }
    if (input.wo && !r.work_order.startsWith(input.wo)) return false;
    if (input.eng && !r.engineer_initials.startsWith(input.eng)) return false;
    if (input.billing_only && !r.billing) return false;
    if (input.date_from && !(r.date && r.date >= input.date_from)) return false;
    if (input.date_to && !(r.date && r.date <= input.date_to)) return false;
    return true;
  });
  const key = (r: BinderRow) => (r as unknown as Record<string, string>)[input.sort_by] ?? "";
  const dir = input.sort_dir === "asc" ? 1 : -1;
  // SQL sorts NULL (shown as "") first ascending; "" sorts first as text too.
  rows.sort((a, b) => (key(a) < key(b) ? -dir : key(a) > key(b) ? dir : (a.id - b.id) * dir));
  const start = (input.page - 1) * input.page_size;
  return { total: rows.length, ids: rows.slice(start, start + input.page_size).map((r) => r.id) };
}

const cases: Record<string, unknown>[] = [
  {},
  { q: "GS" },
  { q: "gs", date_from: "2012-01-01" },
  { q: "10", sort_by: "work_order", sort_dir: "asc" },
  { q: "Project 42" },
  { q: "project 4", billing_only: true, sort_by: "billing" },
  { q: "1012-0", page: 2, page_size: 10 },
  { q: "survey 15" },
  { q: "(A).Pro", sort_by: "engineer_initials", sort_dir: "asc" },
  { q: "nothing like this" },
  { q: 'a"b' },
  { eng: "AT", billing_only: true, date_from: "2014-01-01", date_to: "2020-12-31", sort_by: "billing" },
  { wo: "1050", sort_by: "date_sent" },
  { billing_only: true, page: 3, page_size: 50 },
  { q: "pr", wo: "11", sort_by: "date", sort_dir: "asc", page: 4, page_size: 10 },
  { date_from: "2015-03-01", date_to: "2016-09-30", sort_by: "date", page: 2, page_size: 100 },
];

describe("binder list equals the reference", () => {
  for (const c of cases) {
    test(JSON.stringify(c), async () => {
      const input = binderListInput.parse(c);
      const got = await listBinder(t.deps.db, input);
      const want = reference(input);
      expect({ total: got.total, capped: got.total_capped }).toEqual({ total: want.total, capped: false });
      expect(got.rows.map((r) => r.id)).toEqual(want.ids);
    });
  }

  test("a walk alone and a fetch alone give the reference page for every sort and direction", async () => {
    let nonEmpty = 0;
    for (const c of cases)
      for (const sort_by of BINDER_SORTS)
        for (const sort_dir of ["asc", "desc"]) {
          const input = binderListInput.parse({ ...c, sort_by, sort_dir });
          const want = reference(input);
          const page = { offset: (input.page - 1) * input.page_size, limit: input.page_size };
          const q = binderQuery(input);
          const walk = await pageOneWay(t.deps.db, "walk", q, page);
          const fetch = await pageOneWay(t.deps.db, "fetch", q, page);
          expect({ c, sort_by, sort_dir, walk, fetch }).toEqual({
            c,
            sort_by,
            sort_dir,
            walk: want.ids,
            fetch: want.ids,
          });
          if (want.ids.length) nonEmpty++;
        }
    expect(nonEmpty).toBeGreaterThan(100);
  });
});

describe("a search's candidates from one trigram", () => {
  test("finding the candidates by any one trigram of the text gives the reference page (fetch forced)", async () => {
    let checked = 0;
    for (const c of cases) {
      const input = binderListInput.parse(c);
      const chars = [...input.q.toLowerCase()];
      if (chars.length < 3) continue;
      const want = reference(input);
      const page = { offset: (input.page - 1) * input.page_size, limit: input.page_size };
      for (let i = 0; i + 3 <= chars.length; i++) {
        const trigram = chars.slice(i, i + 3).join("");
        expect({
          c,
          trigram,
          ids: await pageOneWay(t.deps.db, "fetch", binderQuery(input, trigram), page),
        }).toEqual({
          c,
          trigram,
          ids: want.ids,
        });
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(10);
  });

  test("text whose words are in every row is found through its rare part; the whole text when no part is rare", async () => {
    // "Project" is in nearly every file name; " 42" in a few.
    const range = await idRange(t.deps.db, "reports_binder");
    const candidates = (q: string) => candidateText(t.deps.db, "reports_binder_fts", q, range);
    expect(await candidates("Project 42")).toBe(" 42");
    expect(await candidates("Project")).toBe("Project");
  });
});

describe("search text needs 2 characters", () => {
  test("a 1-character search is refused on both doors with the message; 2 characters list", async () => {
    const user = await callerAs(t, DEMO.user);
    for (const q of ["G", " 1 "]) {
      const err = await user.reportsBinder.list({ q }).then(
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
    const res = await t.request("/api/reports-binder/?q=G", { cookie });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toContain(SEARCH_TOO_SHORT);
    const want = reference(binderListInput.parse({ q: "GS" }));
    expect(want.total).toBeGreaterThan(0);
    const listed = await user.reportsBinder.list({ q: "GS" });
    expect({ total: listed.total, ids: listed.rows.map((r) => r.id) }).toEqual(want);
    const rest = await t.request("/api/reports-binder/?q=GS", { cookie });
    expect(rest.status).toBe(200);
    expect(((await rest.json()) as { total: number }).total).toBe(want.total);
  });
});

describe("totals stop at the cap", () => {
  // Runs last: it adds LIST_TOTAL_CAP + 1 rows of work order 7777-…, and removes them after.
  test("a filter or search matching exactly the cap is exact; one more reads as the cap with total_capped, REST { rows, total }", async () => {
    const row = (i: number): NewRow => ({
      workOrder: `7777-${String(i).padStart(5, "0")}`,
      pdfFile: `7777-${String(i).padStart(5, "0")}.Quarry.pdf`,
      date: "2021-05-06",
      engineerInitials: "QZ",
      billing: "",
      createdBy: "test",
      updatedBy: "test",
    });
    const user = await callerAs(t, DEMO.user);
    const cookie = await t.login(DEMO.user);
    const totals = async (input: Parameters<typeof user.reportsBinder.list>[0]) => {
      const page = await user.reportsBinder.list(input);
      return { total: page.total, capped: page.total_capped };
    };
    try {
      await insertRows(Array.from({ length: LIST_TOTAL_CAP }, (_, i) => row(i)));
      for (const input of [{ wo: "7777" }, { q: "7777-" }, { eng: "QZ", date_from: "2021-01-01" }])
        expect({ input, ...(await totals(input)) }).toEqual({ input, total: LIST_TOTAL_CAP, capped: false });

      await insertRows([row(LIST_TOTAL_CAP)]);
      for (const input of [{ wo: "7777" }, { q: "7777-" }, { eng: "QZ", date_from: "2021-01-01" }])
        expect({ input, ...(await totals(input)) }).toEqual({ input, total: LIST_TOTAL_CAP, capped: true });
      // Exactly the cap still counts exactly beside them (7777-00000 to 7777-09999).
      expect(await totals({ wo: "7777-0" })).toEqual({ total: LIST_TOTAL_CAP, capped: false });
      // The page is the first of the matches in order; the page past the cap still reaches the last one.
      const first = await user.reportsBinder.list({ wo: "7777", sort_by: "work_order", sort_dir: "asc" });
      expect(first.rows[0]!.work_order).toBe("7777-00000");
      const past = await user.reportsBinder.list({
        wo: "7777",
        sort_by: "work_order",
        sort_dir: "asc",
        page: 101,
        page_size: 100,
      });
      expect(past.rows.map((r) => r.work_order)).toEqual([`7777-${LIST_TOTAL_CAP}`]);

      const res = await t.request("/api/reports-binder/?wo=7777&sort_by=work_order&sort_dir=asc", { cookie });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { rows: BinderRow[]; total: number };
      expect(Object.keys(body).sort()).toEqual(["rows", "total"]);
      expect(body.total).toBe(LIST_TOTAL_CAP);
      expect(body.rows).toHaveLength(25);
    } finally {
      await t.deps.db.run(sql`DELETE FROM reports_binder WHERE engineer_initials = 'QZ'`);
    }
  }, 60_000);
});
