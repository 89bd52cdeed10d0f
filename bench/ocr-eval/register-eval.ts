/**
 * `bun run eval:ocr --set photos|photos-field --register [--split dev|test] [--verbose]`: the held-out photos
 * read against a project register (issue "photos read against the project register"). Each photo is read once
 * (cached under the system temp dir, so the register rule can be re-run in seconds), then checked against two
 * registers in a real libSQL database: (a) the set's true work orders plus 20,000 others drawn like the demo
 * register's, and (b) the same without the true work orders (jobs not yet registered). Reported per half:
 * precision and recall without and with the register, the share of readings left wrong whose true work order
 * is among the suggestions, and in (b) the share of readings corrected into a wrong work order. `--verbose`
 * prints the dev half's corrections and misses only: the test half is scored, never studied.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Database, openDatabase } from "../../src/server/db/client";
import { applyMigrations } from "../../src/server/db/migrate";
import { demoProjects } from "../../src/server/domains/projects/demo-projects";
import { registerForReadings } from "../../src/server/domains/projects/service";
import { createLogger } from "../../src/server/lib/logger";
import { createPhotoReader, photoReaderShape } from "../../src/server/ocr/photos/ppocr/host";
import type { PhotoReading } from "../../src/server/ocr/photos/ppocr/protocol";
import { readWorkOrders } from "../../src/server/ocr/photos/read-work-orders";
import type { RegisterLookup } from "../../src/server/ocr/photos/register-check";
import { workOrderKey } from "../../src/shared/work-orders";
import { loadPhotos, type PhotoImage, type PhotoSet, photosDir } from "./photos-eval";

const LIMITS = { maxBytes: 50 * 1024 * 1024, maxPixels: 100_000_000 };
const norm = (wo: string) => wo.toUpperCase().replace(/[()]/g, "");
const baseOf = (wo: string) => norm(wo).replace(/[A-Z]$/, "");

/** Each photo read once by the real reader; the readings kept on disk by the bytes' hash. */
async function cachedReadings(set: PhotoSet, images: PhotoImage[]) {
  // Versioned: a reading of another shape (fewer rivals per character) is read again.
  const cache = join(tmpdir(), "geolabs-ocr-readings-v2", set);
  mkdirSync(cache, { recursive: true });
  // Read once for all runs: a busy machine must not stop a photo the product would read in seconds.
  const reader = createPhotoReader({ ...photoReaderShape(), log: createLogger("warn"), timeoutMs: 600_000 });
  const out = new Map<string, PhotoReading>();
  try {
    for (const img of images) {
      const bytes = readFileSync(join(photosDir(set), img.file));
      const file = join(cache, `${createHash("sha256").update(bytes).digest("hex")}.json`);
      if (!existsSync(file)) writeFileSync(file, JSON.stringify(await reader.read(bytes, LIMITS.maxPixels)));
      out.set(img.file, JSON.parse(readFileSync(file, "utf8")) as PhotoReading);
    }
  } finally {
    await reader.terminate();
  }
  return out;
}

/** A register in a real database: 20,000 lines like the demo register's, the given extra lines, minus `drop`. */
async function registerDb(extra: string[], drop: Set<string>): Promise<{ db: Database; dir: string }> {
  const dir = mkdtempSync(join(tmpdir(), "geolabs-register-eval-"));
  const db = await openDatabase(`file:${join(dir, "register.db")}`);
  await applyMigrations(db.db);
  const dropped = (wo: string) =>
    drop.has(norm(wo)) || drop.has(baseOf(wo)) || drop.has(norm(wo).slice(0, 4));
  const lines = demoProjects(20_000, 4242)
    .filter((p) => !dropped(p.workOrder))
    .map((p) => [p.workOrder, p.client, p.project] as const);
  const seen = new Set(lines.map(([wo]) => workOrderKey(wo)));
  for (const wo of extra)
    if (!seen.has(workOrderKey(wo))) lines.push([wo, "Eval Client", `Eval project ${wo}`] as const);
  for (let i = 0; i < lines.length; i += 1000) {
    const chunk = lines.slice(i, i + 1000);
    await db.client.execute({
      sql: `insert or ignore into projects (work_order, wo_key, client, project, pr, date, principal_engineer, invoice_number, final_report_date, source) values ${chunk.map(() => "(?,?,?,?,'','','','','','eval')").join(",")}`,
      args: chunk.flatMap(([wo, client, project]) => [wo, workOrderKey(wo), client, project]),
    });
  }
  return { db, dir };
}

