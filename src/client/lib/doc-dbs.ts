/**
 * Small rules both document-database screens (Index Manager, Database Explorer) share, kept free of React so the
 * unit tests reach them.
 */
import { isInternalDb, SAMPLE_CELL_CHARS, SAMPLE_ROWS, type SchemaInfo } from "@shared/documents";

/** The spec hides the portal's own collections from every list, whatever the server sends. */
export const visibleDbs = <T extends { name: string }>(dbs: readonly T[]) =>
  dbs.filter((d) => !isInternalDb(d.name));

/** The spec's signed-link map: '<database>/<file>' → url, from the PDFs listing. */
export function signedLinkMap(files: readonly { Key: string; url: string }[] | undefined) {
  return new Map((files ?? []).filter((f) => f.url).map((f) => [f.Key, f.url] as const));
}

/** 'employee_handbook.db' → 'employee_handbook_schema.json'. */
export const schemaFileName = (db: string) => `${db.replace(/\.db$/i, "")}_schema.json`;

/** Upload sizes in the Index Manager: MB with two decimals. */
export { fileSize as sizeMb } from "@shared/common";

/** A sample cell as text: strings over 50 characters are cut (the server cuts too; this guards the layout). */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return "NULL";
  const text =
    typeof value === "string" ? value : typeof value === "object" ? JSON.stringify(value) : String(value);
  return text.length > SAMPLE_CELL_CHARS ? `${text.slice(0, SAMPLE_CELL_CHARS)}…` : text;
}

/** Tables in name order with at most 5 sample rows each, as the schema popups show them. */
export function schemaTables(info: SchemaInfo | undefined) {
  return Object.entries(info ?? {})
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, t]) => ({
      name,
      columns: t.columns ?? [],
      rows: (t.sample_rows ?? []).slice(0, SAMPLE_ROWS),
    }));
}
