import { BOM, toCsv as writeCsv } from "@shared/csv";
import { saveBlob } from "./download";

/** One column of an exported CSV: its heading and what a row puts in it. */
export interface CsvColumn<T> {
  header: string;
  value(row: T): unknown;
}

/**
 * A CSV file built in the browser, through the same writer as the server's exports (formulas defused, CRLF), with
 * a BOM so Excel reads UTF-8.
 */
export function toCsv<T>(rows: T[], columns: CsvColumn<T>[]): string {
  const header = columns.map((c) => c.header);
  return BOM + writeCsv([header, ...rows.map((r) => columns.map((c) => c.value(r)))]);
}

/** Save text as a file. */
export function downloadText(filename: string, content: string, type = "text/csv;charset=utf-8") {
  saveBlob(filename, new Blob([content], { type }));
}

export const dateStamp = (d = new Date()) => d.toISOString().slice(0, 10);
