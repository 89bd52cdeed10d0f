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

/** Image bytes → the text boxes on it, read, in the image's pixels as a person sees it (EXIF applied). */
export async function readPhoto(
  recogniser: Recogniser,
  bytes: Uint8Array,
  maxPixels: number,
): Promise<{ width: number; height: number; boxes: ReadBox[] }> {
  const img = await decode(bytes, maxPixels);
  const boxes = await recogniser.read(img, DETECTOR_SIDE);
  return { width: img.width, height: img.height, boxes };
}

async function decode(bytes: Uint8Array, maxPixels: number): Promise<Rgb> {
  const sharp = (await import("sharp")).default;
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: maxPixels, failOn: "error" })
      .autoOrient()
      .flatten({ background: "#ffffff" })
      .toColourspace("srgb")
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return {
      data: new Uint8Array(data.buffer, data.byteOffset, data.length),
      width: info.width,
      height: info.height,
    };
  } catch (err) {
    throw new UnreadableImage(err instanceof Error ? err.message : String(err));
  }
}
