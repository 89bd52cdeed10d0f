/**
 * CSV for the portal's exports and imports. Writing is the shared writer (src/shared/csv.ts: RFC 4180, CRLF,
 * formulas defused), the same one the browser's exports use; reading is csv-parse. Exports start with a UTF-8
 * byte-order mark so Excel opens them as UTF-8; imports strip the apostrophe the writer put before a formula.
 */
import { BOM, toCsv, undefuse } from "@shared/csv";
import { CsvError, parse } from "csv-parse/sync";
import { AppError, badRequest } from "./errors";

const filled = (row: string[]) => row.some((c) => c.trim() !== "");

/**
 * A streamed CSV download: BOM and header first, then each batch of rows as `batches` yields it, so a large
 * export never sits in memory whole.
 */
export function csvStream(header: string[], batches: AsyncIterable<unknown[][]>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const iterator = batches[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(BOM + toCsv([header])));
    },
    async pull(controller) {
      try {
        const { value, done } = await iterator.next();
        if (done) controller.close();
        else if (value.length) controller.enqueue(encoder.encode(toCsv(value)));
      } catch (err) {
        controller.error(err);
      }
    },
    async cancel() {
      await iterator.return?.();
    },
  });
}

/** Bytes → text: UTF-8 (BOM dropped); files that are not valid UTF-8 are read as Windows-1252 (old Excel). */
export function decodeText(bytes: Uint8Array): string {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    text = new TextDecoder("windows-1252").decode(bytes);
  }
  return text.startsWith(BOM) ? text.slice(1) : text;
}

/** The delimiter of a CSV saved by Excel in any locale: the most frequent of , ; tab outside quotes in line 1. */
export function detectDelimiter(text: string): string {
  const counts: Record<string, number> = { ",": 0, ";": 0, "\t": 0 };
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === "\n" || ch === "\r")) break;
    else if (!quoted && ch in counts) counts[ch]!++;
  }
  const [best, n] = Object.entries(counts).sort((a, b) => b[1] - a[1])[0]!;
  return n > 0 ? best : ",";
}

/**
 * CSV text → rows of cells (blank lines kept, so row numbers match the spreadsheet's). A file the library cannot
 * read (a quote opened and never closed) is the sender's problem: a 400 saying where, not a 500. With `maxRows`,
 * parsing stops once the file has more lines than that many rows need (blank ones among them), so a file of a
 * million short lines is never built into a million rows.
 */
export function parseCsv(
  text: string,
  delimiter = detectDelimiter(text),
  opts: { maxRows?: number } = {},
): string[][] {
  const lines = opts.maxRows === undefined ? undefined : opts.maxRows * 2 + 1000;
  let rows: string[][];
  try {
    rows = parse(text, {
      bom: true,
      delimiter,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      to: lines,
    }) as string[][];
  } catch (err) {
    if (!(err instanceof CsvError)) throw err;
    // The library counts records read before the one it could not finish: that one is the row to look at.
    const why =
      err.code === "CSV_QUOTE_NOT_CLOSED"
        ? `a quote opened in row ${Number(err.records ?? 0) + 1} is never closed`
        : err.message.replace(/\.$/, "");
    throw badRequest(`The CSV file could not be read: ${why}. Open it in Excel and save it again.`);
  }
  // Stopped at the line limit with fewer rows than the cap: the rest is mostly blank lines, not read.
  if (lines !== undefined && rows.length >= lines && rows.filter(filled).length <= opts.maxRows!) {
    throw new AppError(
      "PAYLOAD_TOO_LARGE",
      `The file has more than ${lines.toLocaleString("en-US")} lines; remove the empty ones or split it.`,
    );
  }
  return rows.map((r) => r.map(undefuse));
}
