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
  /** The image the reader worked on: the photo itself, or the photo decoded down to WORK_PIXELS. */
  worked: { width: number; height: number };
}

/** Image bytes → the text boxes on it, read, in the image's pixels as a person sees it (EXIF applied). */
export async function readPhoto(
  recogniser: Recogniser,
  bytes: Uint8Array,
  maxPixels: number,
): Promise<PhotoRead> {
  const sharp = (await import("sharp")).default;
  const size = await orientedSize(sharp, bytes);
  const scale = Math.min(1, Math.sqrt(WORK_PIXELS / (size.width * size.height)));
  const img = await decode(
    sharp,
    bytes,
    maxPixels,
    scale < 1 ? { width: Math.round(size.width * scale), height: Math.round(size.height * scale) } : null,
  );
  const boxes = await recogniser.read(img, DETECTOR_SIDE);
  const worked = { width: img.width, height: img.height };
  if (img.width === size.width && img.height === size.height) return { ...size, boxes, worked };
  // Back in the photo's own pixels: the overlay and the answer describe the photo that was sent.
  const sx = size.width / img.width;
  const sy = size.height / img.height;
  const at = <P extends Point>(p: P): P => ({ ...p, x: p.x * sx, y: p.y * sy });
  const scaled = boxes.map((b) => ({ quad: b.quad.map(at) as Quad, chars: b.chars.map(at) }));
  return { ...size, boxes: scaled, worked };
}

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
