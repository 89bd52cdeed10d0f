import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { directoryEntries, personalContacts, projects, users } from "@server/db/schema";
import type { SearchGroup, SearchKind, SearchResult } from "@shared/search";
import { SEARCH_TOO_LONG, SEARCH_TOO_SHORT } from "@shared/search";
import { workOrderKey } from "@shared/work-orders";
import { DEMO, startTestApp, type TestApp } from "../helpers/app";
import { callerAs } from "../helpers/caller";
import { processFile } from "../helpers/documents";
import { HOSTILE_STRINGS } from "../helpers/hostile";
import { textPdf } from "../helpers/pdfs";
import { bulkIndex } from "../helpers/reports";

/**
 * GET /api/search and tRPC search.*: one box finds every kind, each group as its own screen shows it to the
 * caller, and no text a person can type makes it fail. All material is invented (rare made-up words).
 */
let t: TestApp;
const cookie: Record<string, string> = {};
const USER2 = "noe.kahale@geolabs.example";

const line = (workOrder: string, client: string, project: string) => ({
  workOrder,
  woKey: workOrderKey(workOrder),
  client,
  project,
  pr: "PR-9",
  date: "2025-01-02",
  principalEngineer: "Q. Vantreel",
  invoiceNumber: "",
  finalReportDate: "",
});

const post = async (who: string, path: string, json: unknown) => {
  const res = await t.request(path, { method: "POST", json, cookie: cookie[who] });
  expect(res.status).toBeLessThan(300);
  return res.json();
};

beforeAll(async () => {
  t = await startTestApp();
  await t.deps.db.insert(users).values({
    email: USER2,
    name: "Noe Kahale",
    role: "User",
    source: "test",
    passwordHash: await Bun.password.hash("geolabs-demo"),
  });
  for (const who of ["user", "admin", "owner"] as const) cookie[who] = await t.login(DEMO[who]);
  cookie.user2 = await t.login(USER2);
  await t.deps.db
    .insert(projects)
    .values([
      line("7391-01", "Zorvath Holdings", "Quillmere Reservoir Dam"),
      line("7391-02(A)", "Zorvath Holdings", "Quillmere Spillway"),
      line("7392-01", "Brannock Ohana Trust", "Pelliwick Bridge Retrofit"),
    ]);
  await t.deps.db.insert(directoryEntries).values({
    name: "Oriel Vashti",
    email: "oriel.vashti@geolabs.example",
    title: "Drilling Inspector",
    department: "Field",
  });
  await t.deps.db.insert(personalContacts).values([
    { owner: DEMO.user, name: "Fennimore Glasswright", email: "fenn@client.example" },
    { owner: DEMO.admin, name: "Fennimore Ostrander", email: "ostrander@client.example" },
  ]);
  const indexed = await bulkIndex(t, cookie.admin, [
    {
      name: "7391-01.Quillmere Dam.pdf",
      content: await textPdf(["Groundwater met at 14 ft near the plinthoid."]),
    },
  ]);
  expect(indexed.body.indexed).toBe(1);
  const doc = await processFile(
    t,
    cookie.admin,
    { db_name: "safety.db", action: "new" },
    {
      name: "Harness Rules.pdf",
      content: await textPdf(["Every climber checks the grommetine before use."]),
    },
  );
  expect(doc.status).toBe(200);
  const ticket = (title: string) => ({
    title,
    description: "Ribbon jams.",
    type: "hardware",
    priority: "low",
  });
  await post("user", "/api/tickets", ticket("Sprocketine printer in Hilo"));
  await post("owner", "/api/tickets", ticket("Sprocketine scanner for the owner"));
  await post("user", "/api/core-boxes", {
    work_order: "7391-01",
    project: "Quillmere Reservoir Dam",
    report_submission_date: "2025-05-01",
  });
  await post("user", "/api/reports-binder", {
    work_order: "7391-01",
    engineer_initials: "QV",
    date: "2025-05-01",
    pdf_file: "7391-01 Quillmere final.pdf",
  });
  await post("user", "/api/reports-binder", { work_order: "7391-02A", engineer_initials: "QV" });
}, 120_000);
afterAll(() => t.close());

