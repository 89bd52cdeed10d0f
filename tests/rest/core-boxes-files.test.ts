import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { CoreBoxImportResult, CoreBoxRow } from "@shared/core-boxes";
import { parse } from "csv-parse/sync";
import { sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { DEMO, startTestApp, type TestApp } from "../helpers/app";
import { auditActions } from "../helpers/core-boxes";

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await startTestApp();
  cookie = await t.login(DEMO.user);
});
afterAll(() => t.close());

const HEADER =
  "W.O. Number,Project,Engineer,Report Submission Date,storage date,Construction Complete?,Keep or Dump";

async function upload(app: TestApp, who: string, content: string | Uint8Array, name: string, query = "") {
  const form = new FormData();
  form.set("file", new File([content as BlobPart], name));
  const res = await app.request(`/api/core-boxes/import${query}`, {
    method: "POST",
    body: form,
    cookie: who,
  });
  return { status: res.status, body: (await res.json()) as CoreBoxImportResult & { error?: string } };
}
const list = async (query: string) =>
  (await (await t.request(`/api/core-boxes?${query}`, { cookie })).json()) as {
    rows: CoreBoxRow[];
    total: number;
  };

describe("export CSV", () => {
  test("every matching box (not just the page), in the firm's columns, RFC 4180 with a BOM, parses back", async () => {
    const tricky = [
      'Quote "this", comma',
      "Line one\nLine two",
      "Kīhei ʻOhana 🌺 Ünïcode",
      '=HYPERLINK("http://evil")',
    ];
    for (const [i, project] of tricky.entries()) {
      await t.request("/api/core-boxes", {
        method: "POST",
        cookie,
        json: {
          work_order: `7200-0${i}`,
          project,
          engineer: "GS",
          report_submission_date: "2021-03-04",
          island: "Kauai",
        },
      });
    }
    const res = await t.request("/api/core-boxes/export.csv?q=7200&sort_by=work_order&sort_dir=asc", {
      cookie,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="core-boxes-\d{4}-\d\d-\d\d\.csv"$/,
    );
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
    expect(text.slice(1).startsWith(`${HEADER},Island,Year,Status\r\n`)).toBe(true);
    const rows = parse(text.slice(1)) as string[][];
    expect(rows).toHaveLength(5);
    expect(rows.slice(1).map((r) => r[1])).toEqual([tricky[0], tricky[1], tricky[2], `'${tricky[3]}`]);
    expect(rows[1]).toEqual([
      "7200-00",
      tricky[0]!,
      "GS",
      "2021-03-04",
      "2023-03-04",
      "No",
      "Keep",
      "Kauai",
      "2021",
      "Expired",
    ]);

    const all = await t.request("/api/core-boxes/export.csv?island=Oahu", { cookie });
    const lines = parse(await all.text(), { bom: true }) as string[][];
    expect(lines.length - 1).toBe((await list("island=Oahu")).total);
    expect(lines.length - 1).toBeGreaterThan(25);
  });
  test("bad filters are a 400, not a broken download", async () => {
    const res = await t.request("/api/core-boxes/export.csv?sort_by=nope", { cookie });
    expect(res.status).toBe(400);
  });
});

describe("import", () => {
  const existing = "7100-99";
  const bad = [
    HEADER,
    "7100-01a,Kailua Residence,GS,3/5/2024,,Yes,Keep",
    "7100-02,Hilo Tank,AT,45292,,No,dump",
    ",No Work Order,AT,2024-01-01,,No,Keep",
    "7100-03,Bad Date,AT,2/30/2024,,No,Keep",
    "7100-04,Bad Disposition,AT,2024-01-01,,No,Toss",
    "7100-01a,Again,TT,2024-01-01,,No,Keep",
    `${existing},Taken,TT,2024-01-01,,No,Keep`,
    ",,,,,,",
    "7100-05,Maybe,TT,2024-01-01,2023-01-01,Maybe,Keep",
  ].join("\r\n");

  test("a dry run lists every row it would reject and why, and writes nothing", async () => {
    await t.request("/api/core-boxes", { method: "POST", cookie, json: { work_order: existing } });
    const before = (await list("")).total;
    const { status, body } = await upload(t, cookie, bad, "boxes.csv", "?dry_run=1");
    expect(status).toBe(200);
    expect(body).toMatchObject({
      ok: false,
      dry_run: true,
      rows: 8,
      valid: 2,
      imported: 0,
      file_name: "boxes.csv",
    });
    expect(body.rejected).toEqual([
      { row: 4, work_order: "", errors: ["Work Order is required."] },
      {
        row: 5,
        work_order: "7100-03",
        errors: ['Report Submission Date "2/30/2024" is not a real calendar date.'],
      },
      { row: 6, work_order: "7100-04", errors: ['Keep or Dump must be Keep, Dump or Save (found "Toss").'] },
      { row: 7, work_order: "7100-01A", errors: ["Work Order 7100-01A is also on row 2."] },
      {
        row: 8,
        work_order: existing,
        errors: [expect.stringMatching(/^Work Order 7100-99 is already in storage \(box #\d+\)\.$/)],
      },
      {
        row: 10,
        work_order: "7100-05",
        errors: ['Construction Complete? must be Yes or No (found "Maybe").'],
      },
    ]);
    expect(body.preview).toEqual([
      expect.objectContaining({
        work_order: "7100-01A",
        report_submission_date: "2024-03-05",
        storage_expiry_date: "2026-03-05",
        complete: "Yes",
        year: 2024,
      }),
      expect.objectContaining({
        work_order: "7100-02",
        report_submission_date: "2024-01-01",
        keep_or_dump: "Dump",
      }),
    ]);
    expect(body.message).toBe("2 rows ready to import; 6 rows would be rejected.");
    expect((await list("")).total).toBe(before);
  });
  test("the import is all-or-nothing: any rejected row → 422 and nothing written", async () => {
    const before = (await list("")).total;
    const { status, body } = await upload(t, cookie, bad, "boxes.csv");
    expect(status).toBe(422);
    expect(body.error).toBe("Nothing imported: 6 rows have problems. Fix them and import again.");
    expect(body.rejected).toHaveLength(6);
    expect((await list("")).total).toBe(before);
    expect((await list("q=7100-1")).total).toBe(0);
  });
  test("a clean file imports every row in one go, with history and an audit entry", async () => {
    const good = [
      "Geolabs core box log 2024", // a title row above the headers
      HEADER,
      "7100-10a,Kailua Residence,GS,3/5/2024,,Yes,Keep",
      "7100-11,Hilo Tank,AT,45292,6/30/2027,No,dump",
      "7100-12,Kona Wall,TT,Mar 7 2023,,x,save",
    ].join("\n");
    const { status, body } = await upload(t, cookie, good, "good.csv");
    expect(status).toBe(200);
    expect(body).toMatchObject({ ok: true, imported: 3, rejected: [], message: "3 boxes imported." });
    const rows = (await list("q=7100-1&sort_by=work_order&sort_dir=asc")).rows;
    expect(
      rows.map((r) => [
        r.work_order,
        r.report_submission_date,
        r.storage_expiry_date,
        r.complete,
        r.keep_or_dump,
      ]),
    ).toEqual([
      ["7100-10A", "2024-03-05", "2026-03-05", "Yes", "Keep"],
      ["7100-11", "2024-01-01", "2027-06-30", "No", "Dump"],
      ["7100-12", "2023-03-07", "2025-03-07", "Yes", "Save"],
    ]);
    expect(rows.every((r) => r.created_by === DEMO.user)).toBe(true);
    const changes = (await (await t.request("/api/core-boxes/changes?limit=3", { cookie })).json()) as {
      changes: { action: string }[];
    };
    expect(changes.changes.map((c) => c.action)).toEqual(["import", "import", "import"]);
    expect((await auditActions(t, "core_box.import")).at(-1)).toMatchObject({
      actor: DEMO.user,
      target: "good.csv",
    });
  });
  test(".xlsx with date cells, serial numbers and text dates", async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet("Boxes");
    ws.addRow(HEADER.split(","));
    ws.addRow(["7300-00", "Lihue Bridge", "RK", new Date(Date.UTC(2022, 6, 14)), null, "Yes", "Keep"]);
    ws.addRow(["7300-01", "Kapaa School", "RK", 44927, new Date(Date.UTC(2030, 0, 2)), "No", "Dump"]);
    ws.addRow(["7300-02", "Koloa Tank", "RK", "2021-12-01", null, null, null]);
    const buffer = new Uint8Array(await wb.xlsx.writeBuffer());
    const { status, body } = await upload(t, cookie, buffer, "boxes.xlsx", "?dry_run=1");
    expect(status).toBe(200);
    expect(body.rejected).toEqual([]);
    expect(
      body.preview.map((p) => [
        p.work_order,
        p.report_submission_date,
        p.storage_expiry_date,
        p.complete,
        p.keep_or_dump,
      ]),
    ).toEqual([
      ["7300-00", "2022-07-14", "2024-07-14", "Yes", "Keep"],
      ["7300-01", "2023-01-01", "2030-01-02", "No", "Dump"],
      ["7300-02", "2021-12-01", "2023-12-01", "No", "Keep"],
    ]);
  });
  test("an exported file imports into another inventory unchanged", async () => {
    const other = await startTestApp();
    try {
      const csv = await (
        await t.request("/api/core-boxes/export.csv?island=Lanai&sort_by=work_order&sort_dir=asc", { cookie })
      ).text();
      const otherCookie = await other.login(DEMO.user);
      // The other inventory starts empty so every work order is free.
      await other.deps.db.run(sql`DELETE FROM core_boxes`);
      const { status, body } = await upload(other, otherCookie, csv, "export.csv");
      expect(status).toBe(200);
      expect(body.ignored_columns).toEqual(["Status"]);
      const fields = (r: CoreBoxRow) => [
        r.work_order,
        r.project,
        r.engineer,
        r.report_submission_date,
        r.storage_expiry_date,
        r.complete,
        r.keep_or_dump,
        r.island,
        r.year,
      ];
      const mine = (await list("island=Lanai&sort_by=work_order&sort_dir=asc&page_size=100")).rows.map(
        fields,
      );
      const theirs = (
        (await (
          await other.request("/api/core-boxes?island=Lanai&sort_by=work_order&sort_dir=asc&page_size=100", {
            cookie: otherCookie,
          })
        ).json()) as {
          rows: CoreBoxRow[];
        }
      ).rows.map(fields);
      expect(theirs).toEqual(mine);
      expect(body.imported).toBe(mine.length);
    } finally {
      await other.close();
    }
  });
  test("refusals: no W.O. column (400), an old .xls (415), too large (413), empty (400)", async () => {
    expect((await upload(t, cookie, "Project,Engineer\r\nA,B", "x.csv")).status).toBe(400);
    const xls = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]);
    const old = await upload(t, cookie, xls, "old.xls");
    expect(old.status).toBe(415);
    expect(old.body.error).toMatch(/save the sheet as \.xlsx or CSV/);
    const big = await upload(t, cookie, `${HEADER}\r\n${"A,B,C,D,E,F,G\r\n".repeat(400_000)}`, "big.csv");
    expect(big.status).toBe(413);
    expect((await upload(t, cookie, "", "empty.csv")).body.error).toBe("The file is empty.");
  });
  test("the tRPC door takes the same upload as FormData", async () => {
    const form = new FormData();
    form.set("file", new File([`${HEADER}\r\n7400-01,Waimea Road,GS,2020-02-02,,No,Keep`], "t.csv"));
    form.set("dry_run", "1");
    const res = await t.request("/trpc/coreBoxes.importFile", { method: "POST", body: form, cookie });
    expect(res.status).toBe(200);
    const json = (await res.json()) as { result: { data: CoreBoxImportResult } };
    expect(json.result.data).toMatchObject({ ok: true, dry_run: true, valid: 1, imported: 0 });
  });
});
