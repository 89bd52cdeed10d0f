import { describe, expect, test } from "bun:test";
import { AppError } from "@server/lib/errors";
import { ENTRY_MAX_BYTES, RATIO_MAX } from "@server/lib/xlsx/limits";
import { checkZipDirectory, readZipDirectory } from "@server/lib/xlsx/zip-directory";
import ExcelJS from "exceljs";
import { oneCellBomb, repeatedPart, textPart, zipOf } from "../helpers/xlsx-bombs";

const refusal = (fn: () => void) => {
  try {
    fn();
  } catch (err) {
    if (err instanceof AppError) return { status: err.status, message: err.message };
    throw err;
  }
  return null;
};
const check = (bytes: Uint8Array) => refusal(() => checkZipDirectory(readZipDirectory(bytes)));

describe("the zip directory of a workbook, read before anything is inflated", () => {
  test("lists each part of a workbook exceljs wrote, with its sizes, and lets it through", async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet("Binder");
    sheet.addRow(["Work Order #", "Date"]);
    for (let i = 0; i < 2000; i++)
      sheet.addRow([`${1000 + i}-01`, new Date(Date.UTC(2021, 0, 1 + (i % 300)))]);
    const bytes = new Uint8Array(await book.xlsx.writeBuffer());
    const parts = readZipDirectory(bytes);
    const sheetPart = parts.find((p) => p.name === "xl/worksheets/sheet1.xml")!;
    expect(sheetPart.method).toBe(8);
    expect(sheetPart.size).toBeGreaterThan(sheetPart.compressedSize);
    expect(parts.map((p) => p.name)).toContain("xl/sharedStrings.xml");
    expect(check(bytes)).toBeNull();
  });

  test("a part packed more than 100 to 1 is refused in a sentence, before it is unpacked", () => {
    // 20 MiB of one letter: under the size limit, packed about 1,000 to 1.
    const bytes = zipOf([repeatedPart("xl/sharedStrings.xml", "<sst><si><t>", "A", 20, "</t></si></sst>")]);
    const r = check(bytes);
    expect(r?.status).toBe(422);
    expect(r?.message).toMatch(
      new RegExp(
        `^This spreadsheet is packed [\\d,]+ to 1, far more than a real sheet \\(at most ${RATIO_MAX} to 1\\); it was not read\\.$`,
      ),
    );
  });

  test("a small part may be packed tighter: a few MB cost nothing", () => {
    expect(check(zipOf([repeatedPart("xl/styles.xml", "<a>", " ", 2, "</a>")]))).toBeNull();
  });

  test("a part or a whole that unpacks past the limits is refused with the sizes, as 413", () => {
    const bomb = check(oneCellBomb(1000));
    expect(bomb).toEqual({
      status: 413,
      message: `This spreadsheet unpacks to 1,000 MB, more than the ${ENTRY_MAX_BYTES / 1024 / 1024} MB one sheet (or its text) may hold here: split it into smaller files.`,
    });
    // Two parts each within the part limit (and a believable ratio), together past the total.
    // Only the directory is read: the data need not really unpack to the stated size.
    const part = (name: string) => ({ name, data: new Uint8Array(2 * 1024 * 1024), size: 140 * 1024 * 1024 });
    const total = check(zipOf([part("xl/worksheets/sheet1.xml"), part("xl/worksheets/sheet2.xml")]));
    expect(total?.status).toBe(413);
    expect(total?.message).toBe(
      "This spreadsheet unpacks to 280 MB, more than the 250 MB the portal reads: split it into smaller files.",
    );
  });

  test("ZIP64 sizes are refused in words; a file that is no zip is 'could not be read'", () => {
    const bytes = zipOf([textPart("xl/workbook.xml", "<workbook/>")]);
    const zip64 = bytes.slice();
    // The part's uncompressed size in the central directory, as ZIP64 writes it.
    const central = zip64.length - 22 - (46 + "xl/workbook.xml".length);
    new DataView(zip64.buffer).setUint32(central + 24, 0xffffffff, true);
    expect(check(zip64)?.message).toStartWith("This spreadsheet is stored in the ZIP64 format");
    expect(check(new Uint8Array([0x50, 0x4b, 3, 4, 1, 2, 3]))).toEqual({
      status: 400,
      message: "The .xlsx file could not be read. Open it in Excel and save it again, or export it as CSV.",
    });
  });
});
