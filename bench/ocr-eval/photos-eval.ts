/**
 * `bun run eval:ocr --set photos [--split dev|test] [--verbose] [--no-native]`: Work Order Recognition on the
 * held-out photographs (bench/ocr-eval/photos, made by a helper that never read the recognizer). Precision,
 * recall and images entirely right per kind and overall, for the dev and the test half; time per image against
 * the native tesseract CLI on the same files (one thread each). `--verbose` prints the misses of dev only: the
 * test half is scored, never studied.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createLogger } from "../../src/server/lib/logger";
import { createPhotoReader, photoReaderShape } from "../../src/server/ocr/photos/ppocr/host";
import { readWorkOrders } from "../../src/server/ocr/photos/read-work-orders";
import { extractWorkOrders } from "../../src/server/ocr/photos/work-orders";
import { nativeCli } from "./native";

/** The held-out photo sets: `photos` (the first) and `photos-field` (a second, by another helper). */
export const PHOTO_SETS = ["photos", "photos-field"] as const;
export type PhotoSet = (typeof PHOTO_SETS)[number];
export const photosDir = (set: PhotoSet = "photos") => join(import.meta.dir, set, "images");
export const PHOTOS_DIR = photosDir();
export const KINDS = ["notebook", "letter", "register", "label", "form", "sticky"] as const;
export const PHOTO_TARGETS = { precision: 0.95, recall: 0.85, kindRecall: 0.8, timeRatio: 1.2, p95Ms: 3000 };

export interface PhotoImage {
  file: string;
  split: "dev" | "test";
  kind: (typeof KINDS)[number];
  truth: string[];
  font: string;
  distortion: string;
}

export interface Tally {
  images: number;
  allRight: number;
  truth: number;
  found: number;
  correct: number;
  ms: number[];
  nativeMs: number[];
  /** The native CLI's own reading, through the same extraction rules (for context). */
  nativeFound: number;
  nativeCorrect: number;
}

/** "1234-56(A)" and "1234-56A" are one work order. */
const norm = (wo: string) => wo.toUpperCase().replace(/[()]/g, "");

export function loadPhotos(set: PhotoSet = "photos"): PhotoImage[] {
  return JSON.parse(readFileSync(join(photosDir(set), "manifest.json"), "utf8")) as PhotoImage[];
}

const emptyTally = (): Tally => ({
  images: 0,
  allRight: 0,
  truth: 0,
  found: 0,
  correct: 0,
  ms: [],
  nativeMs: [],
  nativeFound: 0,
  nativeCorrect: 0,
});

function score(truth: Set<string>, got: string[]) {
  const unique = [...new Set(got.map(norm))];
  return { found: unique.length, correct: unique.filter((w) => truth.has(w)).length, unique };
}

