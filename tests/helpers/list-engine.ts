import { expect } from "bun:test";
import type { Db } from "@server/db/client";
import { type ListQuery, type PageRequest, pageIds } from "@server/lib/list-engine";
import type { SQL } from "drizzle-orm";

/**
 * The page the list engine finds one way only: a walk (told the matches are many and spread: `scanned` 0, a huge
 * capped count, so the walk is uncapped) or a fetch (`scanned` Infinity, a walk looks endless). A walk that ends
 * short of a full page (the last page) is followed by a fetch, so the walk's own rows are taken from the query
 * it ran.
 */
export async function pageOneWay(
  db: Db,
  way: "walk" | "fetch",
  q: ListQuery,
  page: PageRequest,
): Promise<number[]> {
  const walks: number[][] = [];
  let fetches = 0;
  const spy = {
    all: async (query: SQL) => {
      const rows = await db.all<{ id: number }>(query);
      if (JSON.stringify(query.queryChunks).includes("FROM (SELECT "))
        walks.push(rows.map((r) => Number(r.id)));
      else fetches++;
      return rows;
    },
  } as unknown as Db;
  const scanned = way === "walk" ? 0 : Number.POSITIVE_INFINITY;
  const ids = await pageIds(spy, q, page, { total: 1e9, capped: true, scanned });
  if (way === "fetch") {
    expect({ walks: walks.length, fetches }).toEqual({ walks: 0, fetches: 1 });
    return ids;
  }
  expect(walks.length).toBe(1);
  return walks[0]!;
}
