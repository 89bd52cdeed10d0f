/**
 * The one CSV writer of the portal: the server's exports (server/lib/csv.ts) and the files the browser builds
 * (client/lib/csv.ts) both write through it, so a cell reads the same in Excel whichever side made the file.
 *
 * RFC 4180 through csv-stringify (quotes, commas, line breaks and Unicode handled by the library), CRLF line ends,
 * and formulas defused: a cell starting with = + - @ (or a tab/CR) gets a leading apostrophe, which Excel hides,
 * so a contact named `=HYPERLINK("http://evil.example")` stays text instead of becoming a live link.
 *
 * "csv-stringify/sync" is its Node build, which uses the global Buffer; the client's Vite config maps it to the
 * package's browser build (same code with a Buffer of its own), so this file stays free of server and DOM imports.
 */
import { stringify } from "csv-stringify/sync";

/** UTF-8 byte-order mark: Excel opens a CSV as UTF-8 only when the file starts with it. */
export const BOM = "\uFEFF";
const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell as text that a spreadsheet will not run: null/undefined → "", dates as ISO, formulas prefixed. */
export function defuse(value: unknown): string {
  if (value === null || value === undefined) return "";
  const s = value instanceof Date ? value.toISOString() : String(value);
  return FORMULA_START.test(s) ? `'${s}` : s;
}

/** Undo defuse() when reading a file back: "'=SUM(A1)" → "=SUM(A1)". Other apostrophes are kept. */
export function undefuse(s: string): string {
  return s.length > 1 && s[0] === "'" && FORMULA_START.test(s.slice(1)) ? s.slice(1) : s;
}

/** csv-stringify's options for every file: CRLF, and quotes where a line break or edge whitespace would be lost. */
export const CSV_OPTIONS = { record_delimiter: "\r\n", quoted_match: /[\r\n]|^\s|\s$/ };

/**
 * Rows → CSV text: every cell defused, CRLF after every record, quoted where RFC 4180 needs it and where a cell
 * starts or ends with whitespace (Excel would otherwise drop it). No BOM: a streamed file adds it once, up front.
 */
export function toCsv(rows: readonly (readonly unknown[])[]): string {
  return stringify(
    rows.map((r) => r.map(defuse)),
    CSV_OPTIONS,
  );
}
