import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { ImportReport } from "@shared/ocr";
import ExcelJS from "exceljs";
import { processTree, rssOf } from "../../bench/lib";
import { DEMO, startTestApp, type TestApp } from "../helpers/app";
import { IMPORT_DOORS, sendImport } from "../helpers/import-doors";
import { plainWorkbook } from "../helpers/xlsx-bombs";

/**
 * How a workbook is read: row by row in a process of its own, stopping at the import's row cap, each cell within
 * Excel's limit; an ordinary workbook reads exactly as the same rows sent as CSV.
 */
let t: TestApp;
let user: string;
let admin: string;
beforeAll(async () => {
  t = await startTestApp({ RATE_IMPORTS_PER_MIN: "1000" });
  user = await t.login(DEMO.user);
  admin = await t.login(DEMO.admin);
}, 30_000);
afterAll(() => t.close());

const door = (name: string) => IMPORT_DOORS.find((d) => d.name === name)!;

/** Run `fn` while sampling memory: the highest of this (serving) process's rise and of its child processes, MB. */
async function memoryWhile<T>(fn: () => Promise<T>) {
  Bun.gc(true);
  const base = rssOf(process.pid);
  let serving = 0;
  let child = 0;
  let going = true;
  const sampler = (async () => {
    while (going) {
      serving = Math.max(serving, rssOf(process.pid) - base);
      for (const pid of processTree(process.pid).slice(1)) child = Math.max(child, rssOf(pid));
      await Bun.sleep(20);
    }
  })();
  try {
    return { value: await fn(), servingRiseMb: serving, childPeakMb: child };
  } finally {
    going = false;
    await sampler;
  }
}

describe("reading a workbook", () => {
  test("a sheet of 500,000 rows to the binder (cap 50,000) is refused while it is read; memory stays small", async () => {
    const rows: string[][] = [["Work Order #"]];
    for (let i = 0; i < 500_000; i++) rows.push([`${1000 + (i % 8999)}-01`]);
    const file = plainWorkbook(rows);
    const {
      value: r,
      servingRiseMb,
      childPeakMb,
    } = await memoryWhile(() => sendImport(t, door("binder REST"), user, file, "many.xlsx"));
    expect(r.status).toBe(400);
    expect(r.error).toBe("The file has more than 50000 rows; split it.");
    // Read to the end, the sheet's rows alone take some 600 MB in the reading process.
    expect(childPeakMb).toBeGreaterThan(0);
    expect(childPeakMb).toBeLessThan(300);
    expect(servingRiseMb).toBeLessThan(150);
  }, 60_000);

  test("a CSV of millions of blank lines is not built into rows: parsing stops past what the cap needs", async () => {
    const lines = `Work Order #\n1234-01\n${"\n".repeat(5_000_000)}`;
    const { value: r, servingRiseMb } = await memoryWhile(() =>
      sendImport(t, door("binder REST"), user, textOf(lines), "blank-lines.csv"),
    );
    expect(r.status).toBe(413);
    expect(r.error).toBe("The file has more than 101,040 lines; remove the empty ones or split it.");
    expect(servingRiseMb).toBeLessThan(150);
  }, 60_000);

  test("a cell longer than Excel's 32,767 characters is refused, naming its row", async () => {
    const file = plainWorkbook([
      ["Work Order #", "Billing"],
      ["1234-01", "9".repeat(40_000)],
    ]);
    const r = await sendImport(t, door("core boxes REST"), user, file, "long-cell.xlsx");
    expect(r.status).toBe(422);
    expect(r.error).toBe(
      "Row 2 of this spreadsheet has a cell with more than 32,767 characters, Excel's own limit; it was not read.",
    );
  });

  test("a binder workbook of 3,000 rows (shared strings, date cells, serial numbers) reads as its CSV does", async () => {
    const header = ["Page #", "Date", "Date Sent", "Work Order #", "Engineer's Initials", "Billing"];
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet("Binder");
    sheet.addRow(["Reports binder 2021"]);
    sheet.addRow(header);
    const csv = [header.join(",")];
    for (let i = 0; i < 3000; i++) {
      const day = new Date(Date.UTC(2021, i % 12, 1 + (i % 28)));
      const iso = day.toISOString().slice(0, 10);
      // Date Sent as Excel counts days (1899-12-30 is day 0): the Date or up to four days after (never before it).
      const serial = 25569 + day.getTime() / 86_400_000 + (i % 5);
      // Every 500th row is refused (no work order; a billing with letters), the same way in both files.
      const wo = i % 500 === 7 ? "" : `${2000 + (i % 7000)}-${String(i % 90).padStart(2, "0")}`;
      const billing = i % 500 === 9 ? "12a" : String(100 + i);
      sheet.addRow([String(i + 1), day, serial, wo, ["GS", "AT", "TT"][i % 3], billing]);
      csv.push([i + 1, iso, serial, wo, ["GS", "AT", "TT"][i % 3], billing].join(","));
    }
    const xlsx = new Uint8Array(await book.xlsx.writeBuffer());
    const fromXlsx = await sendImport(t, door("binder REST"), user, xlsx, "binder.xlsx");
    const fromCsv = await sendImport(
      t,
      door("binder REST"),
      user,
      textOf(`Reports binder 2021\n${csv.join("\n")}`),
    );
    expect(fromXlsx.status).toBe(200);
    expect(fromXlsx.body).toMatchObject({ rows: 3000, valid: 2988 });
    expect(fromXlsx.body).toEqual(fromCsv.body);
  }, 60_000);

  test("a project register workbook reads as its CSV does: same rows, row numbers, dates and rejections", async () => {
    const header = ["Date", "Client", "Project Name", "PR Number", "Work Order Number", "Principal Engineer"];
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet("Register");
    sheet.addRow(header);
    const csv = [header.join(",")];
    for (let i = 0; i < 2000; i++) {
      const day = new Date(Date.UTC(2019, i % 12, 1 + (i % 28)));
      const wo = i % 400 === 3 ? "ABC-1" : `${3000 + i}-${String(i % 50).padStart(2, "0")}`;
      const row = [day, `Client ${i % 40}`, `Project ${i}`, 61000 + i, wo, ["GS", "AT"][i % 2]!];
      sheet.addRow(row);
      if (i % 250 === 5) {
        sheet.addRow([]);
        csv.push("");
      }
      csv.push([day.toISOString().slice(0, 10), ...row.slice(1)].join(","));
    }
    const xlsx = new Uint8Array(await book.xlsx.writeBuffer());
    const register = door("project register REST");
    const fromXlsx = (await sendImport(t, register, admin, xlsx, "register.xlsx"))
      .body as unknown as ImportReport;
    const fromCsv = (await sendImport(t, register, admin, textOf(csv.join("\n")), "register.csv"))
      .body as unknown as ImportReport;
    expect(fromXlsx).toMatchObject({ rows: 2000, accepted: 1995, rejected_total: 5 });
    expect(fromXlsx).toEqual(fromCsv);
  }, 60_000);
});

const textOf = (s: string) => new TextEncoder().encode(s) as Uint8Array<ArrayBuffer>;
