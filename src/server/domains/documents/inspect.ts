import { type DbNameInput, SAMPLE_CELL_CHARS, SAMPLE_ROWS, type SchemaInfo } from "@shared/documents";
import { sql } from "drizzle-orm";
import type { ServiceCtx } from "../../lib/service-ctx";
import { requireCollection } from "./queries";

/** The tables a database is made of, as the schema popup shows them: columns and the first few rows. */
const TABLES = [
  {
    name: "collection",
    columns: ["name", "title", "mode", "created_by", "created_at"],
    rows: (id: number) =>
      sql`SELECT name, title, mode, created_by, created_at FROM doc_collections WHERE id = ${id}`,
  },
  {
    name: "documents",
    columns: [
      "id",
      "file_name",
      "storage_key",
      "sha256",
      "size",
      "pages",
      "status",
      "error",
      "uploaded_by",
      "uploaded_at",
    ],
    rows: (id: number) =>
      sql`SELECT id, file_name, storage_key, sha256, size, pages, status, error, uploaded_by, uploaded_at
          FROM doc_documents WHERE collection_id = ${id} ORDER BY file_name LIMIT ${SAMPLE_ROWS}`,
  },
  {
    name: "pages",
    columns: ["document_id", "page_no", "text", "ocr"],
    rows: (id: number) =>
      sql`SELECT document_id, page_no, text, ocr FROM doc_pages WHERE document_id =
          (SELECT id FROM doc_documents WHERE collection_id = ${id} ORDER BY file_name LIMIT 1)
          ORDER BY page_no LIMIT ${SAMPLE_ROWS}`,
  },
  {
    name: "chunks",
    columns: ["id", "document_id", "first_page", "last_page", "ordinal", "text"],
    rows: (id: number) =>
      sql`SELECT id, document_id, first_page, last_page, ordinal, text FROM doc_chunks
          WHERE collection_id = ${id} ORDER BY id LIMIT ${SAMPLE_ROWS}`,
  },
  {
    name: "embeddings",
    columns: ["chunk_id", "model", "dims", "vector"],
    rows: (id: number) =>
      sql`SELECT chunk_id, model, dims, '<' || dims || ' floats>' AS vector FROM doc_chunk_embeddings
          WHERE collection_id = ${id} ORDER BY chunk_id LIMIT ${SAMPLE_ROWS}`,
  },
] as const;

const TIME_COLUMNS = new Set(["created_at", "uploaded_at"]);

/** A cell as the popup shows it: text cut at 50 characters, times as ISO text. */
function cell(column: string, value: unknown): unknown {
  if (TIME_COLUMNS.has(column) && typeof value === "number") return new Date(value).toISOString();
  if (typeof value === "string") return value.slice(0, SAMPLE_CELL_CHARS);
  if (typeof value === "bigint") return Number(value);
  return value ?? null;
}

/** POST /api/inspect-db: each sample is one index range read, so this stays fast on any size of database. */
export async function inspectDb(ctx: ServiceCtx, input: DbNameInput): Promise<SchemaInfo> {
  const c = await requireCollection(ctx.db, input.db_name);
  const out: SchemaInfo = {};
  for (const t of TABLES) {
    const rows = await ctx.db.all<Record<string, unknown>>(t.rows(c.id));
    out[t.name] = {
      columns: [...t.columns],
      sample_rows: rows.map((r) => t.columns.map((col) => cell(col, r[col]))),
    };
  }
  return out;
}
