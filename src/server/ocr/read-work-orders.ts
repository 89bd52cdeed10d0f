import type { RecognizeResult } from "@shared/ocr";
import { boxToSource } from "./geometry";
import { halfTurnMayReadBetter } from "./orientation";
import type { OcrPage, OcrPool } from "./pool";
import { prepareOffThread } from "./prepare-thread";
import {
  type ImageInfo,
  type ImageLimits,
  inspectImage,
  type PreparedImage,
  type Rotation,
} from "./preprocess";
import { extractFromLines } from "./work-orders";

/** Below this mean word confidence a reading is suspect: the page may be sideways or upside down. */
export const LOW_CONFIDENCE = 65;
/**
 * A work order read with less confidence than this is not given as found: on the held-out photos most of them
 * were a misreading (a digit wrong), and a wrong number is worse than none to someone looking up a project.
 * They are offered apart (`unsure`), for a person to check against the image. On the dev photos, a bar of 50
 * rather than 30 sets aside 6 more misreadings and 2 right ones (which the person then sees as unsure).
 */
export const MIN_CONFIDENCE = 50;
/** Which turns to try: the layout tells a page on its side (columns of ink) from one upright or upside down. */
const turnsFor = (sideways: boolean): Rotation[] => (sideways ? [90, 270] : [180]);

interface Reading {
  page: OcrPage;
  prep: PreparedImage;
  score: number;
}

/** Readings to list, and readings to offer for checking: under the confidence bar, or cut short ("3970-"). */
export function bySureness<T extends { confidence: number; cut: boolean }>(read: T[]) {
  const sure = (w: T) => w.confidence >= MIN_CONFIDENCE && !w.cut;
  const plain = ({ cut, ...item }: T) => item;
  return { items: read.filter(sure).map(plain), unsure: read.filter((w) => !sure(w)).map(plain) };
}

/**
 * Image bytes → work orders with their boxes on the image. Reads the upright image first; only when that
 * reading is weak does it try the other orientations the layout allows (half a turn for a page whose lines run
 * across, when a band of it reads about as well or better upside down; a quarter either way for one whose lines
 * run up or down) and keep the most confident reading.
 */
export async function readWorkOrders(
  pool: OcrPool,
  bytes: Uint8Array,
  limits: ImageLimits,
): Promise<RecognizeResult> {
  const started = performance.now();
  const info = await inspectImage(bytes, limits);
  let best = await readAt(pool, bytes, info, 0, limits.maxPixels);
  if (best.score < LOW_CONFIDENCE) {
    const upright = best;
    for (const turn of turnsFor(!!best.prep.sideways)) {
      // Half a turn is tried on a band of the page first (a full reading costs seconds on a register).
      const worth =
        turn !== 180 ||
        (await halfTurnMayReadBetter(pool, upright.prep, upright.page, (words) => readingScore({ words })));
      if (!worth) continue;
      const next = await readAt(pool, bytes, info, turn, limits.maxPixels);
      if (next.score > best.score) best = next;
      if (best.score >= LOW_CONFIDENCE + 10) break;
    }
  }
  const read = extractFromLines(best.page.lines).map((w) => ({
    work_order: w.work_order,
    box: w.bbox ? boxToSource(w.bbox, best.prep) : null,
    confidence: w.confidence,
    cut: w.cut,
  }));
  const { items, unsure } = bySureness(read);
  return {
    recognized_work_orders: items.map((i) => i.work_order),
    items,
    unsure,
    image: { width: info.width, height: info.height },
    confidence: Math.round(best.score),
    rotation: best.prep.rotation,
    ms: Math.round(performance.now() - started),
  };
}

async function readAt(
  pool: OcrPool,
  bytes: Uint8Array,
  info: ImageInfo,
  rotation: Rotation,
  maxPixels: number,
): Promise<Reading> {
  const prep = await prepareOffThread(bytes, info, rotation, maxPixels);
  // Sparse text: photos of paper are tables, forms, labels and lists more often than columns of prose.
  const page = await pool.recognize(prep.data, { psm: "11" });
  return { page, prep, score: readingScore(page) };
}

/**
 * Mean confidence of the words that look like text (two or more letters or digits), weighted by length.
 * Sideways text comes back as short fragments of low confidence, so it scores low.
 */
export function readingScore(page: Pick<OcrPage, "words">): number {
  let sum = 0;
  let weight = 0;
  for (const w of page.words) {
    const n = w.text.replace(/[^A-Za-z0-9]/g, "").length;
    if (n < 2) continue;
    sum += w.confidence * n;
    weight += n;
  }
  return weight ? sum / weight : 0;
}
