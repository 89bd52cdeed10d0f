import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { seedDemoData } from "../src/server/compose/seed";
import { openDatabase } from "../src/server/db/client";
import { applyMigrations, refreshPlannerStats } from "../src/server/db/migrate";
import { chunkPages } from "../src/server/domains/documents/pipeline/chunk";
import {
  createCollection,
  findCollection,
  insertDocument,
} from "../src/server/domains/documents/pipeline/store-rows";
import { createLogger } from "../src/server/lib/logger";
import { REPORTS_DB } from "../src/shared/reports";
import { syntheticReport } from "./archive-text";

/**
 * The archive benchmark's data: a reports collection of `pages` pages (about 26 a report), written through the
 * pipeline's own insert (`insertDocument`: documents, pages, chunks, history, audit, and the full-text indexes'
 * triggers), then the indexes merged once (FTS5 'optimize') as after any bulk load. Built once into `dir` and
 * reused while `archive.json` there says it holds that many pages.
 */
export interface ArchiveData {
  dir: string;
  dbFile: string;
  pages: number;
  reports: number;
  chunks: number;
  /** Seconds the build took (0 when reused). */
  builtInS: number;
}

const VERSION = 2;
const REPORTS_PER_TX = 100;

export async function archiveData(dir: string, pages: number): Promise<ArchiveData> {
  const dbFile = join(dir, "portal.db");
  const marker = join(dir, "archive.json");
  if (existsSync(marker)) {
    const known = JSON.parse(readFileSync(marker, "utf8")) as ArchiveData & { version: number };
    if (known.version === VERSION && known.pages >= pages && existsSync(dbFile)) {
      await withDemoAccounts(dbFile);
      return { ...known, builtInS: 0 };
    }
  }
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const started = performance.now();
  const database = await openDatabase(`file:${dbFile}`);
  const { db } = database;
  try {
    await applyMigrations(db);
    const collection =
      (await findCollection(db, REPORTS_DB)) ??
      (await db.transaction((tx) =>
        createCollection(tx, { name: REPORTS_DB, title: "Reports", mode: "default", user: "archive" }),
      ));
    // About 26 pages a report: enough reports to pass `pages`.
    const total = Math.ceil(pages / 26);
    let written = 0;
    let chunks = 0;
    let reports = 0;
    for (let n = 0; written < pages; n += REPORTS_PER_TX) {
      await db.transaction(async (tx) => {
        for (let i = n; i < n + REPORTS_PER_TX && written < pages; i++) {
          const report = syntheticReport(i, total);
          const docChunks = chunkPages(report.pages);
          await insertDocument(tx, {
            collectionId: collection.id,
            db: REPORTS_DB,
            fileName: report.fileName,
            storageKey: "",
            sha256: createHash("sha256").update(report.fileName).digest("hex"),
            size: report.pages.length * 2400,
            user: "archive@geolabs.example",
            pages: report.pages.map((text) => ({ text, ocr: false })),
            chunks: docChunks,
            workOrder: report.workOrder,
            project: report.project,
          });
          written += report.pages.length;
          chunks += docChunks.length;
          reports++;
        }
      });
      if (reports % 2000 === 0) {
        const s = (performance.now() - started) / 1000;
        console.log(`  archive: ${written.toLocaleString()} pages in ${s.toFixed(0)} s`);
      }
    }
    console.log("  archive: merging the full-text indexes (optimize)…");
    await db.run("INSERT INTO report_pages_fts(report_pages_fts) VALUES ('optimize')");
    await db.run("INSERT INTO doc_chunks_fts(doc_chunks_fts) VALUES ('optimize')");
    await refreshPlannerStats(db);
    await database.client.execute("PRAGMA wal_checkpoint(TRUNCATE)");
    const data: ArchiveData = {
      dir,
      dbFile,
      pages: written,
      reports,
      chunks,
      builtInS: (performance.now() - started) / 1000,
    };
    writeFileSync(marker, JSON.stringify({ ...data, version: VERSION }, null, 2));
    database.close();
    await withDemoAccounts(dbFile);
    return data;
  } finally {
    database.close();
  }
}

/** The demo accounts (and the other demo tables, small beside the archive): the benchmark signs in as them. */
async function withDemoAccounts(dbFile: string) {
  const database = await openDatabase(`file:${dbFile}`);
  try {
    await applyMigrations(database.db);
    await seedDemoData(database.db, { log: createLogger("warn") });
  } finally {
    database.close();
  }
}

/** Bytes of the database file (and its WAL, if any). */
export function databaseBytes(dbFile: string): number {
  const size = (f: string) => (existsSync(f) ? statSync(f).size : 0);
  return size(dbFile) + size(`${dbFile}-wal`);
}
