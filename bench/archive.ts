import { existsSync } from "node:fs";
import { join } from "node:path";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { retrieve } from "../src/server/ai/retrieval";
import { openDatabase } from "../src/server/db/client";
import { deleteDocuments, findCollection } from "../src/server/domains/documents/pipeline/store-rows";
import { REPORTS_DB } from "../src/shared/reports";
import { SQLD_BINARY } from "../tests/helpers/sqld";
import { archiveData, databaseBytes } from "./archive-data";
import { startSqldOn } from "./archive-sqld";
import { PLACES, SEARCH_WORDS, syntheticReport } from "./archive-text";
import { type Figure, firstTokenMs, percentile, ROOT, startServer } from "./lib";

/**
 * `bun run bench archive`: thirty years of reports. A reports collection of 1,000,000 pages (bench/.work/archive,
 * built once: archive-data.ts) served by the real server, first on the embedded file, then through a libSQL
 * server (sqld) holding the same database: report search, the file list, Ask AI retrieval and its first token,
 * a 20,000-page batch through the bulk indexer, storage per page and the server's memory.
 */
const PAGES = 1_000_000;
const BATCH_FILES = 800;
const BATCH_PAGES_PER_FILE = 25;
const ROUNDS = 3;

export async function archiveBench(): Promise<Figure[]> {
  const dir = process.env.ARCHIVE_DIR ?? join(ROOT, "bench/.work/archive");
  const data = await archiveData(dir, PAGES);
  if (data.builtInS) console.log(`  built the archive in ${(data.builtInS / 60).toFixed(1)} min`);
  const label = `${(Math.round(data.pages / 1000) * 1000).toLocaleString("en-US")} pages`;
  const bytes = databaseBytes(data.dbFile);
  console.log(
    `  ${data.reports.toLocaleString()} reports, ${data.pages.toLocaleString()} pages, ${data.chunks.toLocaleString()} chunks; database ${(bytes / 1e9).toFixed(2)} GB (${(bytes / data.pages / 1024).toFixed(2)} KB a page)`,
  );
  const figures: Figure[] = [
    {
      name: `storage per page, ${label} (text, full-text indexes, metadata)`,
      value: bytes / data.pages / 1024,
      unit: "KB",
      target: 8,
      better: "lower",
    },
  ];
  figures.push(...(await measure(`embedded file, ${label}`, { DATABASE_URL: `file:${data.dbFile}` }, true)));
  if (existsSync(SQLD_BINARY) && process.env.ARCHIVE_SQLD !== "0") {
    const sqld = await startSqldOn(data.dbFile, join(dir, "sqld"));
    try {
      figures.push(...(await measure(`libSQL server, ${label}`, { DATABASE_URL: sqld.url }, false)));
    } finally {
      await sqld.close();
    }
  } else console.log("  (no sqld: the libSQL server run is skipped)");
  return figures;
}

