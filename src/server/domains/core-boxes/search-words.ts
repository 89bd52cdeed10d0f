import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";

/**
 * The searchable words of a box, stored beside it (core_boxes.search_words) so a walk down a sort index can
 * check a search on the row it already reads, instead of first gathering every full-text hit into a set
 * (88,000 hits for "k" cost 17 ms before the first row). Words are cut the way the FTS5 table's unicode61
 * tokenizer (remove_diacritics 2) cuts them, so both ways of finding a page find the same boxes; the tests
 * compare them on every filter and sort.
 */

/** Lower-case words without diacritics: runs of letters and digits, as FTS5's unicode61 tokenizer keeps them. */
export function searchTokens(text: string): string[] {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .split(/[^\p{L}\p{N}\p{Co}]+/u)
    .filter(Boolean);
}

/**
 * " wo words \t project words \t engineer words ": every word follows a space and the columns are kept apart,
 * so " 1234 5" (a search word's tokens) is found exactly where FTS5's phrase prefix "1234 5"* matches.
 */
export function searchWordsOf(box: { workOrder: string; project: string; engineer: string }): string {
  return ` ${[box.workOrder, box.project, box.engineer].map((c) => searchTokens(c).join(" ")).join(" \t ")} `;
}

/** The needle for one search word: its tokens after a space (instr(search_words, needle) > 0 ⇔ a match). */
export const searchNeedle = (word: string) => ` ${searchTokens(word).join(" ")}`;

/**
 * Fill search_words on boxes written before the column existed (it arrived with a migration, as ''). Every
 * box has a work order, so '' means "not yet filled". Runs at start after the migrations; a no-op when done.
 */
export async function backfillSearchWords(db: Db): Promise<number> {
  let filled = 0;
  for (;;) {
    const rows = await db.all<{ id: number; work_order: string; project: string; engineer: string }>(
      sql`SELECT id, work_order, project, engineer FROM core_boxes WHERE search_words = '' LIMIT 2000`,
    );
    if (!rows.length) return filled;
    await db.transaction(async (tx) => {
      for (const r of rows) {
        const words = searchWordsOf({ workOrder: r.work_order, project: r.project, engineer: r.engineer });
        await tx.run(sql`UPDATE core_boxes SET search_words = ${words} WHERE id = ${r.id}`);
      }
    });
    filled += rows.length;
  }
}
