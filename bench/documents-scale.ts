import { sql } from "drizzle-orm";
import type { Db } from "../src/server/db/client";
import { createCollection } from "../src/server/domains/documents/pipeline/store-rows";

const WORDS =
  "soil clay sand gravel basalt boring sample blow count moisture density foundation pile settlement".split(
    " ",
  );

/**
 * A collection of `docs` documents with `chunksPerDoc` chunks each (and their full-text index, kept by the
 * triggers), written in one transaction with multi-row inserts: the size the list and inspect figures are
 * measured on.
 */
export async function loadCollection(db: Db, name: string, docs: number, chunksPerDoc: number) {
  await db.transaction(async (tx) => {
    const c = await createCollection(tx, { name, title: "Scale", mode: "default", user: "bench" });
    for (let d0 = 0; d0 < docs; d0 += 500) {
      const rows = Array.from({ length: Math.min(500, docs - d0) }, (_, i) => {
        const n = d0 + i;
        const file = `report-${String(n).padStart(5, "0")}.pdf`;
        return sql`(${c.id}, ${file}, ${`${name}/${file}`}, ${`sha-${n}`}, 123456, 12, 'indexed', 'bench')`;
      });
      await tx.run(sql`INSERT INTO doc_documents (collection_id, file_name, storage_key, sha256, size, pages, status, uploaded_by)
        VALUES ${sql.join(rows, sql`, `)}`);
    }
    const ids = await tx.all<{ id: number }>(sql`SELECT id FROM doc_documents WHERE collection_id = ${c.id}`);
    const text = (n: number) =>
      `${Array.from({ length: 30 }, (_, k) => WORDS[(n * 7 + k * 3) % WORDS.length]).join(" ")} chunk ${n}`;
    let n = 0;
    for (let i = 0; i < ids.length; i += 25) {
      const rows = ids.slice(i, i + 25).flatMap(({ id }) =>
        Array.from({ length: chunksPerDoc }, (_, o) => {
          n++;
          return sql`(${id}, ${c.id}, ${1 + Math.floor(o / 4)}, ${1 + Math.floor(o / 4)}, ${o}, ${text(n)})`;
        }),
      );
      await tx.run(sql`INSERT INTO doc_chunks (document_id, collection_id, first_page, last_page, ordinal, text)
        VALUES ${sql.join(rows, sql`, `)}`);
    }
  });
}
