import type { ImageBox } from "@shared/ocr";
import sharp, { type Metadata } from "sharp";
import { AppError } from "../lib/errors";
import { type ImageKind, sniffImageType } from "./image-type";
import type { OcrBox } from "./pool";

/**
 * Image checks and preparation for OCR (sharp/libvips: fast, and its prebuilt binary ships in the npm package).
 * Photos of paper come in every size and orientation; tesseract reads best from an upright greyscale image whose
 * text is 20-40 px high, so small images are scaled up, huge ones down, and the caller may ask for a quarter turn.
 */

export interface ImageLimits {
  maxBytes: number;
  maxPixels: number;
}
export interface ImageInfo {
  kind: ImageKind;
  /** Size as a person sees it (EXIF orientation applied). */
  width: number;
  height: number;
}
export interface PreparedImage {
  data: Buffer;
  width: number;
  height: number;
  /** Processed pixels per source pixel. */
  scale: number;
  /** Clockwise quarter turns applied, in degrees. */
  rotation: Rotation;
  source: { width: number; height: number };
}
export type Rotation = 0 | 90 | 180 | 270;

const MB = 1024 * 1024;
/** Long side below which an image is scaled up (screenshots, cropped labels) and the most it is scaled. */
const SMALL_LONG_SIDE = 1400;
const MAX_UPSCALE = 3;
/** Long side above which a photo is scaled down: text stays legible and OCR time stays bounded. */
const LARGE_LONG_SIDE = 2600;

/** Type by bytes, then size and pixel count from the header alone (no decoding: a decompression bomb stops here). */
export async function inspectImage(bytes: Uint8Array, limits: ImageLimits): Promise<ImageInfo> {
  if (bytes.length === 0) throw new AppError("BAD_REQUEST", "The image is empty.");
  if (bytes.length > limits.maxBytes) {
    throw new AppError("PAYLOAD_TOO_LARGE", `The image is larger than ${formatMb(limits.maxBytes)}.`);
  }
  const kind = sniffImageType(bytes);
  if (!kind) throw new AppError("UNSUPPORTED_MEDIA_TYPE", "Only PNG, JPG and GIF images are accepted.");
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw unreadable();
  }
  const width = meta.autoOrient?.width ?? meta.width ?? 0;
  const height = meta.autoOrient?.height ?? meta.height ?? 0;
  if (!width || !height) throw unreadable();
  if (width * height > limits.maxPixels) {
    throw new AppError(
      "PAYLOAD_TOO_LARGE",
      `The image is too large: ${width}×${height} pixels (the limit is ${(limits.maxPixels / 1e6).toFixed(0)} megapixels).`,
    );
  }
  return { kind, width, height };
}

export function chooseScale(width: number, height: number): number {
  const long = Math.max(width, height);
  if (long > LARGE_LONG_SIDE) return LARGE_LONG_SIDE / long;
  if (long < SMALL_LONG_SIDE) return Math.min(MAX_UPSCALE, SMALL_LONG_SIDE / long);
  return 1;
}

/** Upright (EXIF), turned by `rotation`, flattened on white, greyscale, contrast stretched, scaled. */
export async function prepareImage(
  bytes: Uint8Array,
  info: ImageInfo,
  rotation: Rotation = 0,
  maxPixels = Number.POSITIVE_INFINITY,
): Promise<PreparedImage> {
  const scale = chooseScale(info.width, info.height);
  const turned = rotation === 90 || rotation === 270;
  const width = Math.max(1, Math.round((turned ? info.height : info.width) * scale));
  const height = Math.max(1, Math.round((turned ? info.width : info.height) * scale));
  try {
    let img = sharp(bytes, {
      limitInputPixels: Number.isFinite(maxPixels) ? maxPixels : false,
      failOn: "error",
    })
      .autoOrient()
      .flatten({ background: "#ffffff" });
    if (rotation) img = img.rotate(rotation);
    img = img.greyscale().normalise();
    if (scale !== 1)
      img = img.resize({ width, height, fit: "fill", kernel: scale > 1 ? "cubic" : "lanczos3" });
    const data = await img.png({ compressionLevel: 1 }).toBuffer();
    return { data, width, height, scale, rotation, source: { width: info.width, height: info.height } };
  } catch {
    throw unreadable();
  }
}

/** A box found on the prepared image, back in the source image's pixels. */
export function boxToSource(b: OcrBox, prep: Pick<PreparedImage, "scale" | "rotation" | "source">): ImageBox {
  const s = prep.scale;
  const [x0, y0, x1, y1] = [b.x0 / s, b.y0 / s, b.x1 / s, b.y1 / s];
  const { width: W, height: H } = prep.source;
  let box: [number, number, number, number];
  switch (prep.rotation) {
    case 90:
      box = [y0, H - x1, y1, H - x0];
      break;
    case 180:
      box = [W - x1, H - y1, W - x0, H - y0];
      break;
    case 270:
      box = [W - y1, x0, W - y0, x1];
      break;
    default:
      box = [x0, y0, x1, y1];
  }
  const [l, t, r, btm] = box.map((v) => Math.round(v)) as [number, number, number, number];
  return { x: Math.max(0, l), y: Math.max(0, t), w: Math.max(0, r - l), h: Math.max(0, btm - t) };
}

const unreadable = () =>
  new AppError("UNPROCESSABLE_CONTENT", "The image could not be read. Is the file damaged?");
const formatMb = (bytes: number) => `${Math.round((bytes / MB) * 10) / 10} MB`;
