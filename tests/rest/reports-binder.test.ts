import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { reportsBinder } from "@server/db/schema";
import { parse } from "csv-parse/sync";
import { DEMO, startTestApp, type TestApp } from "../helpers/app";

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await startTestApp();
  // Start from an empty binder (the demo seed fills it) so counts and health are exact.
  await t.deps.db.delete(reportsBinder);
  cookie = await t.login(DEMO.user);
});
afterAll(() => t.close());

const post = (path: string, json: unknown) => t.request(path, { method: "POST", json, cookie });
const put = (path: string, json: unknown) => t.request(path, { method: "PUT", json, cookie });
const get = (path: string) => t.request(path, { cookie });
const del = (path: string) => t.request(path, { method: "DELETE", cookie });
const errorOf = async (res: Response) => ((await res.json()) as { error: string }).error;

describe("health", () => {
  test("reports the logical database, never a file path; db_exists turns true with the first row", async () => {
    const before = (await (await get("/api/reports-binder/_health")).json()) as Record<string, unknown>;
    expect(before).toEqual({ ok: true, db_exists: false, db_path: "reports_binder", error: null });
    expect((await post("/api/reports-binder", { work_order: "1000-01" })).status).toBe(200);
    const after = (await (await get("/api/reports-binder/_health")).json()) as Record<string, unknown>;
    expect(after.db_exists).toBe(true);
    expect(JSON.stringify(after)).not.toContain(t.dataDir);
  });
});

