import Papa from "papaparse";
import { saveBlob } from "./download";

/** One column of an exported CSV: its heading and what a row puts in it. */
export interface CsvColumn<T> {
  header: string;
  value(row: T): unknown;
}

/** RFC 4180 CSV (quotes, commas and newlines escaped by papaparse) with a BOM so Excel reads UTF-8. */
export function toCsv<T>(rows: T[], columns: CsvColumn<T>[]): string {
  const data = rows.map((r) =>
    columns.map((c) => {
      const v = c.value(r);
      return v === null || v === undefined ? "" : String(v);
    }),
  );
  return `\uFEFF${Papa.unparse({ fields: columns.map((c) => c.header), data }, { newline: "\r\n" })}`;
}

/** Save text as a file. */
export function downloadText(filename: string, content: string, type = "text/csv;charset=utf-8") {
  saveBlob(filename, new Blob([content], { type }));
}

export const dateStamp = (d = new Date()) => d.toISOString().slice(0, 10);
