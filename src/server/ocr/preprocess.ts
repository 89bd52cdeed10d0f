import type SharpModule from "sharp";
import type { Metadata, Sharp } from "sharp";
import { AppError } from "../lib/errors";
import type { PrepGeometry } from "./geometry";
import { type ImageKind, sniffImageType } from "./image-type";
import { estimateLayout, evenLight, type Grey, maxFilter, noiseLevel } from "./pixels";

/**
 * Image checks and preparation for OCR (sharp/libvips: fast, and its prebuilt binary ships in the npm package).
 * Photos of paper come in every size, light and orientation; tesseract reads best from an upright, evenly lit
 * greyscale page whose lines of text are ~30 px high. So: even out the light, smooth grain, measure the skew and
 * the line height, then scale to that height and level the lines. The caller may also ask for a quarter turn.
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
export interface PreparedImage extends PrepGeometry {
  data: Buffer;
}
export type Rotation = 0 | 90 | 180 | 270;

const MB = 1024 * 1024;

/** libvips loads on first use, not at server start (startup time and idle memory stay low). */
let sharp: typeof SharpModule;
async function loadSharp() {
  sharp ??= (await import("sharp")).default;
}
/** Analysis happens at most this large (long side): enough for any photo of a page, and bounded in time. */
const ANALYSIS_LONG_SIDE = 2400;
/** Line height tesseract reads best, the scale range allowed, and the largest image handed to it. */
const TARGET_LINE = 24;
const SCALE_RANGE = [0.5, 3.5] as const;
const MAX_OCR_PIXELS = 9_000_000;
/** Neighbour differences on paper above this mean grain worth a median filter. */
const GRAINY = 3.5;
/** Skew and line height are measured on a copy this large (long side): plenty for angles, and fast. */
const ANALYSIS_SIDE = 900;
/** Skews smaller than this are left to tesseract (turning costs sharpness). */
const MIN_SKEW = 0.75;

/** Type by bytes, then size and pixel count from the header alone (no decoding: a decompression bomb stops here). */
export async function inspectImage(bytes: Uint8Array, limits: ImageLimits): Promise<ImageInfo> {
  await loadSharp();
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

export async function prepareImage(
  bytes: Uint8Array,
  info: ImageInfo,
  rotation: Rotation = 0,
  maxPixels = Number.POSITIVE_INFINITY,
): Promise<PreparedImage> {
  await loadSharp();
  try {
    // 1. Upright, turned, on white, grey, and no larger than the analysis size.
    const s0 = Math.min(1, ANALYSIS_LONG_SIDE / Math.max(info.width, info.height));
    let img = sharp(bytes, {
      limitInputPixels: Number.isFinite(maxPixels) ? maxPixels : false,
      failOn: "error",
    })
      .autoOrient()
      .flatten({ background: "#ffffff" });
    if (rotation) img = img.rotate(rotation);
    img = img.greyscale();
    if (s0 < 1) img = img.resize({ width: Math.round((rotation % 180 ? info.height : info.width) * s0) });
    let grey = await rawGrey(img);
    // 2. Even light, then grain (measured at this scale, before any enlarging smooths it into blobs).
    grey = evenLight(grey, await paperLight(grey));
    if (noiseLevel(grey) > GRAINY) grey = await rawGrey(fromGrey(grey).median(3));
    // 3. Skew and line height, then scale to the target line height and level the lines.
    const layout = estimateLayout(await shrink(grey, ANALYSIS_SIDE));
    const lineHeight =
      layout.lineHeight *
      (Math.max(grey.width, grey.height) > 1200 ? Math.max(grey.width, grey.height) / 1200 : 1);
    let s1 = lineHeight ? clamp(TARGET_LINE / lineHeight, ...SCALE_RANGE) : 1;
    s1 = Math.min(s1, Math.sqrt(MAX_OCR_PIXELS / (grey.width * grey.height)));
    const scaled = {
      width: Math.max(1, Math.round(grey.width * s1)),
      height: Math.max(1, Math.round(grey.height * s1)),
    };
    let out = fromGrey(grey);
    if (s1 !== 1) {
      out = fromGrey(
        await rawGrey(out.resize({ ...scaled, fit: "fill", kernel: s1 > 1 ? "cubic" : "linear" })),
      );
    }
    const turn = Math.abs(layout.degrees) >= MIN_SKEW ? -layout.degrees : 0;
    if (turn) out = out.rotate(turn, { background: "#ffffff" });
    // Handed over as a PGM (a 15-byte header on the raw pixels): no PNG to encode here and decode in the worker.
    // No contrast stretch: after evenLight the paper is already white.
    const { data: pixels, info: done } = await out
      .toColourspace("b-w")
      .raw()
      .toBuffer({ resolveWithObject: true });
    const data = Buffer.concat([Buffer.from(`P5\n${done.width} ${done.height}\n255\n`, "latin1"), pixels]);
    return {
      data,
      width: done.width,
      height: done.height,
      scale: s0 * s1,
      rotation,
      skew: turn,
      sideways: layout.sideways,
      scaled,
      source: { width: info.width, height: info.height },
    };
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw unreadable();
  }
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
const fromGrey = (g: Grey) =>
  sharp(Buffer.from(g.data), { raw: { width: g.width, height: g.height, channels: 1 } });

async function rawGrey(img: Sharp): Promise<Grey> {
  const { data, info } = await img.toColourspace("b-w").raw().toBuffer({ resolveWithObject: true });
  return {
    data: new Uint8Array(data.buffer, data.byteOffset, data.length),
    width: info.width,
    height: info.height,
  };
}

async function shrink(g: Grey, longSide: number): Promise<Grey> {
  const f = longSide / Math.max(g.width, g.height);
  return f >= 1 ? g : rawGrey(fromGrey(g).resize({ width: Math.max(1, Math.round(g.width * f)) }));
}

/** The paper's brightness everywhere: shrink, take the brightest nearby pixel (text gone), blur, grow back. */
async function paperLight(g: Grey): Promise<Grey> {
  const w = Math.max(1, Math.round(g.width / 8));
  const h = Math.max(1, Math.round(g.height / 8));
  const small = await rawGrey(fromGrey(g).resize({ width: w, height: h, fit: "fill" }));
  const bright = maxFilter(small, 2);
  return rawGrey(
    fromGrey(bright).blur(1.5).resize({ width: g.width, height: g.height, fit: "fill", kernel: "linear" }),
  );
}

const unreadable = () =>
  new AppError("UNPROCESSABLE_CONTENT", "The image could not be read. Is the file damaged?");
const formatMb = (bytes: number) => `${Math.round((bytes / MB) * 10) / 10} MB`;
