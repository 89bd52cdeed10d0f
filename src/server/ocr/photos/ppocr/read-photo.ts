import type SharpModule from "sharp";
import type { Point, Quad } from "./boxes";
import type { Rgb } from "./crop";
import type { ReadBox, Recogniser } from "./recogniser";

/** The image could not be decoded: damaged, cut short, or not what its first bytes said. */
export class UnreadableImage extends Error {
  override name = "UnreadableImage";
}

/**
 * The long side the detector looks at. PaddleOCR's default (960) loses small print in photos of whole pages;
 * larger finds it at more cost.
 */
export const DETECTOR_SIDE = 1280;

/**
 * The most pixels of one photo the reader works on (a phone's usual 12 megapixels): a larger photo is decoded
 * straight to this size, never whole, so its cost and memory follow the working size and not the file's claim
 * (a blank 6000×6000 PNG is 35 KB and was 36 megapixels of work). The detector looks at 1280 pixels anyway; the
 * recogniser's crops come from this image, and a line of text in it is still several times the 48 pixels the
 * recogniser reads at, so nothing it could read is lost.
 */
export const WORK_PIXELS = 12_000_000;

export interface PhotoRead {
  /** Size as a person sees it (EXIF orientation applied): the boxes are in these pixels. */
  width: number;
  height: number;
  boxes: ReadBox[];
  /**
   * The largest image the reader decoded: the detector's (at most DETECTOR_SIDE long) when nothing was found,
   * else the photo itself or the photo decoded down to WORK_PIXELS.
   */
  worked: { width: number; height: number };
}

/**
 * Image bytes → the text boxes on it, read, in the image's pixels as a person sees it (EXIF applied). The
 * detector's look comes first, at its own size: a photo with no text (a blank page, a wall) costs that look
 * alone, and only a photo with text is decoded at the size its text is read at.
 */
export async function readPhoto(
  recogniser: Recogniser,
  bytes: Uint8Array,
  maxPixels: number,
): Promise<PhotoRead> {
  const sharp = (await import("sharp")).default;
  const size = await orientedSize(sharp, bytes);
  const toDetector = Math.min(1, DETECTOR_SIDE / Math.max(size.width, size.height));
  const toWork = Math.min(1, Math.sqrt(WORK_PIXELS / (size.width * size.height)));
  const scaled = (k: number) =>
    k < 1 ? { width: Math.round(size.width * k), height: Math.round(size.height * k) } : null;
  const glance = await decode(sharp, bytes, maxPixels, scaled(toDetector));
  const nothing = { ...size, boxes: [], worked: { width: glance.width, height: glance.height } };
  // Text is ink against paper: an image without a step of MIN_CONTRAST grey levels anywhere holds none.
  if (!hasContrast(glance)) return nothing;
  const found = await recogniser.detect(glance, DETECTOR_SIDE);
  if (!found.length) return nothing;
  const img = toDetector < 1 ? await decode(sharp, bytes, maxPixels, scaled(toWork)) : glance;
  const toImg = scaler(img.width / glance.width, img.height / glance.height);
  const boxes = await recogniser.readFound(
    img,
    found.map((q) => q.map(toImg) as Quad),
  );
  const worked = { width: img.width, height: img.height };
  if (img.width === size.width && img.height === size.height) return { ...size, boxes, worked };
  // Back in the photo's own pixels: the overlay and the answer describe the photo that was sent.
  const at = scaler(size.width / img.width, size.height / img.height);
  const scaledBoxes = boxes.map((b) => ({ quad: b.quad.map(at) as Quad, chars: b.chars.map(at) }));
  return { ...size, boxes: scaledBoxes, worked };
}

/**
 * Grey levels (of 255) between the lightest and darkest pixel below which an image is taken as holding no text. Faint
 * pencil, thinned by the detector's downscale, still differs from its paper by several times this; a flat image
 * (a blank page drawn by a program, a frame of one colour) by nothing, and the detector's look (seconds on a large
 * image) is spared.
 */
export const MIN_CONTRAST = 6;

/** Whether any two pixels of the image differ in brightness by MIN_CONTRAST or more (stops at the first such pair). */
export function hasContrast(img: Rgb): boolean {
  const { data } = img;
  let lo = 255;
  let hi = 0;
  for (let i = 0; i < data.length; i += 3) {
    const grey = (data[i]! + 2 * data[i + 1]! + data[i + 2]!) >> 2;
    if (grey < lo) lo = grey;
    if (grey > hi) hi = grey;
    if (hi - lo >= MIN_CONTRAST) return true;
  }
  return false;
}

/** A point (or a character at one) moved by the factors between two sizes of one image. */
const scaler =
  (sx: number, sy: number) =>
  <P extends Point>(p: P): P => ({ ...p, x: p.x * sx, y: p.y * sy });

type Sharp = typeof SharpModule;

/** Width and height as a person sees them, from the header alone. */
async function orientedSize(sharp: Sharp, bytes: Uint8Array) {
  try {
    const meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    const width = meta.autoOrient?.width ?? meta.width ?? 0;
    const height = meta.autoOrient?.height ?? meta.height ?? 0;
    if (!width || !height) throw new Error("no size in the header");
    return { width, height };
  } catch (err) {
    throw new UnreadableImage(err instanceof Error ? err.message : String(err));
  }
}

/** Decoded RGB pixels, upright and on white; resized while decoding when `to` is given (libvips streams it). */
async function decode(
  sharp: Sharp,
  bytes: Uint8Array,
  maxPixels: number,
  to: { width: number; height: number } | null,
): Promise<Rgb> {
  try {
    let img = sharp(bytes, { limitInputPixels: maxPixels, failOn: "error" })
      .autoOrient()
      .flatten({ background: "#ffffff" })
      .toColourspace("srgb")
      .removeAlpha();
    if (to) img = img.resize({ ...to, fit: "fill" });
    const { data, info } = await img.raw().toBuffer({ resolveWithObject: true });
    return {
      data: new Uint8Array(data.buffer, data.byteOffset, data.length),
      width: info.width,
      height: info.height,
    };
  } catch (err) {
    throw new UnreadableImage(err instanceof Error ? err.message : String(err));
  }
}
