import { type ImageKind, imageRefusal, sniffImageType } from "@shared/image-type";
import type SharpModule from "sharp";
import type { Metadata } from "sharp";
import { AppError } from "../../lib/errors";

/** The checks an uploaded image passes before anything decodes it. */

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
const MB = 1024 * 1024;

/** Type by bytes, then size and pixel count from the header alone (no decoding: a decompression bomb stops here). */
export async function inspectImage(bytes: Uint8Array, limits: ImageLimits): Promise<ImageInfo> {
  const sharp: typeof SharpModule = (await import("sharp")).default;
  if (bytes.length === 0) throw new AppError("BAD_REQUEST", "The image is empty.");
  if (bytes.length > limits.maxBytes) {
    throw new AppError("PAYLOAD_TOO_LARGE", `The image is larger than ${formatMb(limits.maxBytes)}.`);
  }
  const kind = sniffImageType(bytes);
  if (!kind) throw new AppError("UNSUPPORTED_MEDIA_TYPE", imageRefusal(bytes)!);
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

const unreadable = () =>
  new AppError(
    "UNPROCESSABLE_CONTENT",
    "The image could not be read: the file is damaged, or not the image its first bytes say.",
  );
const formatMb = (bytes: number) => `${Math.round((bytes / MB) * 10) / 10} MB`;