const search = async (q: string, who = "user", limit?: number) => {
  const params = new URLSearchParams({ q, ...(limit === undefined ? {} : { limit: String(limit) }) });
  const res = await t.request(`/api/search?${params}`, { cookie: cookie[who] });
  const body = (await res.json()) as SearchResult & { error?: string };
  return { status: res.status, body };
};
const groupOf = (r: SearchResult, kind: SearchKind) => r.groups.find((g) => g.kind === kind) as SearchGroup;
const titles = (r: SearchResult, kind: SearchKind) => groupOf(r, kind).hits.map((h) => h.title);

describe("each kind is found, with the line that matched and a link to its place", () => {
  test("work orders by partial number, by client and by project name", async () => {
    const byNumber = (await search("7391")).body;
    expect(titles(byNumber, "work_orders")).toEqual(["7391-01", "7391-02(A)"]);
    expect(groupOf(byNumber, "work_orders").hits[1]!.link).toBe("/work-orders/7391-02A");
    const byClient = (await search("zorvath")).body;
    expect(titles(byClient, "work_orders")).toContain("7391-01");
    expect(groupOf(byClient, "work_orders").count).toBe(2);
    const byProject = (await search("pelliwick bri")).body;
    const hit = groupOf(byProject, "work_orders").hits[0]!;
    expect(hit.title).toBe("7392-01");
    expect(hit.detail).toBe("Brannock Ohana Trust · Pelliwick Bridge Retrofit");
    expect(hit.snippet.filter((p) => p.hit).map((p) => p.text)).toEqual(["Pelliwick", "Bri"]);
  });

  test("a whole work order missing from the register still links to its page", async () => {
    const { body } = await search("7399-04");
    expect(groupOf(body, "work_orders").hits[0]).toMatchObject({
      title: "7399-04",
      detail: "Not in the project register",
      link: "/work-orders/7399-04",
    });
  });

  test("reports by text and by file name, document databases' pages, people, boxes and binder rows", async () => {
    const text = (await search("plinthoid")).body;
    const page = groupOf(text, "reports").hits[0]!;
    expect(page.title).toBe("7391-01.Quillmere Dam.pdf");
    expect(page.snippet.some((p) => p.hit && p.text === "plinthoid")).toBe(true);
    expect(page.link).toStartWith("/reports?q=plinthoid");
    expect(titles((await search("Quillmere Dam")).body, "reports")).toContain("7391-01.Quillmere Dam.pdf");
    const docs = (await search("grommetine")).body;
    expect(groupOf(docs, "documents").hits[0]).toMatchObject({
      title: "Harness Rules.pdf",
      link: "/db-viewer?db=safety.db&q=Harness+Rules.pdf",
    });
    expect(titles((await search("vashti")).body, "people")).toEqual(["Oriel Vashti"]);
    const boxes = (await search("quillmere reservoir")).body;
    expect(titles(boxes, "core_boxes")).toEqual(["7391-01"]);
    expect(groupOf(boxes, "core_boxes").hits[0]!.link).toBe("/core-box-inventory?q=7391-01");
    const binder = (await search("Quillmere final")).body;
    expect(titles(binder, "binder")).toEqual(["7391-01 Quillmere final.pdf"]);
    // A row with no file yet is named by its work order and opens the binder filtered to it.
    const bare = groupOf((await search("7391-02")).body, "binder").hits[0]!;
    expect(bare).toMatchObject({ title: "7391-02A", link: "/reports-binder?wo=7391-02A" });
  });

  test("groups come in one order with counts; limit caps each group's rows, not its count", async () => {
    const { body } = await search("7391", "user", 1);
    expect(body.groups.map((g) => g.kind)).toEqual([
      "work_orders",
      "reports",
      "documents",
      "people",
      "tickets",
      "core_boxes",
      "binder",
    ]);
    expect(groupOf(body, "work_orders").hits).toHaveLength(1);
    expect(groupOf(body, "work_orders").count).toBe(2);
  });
});

