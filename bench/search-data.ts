import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase } from "../src/server/db/client";
import { applyMigrations, refreshPlannerStats } from "../src/server/db/migrate";
import { directoryEntries, projects } from "../src/server/db/schema";
import { workOrderKey } from "../src/shared/work-orders";
import { archiveData } from "./archive-data";
import { clientOf, PLACES } from "./archive-text";
import { loadBoxes } from "./core-boxes-load";
import { benchPeople } from "./directory";
import { load as loadBinder } from "./reports-binder";
import { seedBenchTickets } from "./tickets";

/**
 * The one search's data at archive scale × `scale`: the archive's reports (1,000,000 pages), 200,000 core boxes,
 * 500,000 binder rows, 20,000 register lines, 100,000 tickets and 5,000 people, in one database file, built once
 * into `dir` and reused while `search.json` there names the same scale.
 */
export const ARCHIVE_SCALE = {
  pages: 1_000_000,
  boxes: 200_000,
  binder: 500_000,
  register: 20_000,
  tickets: 100_000,
  people: 5_000,
};
export type Counts = typeof ARCHIVE_SCALE;

export const countsAt = (scale: number): Counts =>
  Object.fromEntries(
    Object.entries(ARCHIVE_SCALE).map(([k, n]) => [k, Math.max(20, Math.round(n * scale))]),
  ) as Counts;

const STRUCTURES = [
  "Residence",
  "Subdivision",
  "Bridge Retrofit",
  "Water Tank",
  "Seawall",
  "School Addition",
];

/** Register lines whose numbers run with time like the archive's (1001-01 … 9999-40) and named clients. */
export function registerLines(n: number) {
  return Array.from({ length: n }, (_, i) => {
    const head = 1001 + Math.floor((i / n) * 8998);
    const workOrder = `${head}-${String(1 + (i % 40)).padStart(2, "0")}${i % 9 === 0 ? "A" : ""}`;
    return {
      workOrder,
      woKey: workOrderKey(workOrder),
      client: clientOf(i % 3000),
      project: `${PLACES[i % PLACES.length]} ${STRUCTURES[i % STRUCTURES.length]}`,
      pr: `PR-${i}`,
      date: `20${String(10 + (i % 15))}-0${1 + (i % 9)}-1${i % 9}`,
      principalEngineer: "",
      source: "import" as const,
    };
  });
}

export async function searchData(dir: string, scale: number) {
  const counts = countsAt(scale);
  const archive = await archiveData(dir, counts.pages);
  const marker = join(dir, "search.json");
  if (existsSync(marker) && JSON.parse(readFileSync(marker, "utf8")).scale === scale)
    return { archive, counts };
  const url = `file:${archive.dbFile}`;
  const t0 = performance.now();
  // Boxes first, in place of the demo ones: their loader drops and rebuilds the box indexes of this file.
  const before = await openDatabase(url);
  await before.db.run(sql`DELETE FROM core_boxes`);
  before.close();
  const boxes = await loadBoxes(url, counts.boxes, new Date());
  boxes.database.close();
  const database = await openDatabase(url);
  try {
    const { db } = database;
    await applyMigrations(db);
    await db.run(sql`DELETE FROM reports_binder`);
    await loadBinder(db, counts.binder);
    // The ticket seeder numbers its comments' tickets from 1: the demo tickets go, and their numbers.
    await db.run(sql`DELETE FROM tickets`);
    await db.run(sql`DELETE FROM sqlite_sequence WHERE name = 'tickets'`);
    await seedBenchTickets(db, counts.tickets);
    await db.transaction(async (tx) => {
      await tx.delete(projects);
      const lines = registerLines(counts.register);
      for (let i = 0; i < lines.length; i += 500) await tx.insert(projects).values(lines.slice(i, i + 500));
      await tx.delete(directoryEntries);
      const people = benchPeople(counts.people).map(({ id: _id, source: _s, ...p }) => p);
      for (let i = 0; i < people.length; i += 500)
        await tx
          .insert(directoryEntries)
          .values(people.slice(i, i + 500))
          .onConflictDoNothing();
    });
    await refreshPlannerStats(db);
    await database.client.execute("PRAGMA wal_checkpoint(TRUNCATE)");
  } finally {
    database.close();
  }
  writeFileSync(marker, JSON.stringify({ scale, counts }, null, 2));
  console.log(`  search data: loaded in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  return { archive, counts };
}
