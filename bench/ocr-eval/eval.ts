/**
 * `bun run eval:ocr --set photos`: the held-out photographs (photos-eval.ts).
 * `bun run eval:ocr`: precision and recall of the work orders the real pipeline (the PP-OCRv4 photo reader,
 * extraction rules) reads off the generated set, clean and noisy, each in a dev half (odd-numbered images) and a
 * test half (even-numbered) that is only scored, never tuned on. Exit code 1 when a target is missed.
 * `--regenerate` rebuilds the images first; `--verbose` prints the dev half's misses only.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { createLogger } from "../../src/server/lib/logger";
import { createPhotoReader, photoReaderShape } from "../../src/server/ocr/photos/ppocr/host";
import { readWorkOrders } from "../../src/server/ocr/photos/read-work-orders";
import { EVAL_DIR, type EvalImage, generateEvalSet } from "./generate";
import { evaluatePhotos, PHOTO_SETS, printPhotoScores } from "./photos-eval";
import { evaluateRegister } from "./register-eval";

export const TARGETS = { clean: { recall: 0.95, precision: 0.95 }, noisy: { recall: 0.85, precision: 0 } };

export interface SetScore {
  images: number;
  truth: number;
  found: number;
  correct: number;
  precision: number;
  recall: number;
  msPerImage: number;
}

type Half = "dev" | "test";
/** Odd-numbered images are the dev half, even-numbered the test half ("clean-07-label.png" is dev). */
export const halfOf = (img: EvalImage): Half => (Number(/-(\d+)-/.exec(img.file)?.[1]) % 2 ? "dev" : "test");

export function loadEvalSet(): EvalImage[] {
  return JSON.parse(readFileSync(join(EVAL_DIR, "manifest.json"), "utf8")) as EvalImage[];
}

export async function evaluate(verbose = false): Promise<Record<`${"clean" | "noisy"} ${Half}`, SetScore>> {
  const set = loadEvalSet();
  const reader = createPhotoReader({ ...photoReaderShape(), log: createLogger("warn") });
  await reader.warm();
  const limits = { maxBytes: 50 * 1024 * 1024, maxPixels: 100_000_000 };
  const scores = {} as Record<`${"clean" | "noisy"} ${Half}`, SetScore>;
  try {
    for (const key of ["clean dev", "clean test", "noisy dev", "noisy test"] as const) {
      const [name, half] = key.split(" ") as ["clean" | "noisy", Half];
      const s: SetScore = {
        images: 0,
        truth: 0,
        found: 0,
        correct: 0,
        precision: 0,
        recall: 0,
        msPerImage: 0,
      };
      let ms = 0;
      for (const img of set.filter((i) => i.set === name && halfOf(i) === half)) {
        const bytes = readFileSync(join(EVAL_DIR, img.file));
        const result = await readWorkOrders(reader, bytes, limits);
        ms += result.ms;
        const truth = new Set(img.truth.map((w) => w.toUpperCase()));
        const got = result.recognized_work_orders.map((w) => w.toUpperCase());
        const correct = got.filter((w) => truth.has(w)).length;
        s.images++;
        s.truth += truth.size;
        s.found += got.length;
        s.correct += correct;
        if (verbose && half === "dev" && (correct < truth.size || correct < got.length)) {
          const missed = [...truth].filter((w) => !got.includes(w));
          const extra = got.filter((w) => !truth.has(w));
          console.log(
            `  ${img.file} (${img.distortion}, ${img.font}, turn ${result.rotation}°, conf ${result.confidence}): missed [${missed.join(", ")}] extra [${extra.join(", ")}]`,
          );
        }
      }
      s.precision = s.found ? s.correct / s.found : 1;
      s.recall = s.truth ? s.correct / s.truth : 1;
      s.msPerImage = ms / Math.max(1, s.images);
      scores[key] = s;
    }
  } finally {
    await reader.terminate();
  }
  return scores;
}

function argValue(name: string) {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

const photoSet = PHOTO_SETS.find((s) => s === argValue("--set"));
if (import.meta.main && photoSet && process.argv.includes("--register")) {
  const split = argValue("--split");
  const splits: ("dev" | "test")[] = split === "dev" || split === "test" ? [split] : ["dev", "test"];
  await evaluateRegister(photoSet, splits, process.argv.includes("--verbose"));
  process.exit(0);
} else if (import.meta.main && photoSet) {
  const split = argValue("--split");
  const splits: ("dev" | "test")[] = split === "dev" || split === "test" ? [split] : ["dev", "test"];
  const tallies = await evaluatePhotos({
    set: photoSet,
    splits,
    verbose: process.argv.includes("--verbose"),
    native: !process.argv.includes("--no-native"),
  });
  process.exit(printPhotoScores(tallies, splits) ? 0 : 1);
} else if (import.meta.main) {
  if (process.argv.includes("--regenerate") || !existsSync(join(EVAL_DIR, "manifest.json")))
    await generateEvalSet();
  const scores = await evaluate(process.argv.includes("--verbose"));
  let ok = true;
  console.log("set          images  work orders  found  correct  precision  recall  ms/image");
  for (const [key, s] of Object.entries(scores) as [keyof typeof scores, SetScore][]) {
    const t = TARGETS[key.split(" ")[0] as "clean" | "noisy"];
    const pass = s.recall >= t.recall && s.precision >= t.precision;
    ok &&= pass;
    console.log(
      `${key.padEnd(13)}${String(s.images).padStart(6)}${String(s.truth).padStart(13)}${String(s.found).padStart(7)}${String(s.correct).padStart(9)}${s.precision.toFixed(3).padStart(11)}${s.recall.toFixed(3).padStart(8)}${s.msPerImage.toFixed(0).padStart(10)}  ${pass ? "ok" : "MISS"} (target recall ≥ ${t.recall}${t.precision ? `, precision ≥ ${t.precision}` : ""})`,
    );
  }
  process.exit(ok ? 0 : 1);
}
