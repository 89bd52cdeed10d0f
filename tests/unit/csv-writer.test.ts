import { describe, expect, test } from "bun:test";
import { csvStream } from "@server/lib/csv";
import { CSV_OPTIONS, defuse, toCsv } from "@shared/csv";
import { parse } from "csv-parse/sync";
import { stringify as browserStringify } from "csv-stringify/browser/esm/sync";
import { toCsv as browserCsv } from "@/lib/csv";

/** The one CSV writer both sides use (src/shared/csv.ts): what Excel would show from a cell. */
describe("the shared CSV writer", () => {
  test("a cell starting with = + - @ tab or CR gets a leading apostrophe; other cells are kept", () => {
    for (const s of ['=HYPERLINK("http://evil.example")', "+1 555 0100", "-5", "@SUM(A1)", "\tx", "\rx"]) {
      expect(defuse(s)).toBe(`'${s}`);
    }
    for (const s of ["Kīhei 🌺", "a=b", "'quoted", "1-2", ""]) expect(defuse(s)).toBe(s);
    expect(defuse(null)).toBe("");
    expect(defuse(undefined)).toBe("");
    expect(defuse(12.5)).toBe("12.5");
    expect(defuse(new Date("2026-12-07T10:00:00Z"))).toBe("2026-12-07T10:00:00.000Z");
  });

  test("RFC 4180 with CRLF after every record: commas, quotes and line breaks are quoted", () => {
    const text = toCsv([
      ["Name", "Note"],
      ["Kahale, Malia", 'say "hi"'],
      ["one\ntwo", " padded "],
    ]);
    expect(text).toBe('Name,Note\r\n"Kahale, Malia","say ""hi"""\r\n"one\ntwo"," padded "\r\n');
    expect(parse(text)).toEqual([
      ["Name", "Note"],
      ["Kahale, Malia", 'say "hi"'],
      ["one\ntwo", " padded "],
    ]);
  });

  test("the browser build the client is bundled with writes the same bytes as the server's", () => {
    const rows = [["a,b", 'q"', "x\r\ny", " s", "Hālawa"]];
    expect(browserStringify(rows, CSV_OPTIONS)).toBe(toCsv(rows));
  });

  test("a file built in the browser and a server export write a formula the same way", async () => {
    const rows = [{ name: '=HYPERLINK("http://evil.example")', title: "Lab" }];
    const fromBrowser = browserCsv(rows, [
      { header: "Name", value: (r) => r.name },
      { header: "Title", value: (r) => r.title },
    ]);
    async function* batches() {
      yield rows.map((r) => [r.name, r.title]);
    }
    const fromServer = await new Response(csvStream(["Name", "Title"], batches())).text();
    expect(fromBrowser).toBe(`\uFEFFName,Title\r\n"'=HYPERLINK(""http://evil.example"")",Lab\r\n`);
    // Response.text() drops the BOM the stream starts with, so compare after it.
    expect(fromServer).toBe(fromBrowser.slice(1));
  });
});