describe("each person sees what their screens show them", () => {
  test("a User finds their own tickets only; an Admin finds everyone's (REST)", async () => {
    expect(titles((await search("sprocketine", "user")).body, "tickets")).toEqual([
      expect.stringContaining("Sprocketine printer in Hilo"),
    ]);
    expect(titles((await search("sprocketine", "user2")).body, "tickets")).toEqual([]);
    const admin = titles((await search("sprocketine", "admin")).body, "tickets");
    expect(admin).toHaveLength(2);
    expect(admin.some((t) => t.includes("for the owner"))).toBe(true);
  });

  test("the same on the tRPC door, for suggestions too", async () => {
    const user = await callerAs(t, DEMO.user);
    const all = await user.search.all({ q: "sprocketine" });
    expect(groupOf(all, "tickets").hits.map((h) => h.title)).toEqual([
      expect.stringContaining("printer in Hilo"),
    ]);
    const suggested = await user.search.suggest({ q: "sprocketine" });
    expect(groupOf(suggested, "tickets").count).toBe(1);
    const admin = await callerAs(t, DEMO.admin);
    expect(groupOf(await admin.search.all({ q: "sprocketine" }), "tickets").count).toBe(2);
  });

  test("personal contacts are their owner's alone", async () => {
    expect(titles((await search("fennimore", "user")).body, "people")).toEqual(["Fennimore Glasswright"]);
    expect(titles((await search("fennimore", "admin")).body, "people")).toEqual(["Fennimore Ostrander"]);
  });

  test("signed out is refused", async () => {
    const res = await t.request("/api/search?q=quillmere");
    expect(res.status).toBe(401);
  });
});

describe("whatever is typed: a 400 with a sentence, or results, never a 500", () => {
  test.each([
    ...HOSTILE_STRINGS.map((q) => [q.slice(0, 40)] as const),
    [`"foo* OR`],
    ["NEAR(quillmere zorvath, 2)"],
    ["quillmere AND NOT"],
    ["{work_order}: 7391*"],
    ["\ud800 lone surrogate"],
    ["e\u0301\u0301\u0301 zalgo"],
    ["％７３９１"],
    ["😀".repeat(200)],
    [`${"a OR b* ".repeat(24)}NEAR(`],
    ["7391-01(A) OR 7391*"],
  ])("%p", async (q) => {
    const { status, body } = await search(q);
    expect([200, 400]).toContain(status);
    if (status === 400) expect(body.error).toMatch(/\w+ \w+/);
    else expect(body.groups).toHaveLength(7);
  });

  test("too long, too short, empty and NUL-only get their sentence", async () => {
    expect((await search("x".repeat(201))).body.error).toContain(SEARCH_TOO_LONG);
    expect((await search("x".repeat(5000))).body.error).toContain(SEARCH_TOO_LONG);
    expect((await search("x")).body.error).toContain(SEARCH_TOO_SHORT);
    const nul = await search("\u0000\u0000\u0000");
    expect(nul.status).toBe(400);
    const none = await t.request("/api/search", { cookie: cookie.user });
    expect(none.status).toBe(400);
  });

  test("limit stays within 1 to 20 on both doors", async () => {
    for (const limit of [0, 21, -1, 2.5]) {
      const { status, body } = await search("quillmere", "user", limit);
      expect(status).toBe(400);
      expect(body.error).toContain("limit must be a whole number from 1 to 20");
    }
    expect((await search("quillmere", "user", 20)).status).toBe(200);
    const user = await callerAs(t, DEMO.user);
    expect(user.search.all({ q: "quillmere", limit: 21 })).rejects.toThrow("limit must be");
    expect(user.search.all({ q: "x" })).rejects.toThrow(SEARCH_TOO_SHORT);
  });
});

describe("the Work Orders finder", () => {
  test("finds the register by number prefix, client or project name", async () => {
    const user = await callerAs(t, DEMO.user);
    const byPrefix = await user.search.workOrders({ q: "7392" });
    expect(byPrefix.hits.map((h) => h.title)).toEqual(["7392-01"]);
    const byName = await user.search.workOrders({ q: "quillmere spill" });
    expect(byName.hits.map((h) => h.title)).toEqual(["7391-02(A)"]);
  });
});
