import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import type { DocumentRename } from "../documents/service";

/**
 * A cited original was moved or renamed: the answers that cite it follow, in the move's transaction. History
 * keeps its answers with the citations and sources rewritten to the new name (so they link to the document as
 * it is now); reusable answers of the database are dropped, to be answered again under the new name.
 */
export async function carryAnswersToRenames(tx: DbOrTx, renames: DocumentRename[]) {
  for (const r of renames) {
    if (r.from === r.to) continue;
    await tx.run(sql`DELETE FROM chat_cache WHERE db = ${r.db}`);
    // The exact text answers and sources hold: `[Old.pdf p. 4]` in the answer, "file":"Old.pdf" in the JSON.
    const cited = `[${r.from} p`;
    const source = `"file":${JSON.stringify(r.from)}`;
    await tx.run(sql`UPDATE chat_history
      SET answer = replace(answer, ${cited}, ${`[${r.to} p`}),
          sources = replace(sources, ${source}, ${`"file":${JSON.stringify(r.to)}`})
      WHERE db = ${r.db} AND (instr(answer, ${cited}) > 0 OR instr(sources, ${source}) > 0)`);
  }
}