export async function evaluatePhotos(opts: {
  set?: PhotoSet;
  splits: ("dev" | "test")[];
  verbose: boolean;
  native: boolean;
}) {
  const reader = createPhotoReader({ ...photoReaderShape(), log: createLogger("warn") });
  await reader.warm();
  const dir = photosDir(opts.set);
  const cli = opts.native ? nativeCli() : null;
  const limits = { maxBytes: 50 * 1024 * 1024, maxPixels: 100_000_000 };
  const tallies = new Map<string, Tally>();
  const tally = (split: string, kind: string) => {
    const key = `${split}/${kind}`;
    if (!tallies.has(key)) tallies.set(key, emptyTally());
    return tallies.get(key)!;
  };
  try {
    // One warm-up read so the first image does not pay for loading libvips and the model.
    const all = loadPhotos(opts.set);
    await readWorkOrders(reader, readFileSync(join(dir, all[0]!.file)), limits);
    for (const img of all.filter((i) => opts.splits.includes(i.split))) {
      const path = join(dir, img.file);
      const truth = new Set(img.truth.map(norm));
      const t0 = performance.now();
      const result = await readWorkOrders(reader, readFileSync(path), limits);
      const ms = performance.now() - t0;
      const ours = score(truth, result.recognized_work_orders);
      for (const t of [tally(img.split, img.kind), tally(img.split, "all")]) {
        t.images++;
        t.truth += truth.size;
        t.found += ours.found;
        t.correct += ours.correct;
        if (ours.correct === truth.size && ours.found === truth.size) t.allRight++;
        t.ms.push(ms);
      }
      if (cli) {
        const n = await cli.read(path);
        const theirs = score(truth, extractWorkOrders(n.text));
        for (const t of [tally(img.split, img.kind), tally(img.split, "all")]) {
          t.nativeMs.push(n.ms);
          t.nativeFound += theirs.found;
          t.nativeCorrect += theirs.correct;
        }
      }
      if (opts.verbose && img.split === "dev" && (ours.correct < truth.size || ours.found > ours.correct)) {
        const missed = [...truth].filter((w) => !ours.unique.includes(w));
        const extra = ours.unique.filter((w) => !truth.has(w));
        console.log(
          `  ${img.file} (${img.font}; turn ${result.rotation}°, conf ${result.confidence}, ${ms.toFixed(0)} ms): missed [${missed.join(", ")}] extra [${extra.join(", ")}]`,
        );
      }
    }
  } finally {
    await reader.terminate();
    cli?.close();
  }
  return tallies;
}

const ratio = (a: number, b: number) => (b ? a / b : 1);
const mean = (xs: number[]) => (xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : 0);
export const p95 = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(s.length * 0.95) - 1)] ?? 0;
};

/** The table `eval:ocr --set photos` prints; true when every target is met in every split shown. */
export function printPhotoScores(tallies: Map<string, Tally>, splits: string[]): boolean {
  let ok = true;
  const f = (v: number) => v.toFixed(2).padStart(6);
  for (const split of splits) {
    console.log(
      `\n${split}: kind        imgs  WOs  found  right  precision  recall  all-right   ms mean   p95   CLI ms  ×CLI   CLI p/r`,
    );
    for (const kind of [...KINDS, "all"]) {
      const t = tallies.get(`${split}/${kind}`);
      if (!t) continue;
      const precision = ratio(t.correct, t.found);
      const recall = ratio(t.correct, t.truth);
      const times = mean(t.ms) / (mean(t.nativeMs) || Number.NaN);
      const missed =
        kind === "all"
          ? precision < PHOTO_TARGETS.precision ||
            recall < PHOTO_TARGETS.recall ||
            p95(t.ms) > PHOTO_TARGETS.p95Ms ||
            times > PHOTO_TARGETS.timeRatio
          : recall < PHOTO_TARGETS.kindRecall;
      ok &&= !missed;
      console.log(
        `${" ".repeat(split.length + 2)}${kind.padEnd(11)}${String(t.images).padStart(5)}${String(t.truth).padStart(5)}${String(t.found).padStart(7)}${String(t.correct).padStart(7)}${f(precision).padStart(11)}${f(recall).padStart(8)}${`${t.allRight}/${t.images}`.padStart(11)}${mean(t.ms).toFixed(0).padStart(10)}${p95(t.ms).toFixed(0).padStart(6)}${(t.nativeMs.length ? mean(t.nativeMs).toFixed(0) : "–").padStart(9)}${(Number.isNaN(times) ? "–" : times.toFixed(2)).padStart(6)}   ${t.nativeMs.length ? `${ratio(t.nativeCorrect, t.nativeFound).toFixed(2)}/${ratio(t.nativeCorrect, t.truth).toFixed(2)}` : "–"}${missed ? "  MISS" : ""}`,
      );
    }
  }
  console.log(
    `\ntargets: precision ≥ ${PHOTO_TARGETS.precision}, recall ≥ ${PHOTO_TARGETS.recall} overall and ≥ ${PHOTO_TARGETS.kindRecall} per kind, time ≤ ${PHOTO_TARGETS.timeRatio}× the CLI, p95 ≤ ${PHOTO_TARGETS.p95Ms} ms`,
  );
  return ok;
}
