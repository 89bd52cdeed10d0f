import Papa from "papaparse";

/** RFC 4180 CSV (quotes, commas and newlines escaped by papaparse) with a BOM so Excel reads UTF-8. */
export function toCsv<T>(rows: T[], columns: { header: string; value(row: T): unknown }[]): string {
  const data = rows.map((r) =>
    columns.map((c) => {
      const v = c.value(r);
      return v === null || v === undefined ? "" : String(v);
    }),
  );
  return `\uFEFF${Papa.unparse({ fields: columns.map((c) => c.header), data }, { newline: "\r\n" })}`;
}

/** Save text as a file through a temporary object URL. */
export function downloadText(filename: string, content: string, type = "text/csv;charset=utf-8") {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const a = document.createElement("a");
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export const dateStamp = (d = new Date()) => d.toISOString().slice(0, 10);
