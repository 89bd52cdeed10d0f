// ocr/photos/: work orders read off uploaded photos (checked, read by PP-OCRv4 in ppocr/); scans are ocr/scans/.
import type { ImageBox, RecognizeResult } from "@shared/ocr";
import { readWorkOrderShapes } from "./digit-readings";
import { type ImageLimits, inspectImage } from "./image-check";
import type { PhotoReader } from "./ppocr/host";
import { checkReadings, type RegisterLookup, type Verdict } from "./register-check";
import { linesOf } from "./text-lines";
import { type Bbox, extractFromLines } from "./work-orders";

/**
 * A work order read with less confidence than this (its characters' probability, per character, in percent) is
 * not given as found but offered apart (`unsure`), for a person to check against the image: a wrong number is
 * worse than none to someone looking up a project.
 */
export const MIN_CONFIDENCE = 80;

/**
 * Readings to list, and readings to offer for checking: under the confidence bar, or cut short ("3970-"). A
 * reading corrected into the register is listed: the register vouches for it where the reader alone did not.
 */
export function bySureness<
  T extends { confidence: number; cut: boolean; read_as?: string; vouched?: boolean },
>(read: T[]) {
  const sure = (w: T) => (w.confidence >= MIN_CONFIDENCE || !!w.read_as || !!w.vouched) && !w.cut;
  const plain = ({ cut, vouched, ...item }: T) => item;
  return { items: read.filter(sure).map(plain), unsure: read.filter((w) => !sure(w)).map(plain) };
}

/**
 * A doubtful reading the register holds as it was read is listed: the register vouches for every digit of it. Not
 * below this confidence, where most of its digits are guesses.
 */
export const VOUCHED_CONFIDENCE = 30;

/** A reading as the register judged it: corrected (read as …), vouched for, or not in it with what it may be. */
function judged<T extends { work_order: string; confidence: number }>(
  reading: T,
  verdict: Verdict | undefined,
) {
  if (verdict?.kind === "registered" && verdict.exact)
    return { ...reading, vouched: reading.confidence >= VOUCHED_CONFIDENCE };
  // Held only inside a longer number: kept as read, the number the register holds offered beside it.
  if (verdict?.kind === "registered") {
    const { work_order, project, client } = verdict.line;
    return { ...reading, suggestions: [{ work_order, project, client }] };
  }
  if (verdict?.kind === "corrected")
    return { ...reading, work_order: verdict.to.work_order, read_as: reading.work_order };
  if (verdict?.kind === "unregistered") return { ...reading, suggestions: verdict.suggestions };
  return reading;
}

/**
 * Image bytes → work orders with their boxes on the image. The header is checked here (type, size, pixels);
 * a photo-reading process decodes and reads it (ppocr/); the rules then find the work orders in its lines.
 */
export async function readWorkOrders(
  reader: Pick<PhotoReader, "read">,
  bytes: Uint8Array,
  limits: ImageLimits,
  /** The project register; without one nothing is corrected or suggested. */
  register?: RegisterLookup,
): Promise<RecognizeResult> {
  const started = performance.now();
  const info = await inspectImage(bytes, limits);
  const reading = await reader.read(bytes, limits.maxPixels);
  const boxes = reading.boxes.map((b) => ({ ...b, chars: readWorkOrderShapes(b.chars) }));
  const { lines, rotation } = linesOf(boxes, reading);
  const found = extractFromLines(lines);
  // A reading cut short is not a number yet: it is offered as read.
  const whole = found.filter((w) => !w.cut);
  const checked = register ? await checkReadings(whole, register) : [];
  const verdicts = new Map(whole.map((w, i) => [w, checked[i]]));
  const readings = found.map((w) => ({
    ...judged(
      { work_order: w.work_order, box: w.bbox ? imageBox(w.bbox, reading) : null, confidence: w.confidence },
      verdicts.get(w),
    ),
    cut: w.cut,
  }));
  // A reading corrected into a work order read elsewhere on the page is that one, read twice: listed once.
  const read = readings.filter((w, i) => readings.findIndex((o) => o.work_order === w.work_order) === i);
  const { items, unsure } = bySureness(read);
  return {
    recognized_work_orders: items.map((i) => i.work_order),
    items,
    unsure,
    image: { width: info.width, height: info.height },
    confidence: Math.round(meanConfidence(lines.flatMap((l) => l.words))),
    rotation,
    ms: Math.round(performance.now() - started),
  };
}

/** A box in whole pixels, within the image. */
function imageBox(b: Bbox, size: { width: number; height: number }): ImageBox {
  const x = Math.max(0, Math.floor(b.x0));
  const y = Math.max(0, Math.floor(b.y0));
  return {
    x,
    y,
    w: Math.min(size.width, Math.ceil(b.x1)) - x,
    h: Math.min(size.height, Math.ceil(b.y1)) - y,
  };
}

/** Mean confidence of the words, weighted by their length. */
function meanConfidence(words: { text: string; confidence?: number }[]): number {
  let sum = 0;
  let weight = 0;
  for (const w of words) {
    sum += (w.confidence ?? 0) * w.text.length;
    weight += w.text.length;
  }
  return weight ? sum / weight : 0;
}