describe("rules", () => {
  test("work order and initials are stored upper-case; billing digits kept", async () => {
    const res = await post("/api/reports-binder", {
      work_order: " 1234-56a ",
      engineer_initials: "gs:at",
      billing: "12345",
      date: "2026-03-04",
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      work_order: "1234-56A",
      engineer_initials: "GS:AT",
      billing: "12345",
      date: "2026-03-04",
      date_sent: "",
    });
  });
  test("billing sent as a whole JSON number is stored as its digits", async () => {
    const res = await post("/api/reports-binder", { work_order: "1000-02", billing: 12345 });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { billing: string }).billing).toBe("12345");
  });
  test("several bad fields: one sentence each, never joined with '.;'", async () => {
    const res = await post("/api/reports-binder", {
      work_order: "1000-01",
      billing: "12x",
      engineer_initials: "a1",
    });
    expect(res.status).toBe(400);
    const error = await errorOf(res);
    expect(error).toBe(
      "Initials must look like GS:AT:TT (letters separated by colons). Billing accepts digits only.",
    );
    expect(error).not.toContain(";");
  });
  test("bad input is a 400 with a message a person understands", async () => {
    const cases: [unknown, RegExp][] = [
      [{}, /Work Order is required\./],
      [{ work_order: "   " }, /Work Order is required\./],
      [{ work_order: "1000-01", billing: "12a45" }, /Billing accepts digits only/],
      [{ work_order: "1000-01", billing: "12x" }, /^Billing accepts digits only\.$/],
      [{ work_order: "1000-01", billing: 12.5 }, /^Billing accepts digits only\.$/],
      [{ work_order: "1000-01", billing: -3 }, /^Billing accepts digits only\.$/],
      [{ work_order: "1000-01", billing: true }, /^Billing accepts digits only\.$/],
      [{ work_order: "1000-01", engineer_initials: 5 }, /^Initials must look like GS:AT:TT/],
      [{ work_order: "1000-01", engineer_initials: "G S" }, /Initials must look like GS:AT:TT/],
      [{ work_order: "1000-01", date: "2026-02-30" }, /not a real calendar date/],
      [{ work_order: "1000-01", date: "03/04/2026" }, /YYYY-MM-DD/],
      [{ work_order: "x".repeat(40) }, /^A work order is four digits/],
      [{ work_order: "1000-01", pdf_file: "a\u0000b" }, /control characters/],
      [{ work_order: 1234 }, /work order/i],
    ];
    for (const [body, message] of cases) {
      const res = await post("/api/reports-binder", body);
      expect(res.status).toBe(400);
      expect(await errorOf(res)).toMatch(message);
    }
  });
  test("list filters: bad sort, page size 0 / 10000, reversed dates are 400s; SQL-looking text is just text", async () => {
    for (const q of [
      "sort_by=drop",
      "page_size=0",
      "page_size=10000",
      "date_from=2026-02-01&date_to=2026-01-01",
      "billing_only=maybe",
    ]) {
      expect((await get(`/api/reports-binder?${q}`)).status).toBe(400);
    }
    const res = await get(`/api/reports-binder?q=${encodeURIComponent("'; drop table reports_binder; --")}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ rows: [], total: 0 });
  });
  test("PUT changes only the fields it is sent; unknown ids are 404", async () => {
    const created = (await (
      await post("/api/reports-binder", { work_order: "2000-01", engineer_initials: "AB", billing: "55555" })
    ).json()) as { id: number };
    const res = await put(`/api/reports-binder/${created.id}`, { billing: "66666" });
    expect(await res.json()).toMatchObject({
      work_order: "2000-01",
      engineer_initials: "AB",
      billing: "66666",
    });
    expect((await put("/api/reports-binder/999999", { billing: "1" })).status).toBe(404);
    expect((await put("/api/reports-binder/abc", { billing: "1" })).status).toBe(400);
  });
});

describe("filters and sorting", () => {
  beforeAll(async () => {
    const rows = [
      {
        work_order: "3100-01",
        engineer_initials: "GS:AT",
        billing: "10001",
        date: "2025-01-10",
        pdf_file: "Kapolei bridge.pdf",
      },
      {
        work_order: "3100-02(A)",
        engineer_initials: "TT",
        billing: "",
        date: "2025-02-10",
        pdf_file: "Hilo seawall.pdf",
      },
      {
        work_order: "3101-01",
        engineer_initials: "GS",
        billing: "20002",
        date: "2025-03-10",
        pdf_file: "Kona airport.pdf",
      },
    ];
    for (const r of rows) await post("/api/reports-binder", r);
  });
  test("wo matches exact or prefix", async () => {
    const exact = (await (await get("/api/reports-binder?wo=3100-01")).json()) as {
      rows: { work_order: string }[];
    };
    expect(exact.rows.map((r) => r.work_order)).toEqual(["3100-01"]);
    const prefix = (await (
      await get("/api/reports-binder?wo=3100&sort_by=work_order&sort_dir=asc")
    ).json()) as { rows: { work_order: string }[] };
    expect(prefix.rows.map((r) => r.work_order)).toEqual(["3100-01", "3100-02(A)"]);
  });
  test("q matches file, work order, initials and billing (short and long text)", async () => {
    const byFile = (await (await get("/api/reports-binder?q=seawall")).json()) as { total: number };
    expect(byFile.total).toBe(1);
    const byBilling = (await (await get("/api/reports-binder?q=20002")).json()) as {
      rows: { work_order: string }[];
    };
    expect(byBilling.rows.map((r) => r.work_order)).toEqual(["3101-01"]);
    const short = (await (await get("/api/reports-binder?q=TT")).json()) as { total: number };
    expect(short.total).toBeGreaterThanOrEqual(1);
  });
  test("initials, has billing and the date range narrow the list; default sort is date descending", async () => {
    const res = (await (
      await get("/api/reports-binder?eng=gs&billing_only=1&date_from=2025-01-01&date_to=2025-12-31")
    ).json()) as { rows: { work_order: string }[] };
    expect(res.rows.map((r) => r.work_order)).toEqual(["3101-01", "3100-01"]);
  });
});

describe("removal, bulk removal and undo", () => {
  test("delete answers a change id; restore brings the row back exactly once", async () => {
    const row = (await (
      await post("/api/reports-binder", { work_order: "4000-01", billing: "44444" })
    ).json()) as { id: number };
    const res = await del(`/api/reports-binder/${row.id}`);
    const { change_id } = (await res.json()) as { change_id: number };
    expect(change_id).toBeGreaterThan(0);
    expect(
      (await get("/api/reports-binder?wo=4000-01").then((r) => r.json())) as { total: number },
    ).toMatchObject({ total: 0 });
    const again = await post("/api/reports-binder/restore", { change_id });
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ id: row.id, work_order: "4000-01", billing: "44444" });
    const twice = await post("/api/reports-binder/restore", { change_id });
    expect(twice.status).toBe(409);
  });
  test("bulk delete removes what exists and names the ids that were missing", async () => {
    const a = (await (await post("/api/reports-binder", { work_order: "5000-01" })).json()) as { id: number };
    const b = (await (await post("/api/reports-binder", { work_order: "5000-02" })).json()) as { id: number };
    const res = await post("/api/reports-binder/bulk-delete", { ids: [a.id, b.id, 987654] });
    const body = (await res.json()) as { deleted: { id: number }[]; missing: number[] };
    expect(body.deleted.map((d) => d.id).sort()).toEqual([a.id, b.id].sort());
    expect(body.missing).toEqual([987654]);
    expect((await post("/api/reports-binder/bulk-delete", { ids: [] })).status).toBe(400);
    expect((await post("/api/reports-binder/bulk-delete", { ids: ["x"] })).status).toBe(400);
  });
  test("every change records the signed-in user, not a header or body field", async () => {
    const res = await t.request("/api/reports-binder", {
      method: "POST",
      cookie,
      json: { work_order: "6000-01", user: "someone@else.example" },
      headers: { "X-User": "someone@else.example" },
    });
    expect(res.status).toBe(200);
    const admin = await t.login(DEMO.admin);
    const changes = await t.request(
      `/trpc/reportsBinder.changes?input=${encodeURIComponent(JSON.stringify({ limit: 5 }))}`,
      { cookie: admin },
    );
    const body = (await changes.json()) as { result: { data: { work_order: string; user: string }[] } };
    expect(body.result.data.find((c) => c.work_order === "6000-01")?.user).toBe(DEMO.user);
  });
  test("signed-out callers get 401 on every binder path", async () => {
    for (const [method, path] of [
      ["GET", "/api/reports-binder"],
      ["GET", "/api/reports-binder/_health"],
      ["POST", "/api/reports-binder"],
      ["PUT", "/api/reports-binder/1"],
      ["DELETE", "/api/reports-binder/1"],
      ["POST", "/api/reports-binder/bulk-delete"],
      ["GET", "/api/reports-binder/export.csv"],
    ] as const) {
      const res = await t.request(path, { method, json: method === "GET" ? undefined : {} });
      expect(res.status).toBe(401);
    }
  });
});

describe("CSV export", () => {
  test("every matching row, RFC 4180, UTF-8 with BOM, survives quotes, commas, newlines and Unicode", async () => {
    const tricky = 'Report "A", Mānoa\nsecond line.pdf';
    await post("/api/reports-binder", { work_order: "7000-01", pdf_file: tricky, engineer_initials: "OA" });
    await post("/api/reports-binder", { work_order: "7000-02", pdf_file: '=HYPERLINK("x")' });
    const res = await get("/api/reports-binder/export.csv?wo=7000");
    expect(res.headers.get("content-type")).toContain("text/csv");
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parse(new TextDecoder().decode(bytes), { columns: true }) as Record<string, string>[];
    expect(rows.map((r) => r.work_order).sort()).toEqual(["7000-01", "7000-02"]);
    expect(rows.find((r) => r.work_order === "7000-01")?.pdf_file).toBe(tricky);
    // Formulas are defused so Excel shows them as text.
    expect(rows.find((r) => r.work_order === "7000-02")?.pdf_file).toBe('\'=HYPERLINK("x")');
  });
});

describe("CSV export order", () => {
  test("rows come in the list's own order: its sort and direction, as on the screen", async () => {
    for (const [wo, billing] of [
      ["7100-03", "300"],
      ["7100-01", "100"],
      ["7100-02", "200"],
    ]) {
      await post("/api/reports-binder", { work_order: wo, billing });
    }
    const order = async (query: string) => {
      const csv = await (await get(`/api/reports-binder/export.csv?wo=7100&${query}`)).text();
      const rows = parse(csv, { columns: true, bom: true }) as Record<string, string>[];
      const listed = (await (await get(`/api/reports-binder/?wo=7100&${query}`)).json()) as {
        rows: { work_order: string }[];
      };
      expect(rows.map((r) => r.work_order)).toEqual(listed.rows.map((r) => r.work_order));
      return rows.map((r) => r.work_order);
    };
    expect(await order("sort_by=work_order&sort_dir=asc")).toEqual(["7100-01", "7100-02", "7100-03"]);
    expect(await order("sort_by=billing&sort_dir=desc")).toEqual(["7100-03", "7100-02", "7100-01"]);
  });
});

describe("import from the firm's binder spreadsheet", () => {
  const upload = (csv: string, dryRun: boolean) => {
    const form = new FormData();
    form.set("file", new File([csv], "binder.csv", { type: "text/csv" }));
    return t.request(`/api/reports-binder/import${dryRun ? "?dry_run=1" : ""}`, {
      method: "POST",
      body: form,
      cookie,
    });
  };
  const good =
    "Page #,Date,Date Sent,Work Order #,Engineer's Initials,Billing\r\n12,3/4/2021,44265,8100-01,gs:at,12345\r\n13,2021-03-05,,8100-02(A),TT,\r\n";
  test("a dry run previews without writing; the import writes every row with serial and text dates", async () => {
    const dry = (await (await upload(good, true)).json()) as { ok: boolean; valid: number; imported: number };
    expect(dry).toMatchObject({ ok: true, valid: 2, imported: 0 });
    expect(((await (await get("/api/reports-binder?wo=8100")).json()) as { total: number }).total).toBe(0);
    const real = (await (await upload(good, false)).json()) as { imported: number };
    expect(real.imported).toBe(2);
    const list = (await (
      await get("/api/reports-binder?wo=8100&sort_by=work_order&sort_dir=asc")
    ).json()) as { rows: Record<string, string>[] };
    expect(list.rows[0]).toMatchObject({
      work_order: "8100-01",
      engineer_initials: "GS:AT",
      date: "2021-03-04",
      date_sent: "2021-03-10",
      page_label: "12",
    });
  });
  test("one bad row refuses the whole file (422) and the dry run names every bad row and why", async () => {
    const bad = `${good}14,2021-02-30,,8100-03,TT,12a\r\n15,,,,AB,1\r\n`.replace(/8100-0([12])/g, "8200-0$1");
    const dry = (await (await upload(bad, true)).json()) as {
      ok: boolean;
      rejected: { row: number; errors: string[] }[];
    };
    expect(dry.ok).toBe(false);
    expect(dry.rejected.map((r) => r.row)).toEqual([4, 5]);
    expect(dry.rejected[0]!.errors.join(" ")).toMatch(
      /not a real calendar date.*|Billing accepts digits only/,
    );
    expect(dry.rejected[1]!.errors.join(" ")).toMatch(/Work Order is required/);
    const real = await upload(bad, false);
    expect(real.status).toBe(422);
    expect(((await (await get("/api/reports-binder?wo=8200")).json()) as { total: number }).total).toBe(0);
  });
  test("a file without the Work Order # header is a 400 naming the expected headers", async () => {
    const res = await upload("a,b\r\n1,2\r\n", true);
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toMatch(/Work Order #/);
  });
});