/** Every figure of one way of serving the archive. `bulk`: also index a 20,000-page batch (then remove it). */
async function measure(how: string, env: Record<string, string>, bulk: boolean): Promise<Figure[]> {
  const server = await startServer({ ...env, SEED_DEMO: "false", WEB_CONCURRENCY: "1" });
  let rssPeak = server.rssMb();
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, server.rssMb());
  }, 50);
  try {
    const cookie = await server.login("admin@geolabs.example");
    const get = async (path: string) => {
      const t0 = performance.now();
      const res = await fetch(`${server.base}${path}`, { headers: { cookie } });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${path}: ${res.status}`);
      return performance.now() - t0;
    };
    const search = await rounds(searchPaths(), get);
    const files = await rounds(filePaths(), get);
    const retrieval = await retrievalTimes(env.DATABASE_URL!);
    const firstToken = await firstTokens(server.base, cookie);
    console.log(
      `  ${how}: search p95 ${percentile(search, 95).toFixed(1)} ms (p50 ${percentile(search, 50).toFixed(1)}), files p95 ${percentile(files, 95).toFixed(1)} ms, retrieval p95 ${percentile(retrieval, 95).toFixed(1)} ms, first token p95 ${percentile(firstToken, 95).toFixed(0)} ms, RSS peak ${rssPeak.toFixed(0)} MB`,
    );
    const figures: Figure[] = [
      fig(`report search, ${how}: search p95`, percentile(search, 95), 100),
      fig(`report files, ${how}: list p95`, percentile(files, 95), 50),
      fig(`Ask AI over reports, ${how}: retrieval p95`, percentile(retrieval, 95), 50),
      fig(`Ask AI over reports, ${how}: first streamed token p95`, percentile(firstToken, 95), 150),
      fig(`server RSS while serving, ${how}`, rssPeak, 400, "MB"),
    ];
    if (bulk) {
      const batch = await bulkIndex(server.base, cookie, how);
      figures.push(...batch.figures);
      clearInterval(sampler);
      await server.stop();
      await removeBatch(env.DATABASE_URL!, batch.names);
    }
    return figures;
  } finally {
    clearInterval(sampler);
    await server.stop();
  }
}

const fig = (name: string, value: number, target: number, unit = "ms"): Figure => ({
  name,
  value,
  unit,
  target,
  better: "lower",
});

/** Each path once to warm up, then ROUNDS times over, timed (the search benchmark times its paths so too). */
export async function rounds(paths: string[], get: (path: string) => Promise<number>) {
  for (const p of paths) await get(p);
  const samples: number[] = [];
  for (let r = 0; r < ROUNDS; r++) for (const p of paths) samples.push(await get(p));
  return samples;
}

/** 1–3 words, common and rare, phrases, with and without a W.O. prefix, first and deep pages. */
function searchPaths(): string[] {
  const queries = [
    ...SEARCH_WORDS.common,
    ...SEARCH_WORDS.twoWords,
    ...SEARCH_WORDS.threeWords,
    ...SEARCH_WORDS.phrases,
    ...SEARCH_WORDS.rare,
  ];
  const out: string[] = [];
  for (const [i, q] of queries.entries()) {
    const params = new URLSearchParams({ q });
    out.push(`/api/reports/search?${params}`);
    out.push(`/api/reports/search?${params}&page=${5 + (i % 16)}`);
    out.push(`/api/reports/search?${params}&wo=${2 + (i % 8)}`);
  }
  return out;
}

function filePaths(): string[] {
  const out = ["/api/reports/files", "/api/reports/files?page=400", "/api/reports/files?page=1500"];
  for (const [i, place] of PLACES.slice(0, 12).entries()) {
    out.push(`/api/reports/files?q=${encodeURIComponent(place)}`);
    out.push(`/api/reports/files?wo=${3 + (i % 6)}${i % 10}`);
    out.push(`/api/reports/files?q=${encodeURIComponent(place.toLowerCase())}&page=3`);
  }
  return out;
}

/** Question-like queries in the archive's words: a place and a structure, and what someone asks about them. */
export function archiveQuestions(): string[] {
  const asks = [
    "What allowable bearing pressure was recommended for the",
    "How deep was groundwater encountered at the",
    "Which seismic site class applies to the",
    "What pavement section is recommended for the",
    "What factor of safety did the slope stability analyses give for the",
    "How many borings were drilled for the",
    "What foundation type is recommended for the",
    "Is liquefaction a concern at the",
  ];
  const out: string[] = [];
  for (let i = 0; i < 24; i++) {
    const r = syntheticReport(i * 1571, 38_000);
    out.push(`${asks[i % asks.length]} ${r.project}?`);
  }
  return out;
}

/** Retrieval as Ask AI runs it (terms, typo check, full text, passages), in this process, on the same database. */
async function retrievalTimes(url: string): Promise<number[]> {
  const database = await openDatabase(url);
  try {
    const id = (await findCollection(database.db, REPORTS_DB))!.id;
    const questions = archiveQuestions();
    for (const q of questions) await retrieve(database.db, [id], q);
    const samples: number[] = [];
    for (let r = 0; r < 2; r++) {
      for (const q of questions) {
        const t0 = performance.now();
        const got = await retrieve(database.db, [id], q);
        samples.push(performance.now() - t0);
        if (!got.passages.length) throw new Error(`no passages for ${q}`);
      }
    }
    return samples;
  } finally {
    database.close();
  }
}

/** From POST /api/chat to the first text delta, built-in model, no cache. */
async function firstTokens(base: string, cookie: string): Promise<number[]> {
  const ask = (text: string) => firstTokenMs(base, cookie, REPORTS_DB, text);
  const questions = archiveQuestions().slice(0, 16);
  for (const q of questions.slice(0, 3)) await ask(q);
  const samples: number[] = [];
  for (const q of questions) samples.push(await ask(q));
  return samples;
}

/** A text PDF of one synthetic report's pages (Helvetica, lines as the generator wrote them, wrapped). */
async function reportPdf(pages: string[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const text of pages) {
    const page = pdf.addPage([612, 792]);
    let y = 740;
    for (const line of wrap(text, 100)) {
      if (y < 40) break;
      page.drawText(line, { x: 54, y, size: 9, font });
      y -= 12;
    }
  }
  return pdf.save();
}

function wrap(text: string, width: number): string[] {
  const out: string[] = [];
  for (const para of text.split("\n")) {
    let line = "";
    for (const word of para.split(" ")) {
      if (line && line.length + word.length + 1 > width) {
        out.push(line);
        line = word;
      } else line = line ? `${line} ${word}` : word;
    }
    out.push(line);
  }
  return out;
}

/**
 * 800 reports of 25 pages through POST /api/reports/bulk-index, originals not kept: pages per second over the
 * batch, and over its first and last tenth (from the time each file's "indexed" line arrives). The batch's
 * reports are removed again afterwards (removeBatch), so the archive stays as built.
 */
export async function bulkIndex(base: string, cookie: string, how: string, files = BATCH_FILES) {
  const names: string[] = [];
  const form = new FormData();
  for (let i = 0; i < files; i++) {
    const r = syntheticReport(900_000 + i, 1_000_000);
    // Tails 41–99 are never in the archive (its tails are 01–40): no batch file replaces an archived report.
    const wo = `${1001 + ((i * 37) % 8998)}-${41 + (i % 59)}`;
    const name = `${wo}.${r.project}.pdf`;
    names.push(name);
    const pages = [...r.pages, ...r.pages].slice(0, BATCH_PAGES_PER_FILE);
    form.append("files", new Blob([(await reportPdf(pages)) as BlobPart], { type: "application/pdf" }), name);
  }
  form.append("upload_to_s3", "false");
  form.append("replace_if_exists", "true");
  const t0 = performance.now();
  const res = await fetch(`${base}/api/reports/bulk-index`, {
    method: "POST",
    headers: { cookie, accept: "application/x-ndjson" },
    body: form,
  });
  const done: number[] = [];
  let buffer = "";
  const reader = res.body!.getReader();
  for (;;) {
    const { value, done: end } = await reader.read();
    if (end) break;
    buffer += new TextDecoder().decode(value);
    let nl = buffer.indexOf("\n");
    while (nl >= 0) {
      const line = JSON.parse(buffer.slice(0, nl)) as { status?: string };
      if (line.status === "indexed" || line.status === "replaced") done.push(performance.now() - t0);
      buffer = buffer.slice(nl + 1);
      nl = buffer.indexOf("\n");
    }
  }
  const total = performance.now() - t0;
  if (done.length !== files) throw new Error(`bulk-index: ${done.length} of ${files} indexed`);
  const tenth = Math.floor(files / 10);
  const rate = (from: number, to: number) =>
    ((to - from) * BATCH_PAGES_PER_FILE) / ((done[to - 1]! - (from ? done[from - 1]! : done[0]!)) / 1000);
  const first = rate(1, tenth);
  const last = rate(files - tenth, files);
  const overall = (files * BATCH_PAGES_PER_FILE) / (total / 1000);
  const tenths = Array.from({ length: 10 }, (_, k) =>
    rate(Math.max(1, k * tenth), (k + 1) * tenth).toFixed(0),
  );
  console.log(
    `  ${how}: first file indexed at ${(done[0]! / 1000).toFixed(1)} s; pages/s by tenth ${tenths.join(" ")}`,
  );
  console.log(
    `  ${how}: bulk-indexed ${files * BATCH_PAGES_PER_FILE} pages in ${(total / 1000).toFixed(1)} s: ${overall.toFixed(0)} pages/s (first tenth ${first.toFixed(0)}, last tenth ${last.toFixed(0)})`,
  );
  const figures: Figure[] = [
    {
      name: `bulk-index 20,000 pages into ${how}: pages/s`,
      value: overall,
      unit: "pages/s",
      target: 300,
      better: "higher",
    },
    {
      name: `bulk-index 20,000 pages into ${how}: last tenth / first tenth pages/s`,
      value: last / first,
      unit: "×",
      target: 0.8,
      better: "higher",
    },
  ];
  return { figures, names };
}

/** The batch's documents out again, as the pipeline deletes documents (rows, pages, chunks and index entries). */
export async function removeBatch(url: string, names: string[]) {
  const database = await openDatabase(url);
  try {
    const list = names.map((n) => `'${n.replace(/'/g, "''")}'`).join(", ");
    const rows = await database.db.all<{ id: number }>(
      `SELECT d.id FROM doc_documents d JOIN doc_collections c ON c.id = d.collection_id WHERE c.name = '${REPORTS_DB}' AND d.file_name IN (${list})` as never,
    );
    await database.db.transaction((tx) =>
      deleteDocuments(
        tx,
        rows.map((r) => Number(r.id)),
      ),
    );
  } finally {
    database.close();
  }
}
