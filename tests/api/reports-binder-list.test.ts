/**
 * The binder list against a plain reference: whichever plan the server picks for the free text (prefix ranges,
 * trigram phrase, or rarest trigram plus an exact check) and for the page (filter index or sort index), the rows
 * and the total must equal filtering and sorting every row in JavaScript.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { reportsBinder } from "@server/db/schema";
import { listBinder, planSearch, toBinderRow } from "@server/domains/reports-binder/queries";
import { pickRareTrigram, type TrigramSample, trigramsOf } from "@server/domains/reports-binder/rare-trigram";
import { type BinderRow, binderListInput } from "@shared/reports-binder";
import { sql } from "drizzle-orm";
import { startTestApp, type TestApp } from "../helpers/app";

let t: TestApp;
let all: BinderRow[] = [];
const ROWS = 6000;
const INITIALS = ["GS", "AT", "TT", "KM", "GS:AT", "AT:TT", "NK"];

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
  for (let i = 0; i < rows.length; i += 500)
    await t.deps.db.insert(reportsBinder).values(rows.slice(i, i + 500));
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

describe("binder list equals the reference", () => {
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
  ];
  for (const c of cases) {
    test(JSON.stringify(c), async () => {
      const input = binderListInput.parse(c);
      const got = await listBinder(t.deps.db, input);
      const want = reference(input);
      expect(got.total).toBe(want.total);
      expect(got.rows.map((r) => r.id)).toEqual(want.ids);
    });
  }

  test("a long search over common words takes the rarest-trigram plan; a short one probes its columns", async () => {
    expect((await planSearch(t.deps.db, "Project 42")).kind).toBe("rare");
    const short = await planSearch(t.deps.db, "GS");
    // GS starts initials and some file names, never a work order or a billing number.
    expect(short.kind === "prefix" && short.ranges.length).toBe(2);
    const none = await planSearch(t.deps.db, "ZZ");
    expect(none.kind === "prefix" && none.ranges.length).toBe(0);
  });
});

describe("rarest trigram", () => {
  const sample = (rows: number, df: Record<string, number>): TrigramSample => ({
    rows,
    df: new Map(Object.entries(df)),
    at: 0,
  });

  test("trigrams are case-folded windows of three characters", () => {
    expect(trigramsOf("AbCd")).toEqual(["abc", "bcd"]);
  });

  test("picks the rare trigram when the others are in most rows", () => {
    const s = sample(1000, {
      pro: 1000,
      roj: 1000,
      oje: 1000,
      jec: 1000,
      ect: 1000,
      "ct ": 1000,
      "t 4": 110,
    });
    expect(pickRareTrigram("Project 42", s)).toBe(" 42");
  });

  test("keeps the phrase when no trigram is much rarer than the rest, for short text, or for non-ASCII text", () => {
    expect(
      pickRareTrigram("1234-0", sample(1000, { "123": 30, "234": 30, "34-": 20, "4-0": 25 })),
    ).toBeNull();
    expect(pickRareTrigram("abc", sample(1000, {}))).toBeNull();
    expect(pickRareTrigram("Kīhei pump", sample(1000, { pum: 1000, ump: 1000 }))).toBeNull();
    expect(pickRareTrigram("anything", sample(0, {}))).toBeNull();
  });
});