interface Score {
  truth: number;
  found: number;
  right: number;
  corrected: number;
  correctedWrong: number;
  readings: number;
  leftWrong: number;
  suggestedRight: number;
}
const empty = (): Score => ({
  truth: 0,
  found: 0,
  right: 0,
  corrected: 0,
  correctedWrong: 0,
  readings: 0,
  leftWrong: 0,
  suggestedRight: 0,
});

async function scoreWith(
  images: PhotoImage[],
  readings: Map<string, PhotoReading>,
  set: PhotoSet,
  register: RegisterLookup | undefined,
  verbose: boolean,
) {
  const s = empty();
  for (const img of images) {
    const reading = readings.get(img.file)!;
    const reader = { read: async () => reading };
    const bytes = readFileSync(join(photosDir(set), img.file));
    const r = await readWorkOrders(reader, bytes, LIMITS, register);
    const truth = new Set(img.truth.map(norm));
    const listed = [...new Set(r.recognized_work_orders.map(norm))];
    s.truth += truth.size;
    s.found += listed.length;
    s.right += listed.filter((w) => truth.has(w)).length;
    if (verbose && img.split === "dev") {
      const missed = [...truth].filter((w) => !listed.includes(w));
      const unsure = r.unsure.map((u) => `${u.work_order}(${u.confidence})`);
      if (missed.length)
        console.log(`  ${img.file}: missed [${missed.join(", ")}]; unsure [${unsure.join(", ")}]`);
    }
    for (const item of [...r.items, ...r.unsure]) {
      s.readings++;
      if (item.read_as) {
        s.corrected++;
        if (!truth.has(norm(item.work_order))) s.correctedWrong++;
      }
      if (!truth.has(norm(item.work_order))) {
        s.leftWrong++;
        if (item.suggestions?.some((g) => truth.has(norm(g.work_order)))) s.suggestedRight++;
      }
      if (verbose && img.split === "dev" && (item.read_as || !truth.has(norm(item.work_order))))
        console.log(
          `  ${img.file}: ${item.read_as ? `${item.read_as} → ` : ""}${item.work_order} (conf ${item.confidence})${truth.has(norm(item.work_order)) ? " right" : " WRONG"}; suggested [${(item.suggestions ?? []).map((g) => g.work_order).join(", ")}]; truth [${[...truth].join(", ")}]`,
        );
    }
  }
  return s;
}

const f = (a: number, b: number) => (b ? (a / b).toFixed(3) : "–").padStart(7);

export async function evaluateRegister(set: PhotoSet, splits: ("dev" | "test")[], verbose: boolean) {
  const images = loadPhotos(set).filter((i) => splits.includes(i.split));
  // Every photo of the set is read (and kept) once, whichever half is scored.
  const readings = await cachedReadings(set, loadPhotos(set));
  const truth = [...new Set(loadPhotos(set).flatMap((i) => i.truth))];
  const withTruth = await registerDb(truth, new Set());
  const without = await registerDb([], new Set(truth.flatMap((w) => [norm(w), baseOf(w)])));
  const lookup = (db: Database) => registerForReadings(db.db);
  try {
    console.log(
      `\n${set}: half  register      precision  recall  corrected  wrong-corr/readings  suggested-right/left-wrong`,
    );
    for (const split of splits) {
      const half = images.filter((i) => i.split === split);
      for (const [name, reg] of [
        ["none", undefined],
        ["(a) with", lookup(withTruth.db)],
        ["(b) without", lookup(without.db)],
      ] as const) {
        const s = await scoreWith(half, readings, set, reg, verbose && name === "(a) with");
        console.log(
          `${" ".repeat(set.length + 2)}${split.padEnd(6)}${name.padEnd(14)}${f(s.right, s.found)}${f(s.right, s.truth)}${String(s.corrected).padStart(11)}${`${s.correctedWrong}/${s.readings}`.padStart(12)} ${f(s.correctedWrong, s.readings)}${`${s.suggestedRight}/${s.leftWrong}`.padStart(14)} ${f(s.suggestedRight, s.leftWrong)}`,
        );
      }
    }
  } finally {
    for (const r of [withTruth, without]) {
      r.db.close();
      rmSync(r.dir, { recursive: true, force: true });
    }
  }
}
