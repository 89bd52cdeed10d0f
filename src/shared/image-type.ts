import { OCR_MESSAGES } from "./ocr";

/**
 * Image types recognition accepts, told by their first bytes (a file's name and declared type can lie). The
 * server checks every upload with this; the screen checks the same bytes first, so both say the same thing.
 */
export type ImageKind = "png" | "jpeg" | "gif";

const startsWith = (bytes: Uint8Array, sig: number[], at = 0) =>
  bytes.length >= at + sig.length && sig.every((b, i) => bytes[at + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

export function sniffImageType(bytes: Uint8Array): ImageKind | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpeg";
  // "GIF87a" or "GIF89a"
  if (
    startsWith(bytes, [0x47, 0x49, 0x46, 0x38]) &&
    (bytes[4] === 0x37 || bytes[4] === 0x39) &&
    bytes[5] === 0x61
  )
    return "gif";
  return null;
}

/** An image of a kind recognition does not take (WebP, BMP, TIFF, HEIC/AVIF, ICO, SVG): "only PNG, JPG, GIF". */
export function isOtherImage(bytes: Uint8Array): boolean {
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return true;
  if (startsWith(bytes, ascii("BM"))) return true;
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a])) return true;
  if (startsWith(bytes, ascii("ftyp"), 4)) return true;
  if (startsWith(bytes, [0x00, 0x00, 0x01, 0x00])) return true;
  const head = new TextDecoder().decode(bytes.subarray(0, 256)).trimStart().toLowerCase();
  return head.startsWith("<svg") || (head.startsWith("<?xml") && head.includes("<svg"));
}

/** Why bytes are refused before anything decodes them, or null when they are a PNG, JPEG or GIF. */
export function imageRefusal(bytes: Uint8Array): string | null {
  if (sniffImageType(bytes)) return null;
  return isOtherImage(bytes) ? OCR_MESSAGES.imagesOnly : OCR_MESSAGES.notAnImage;
}
