import type SharpModule from "sharp";
import type { Sharp } from "sharp";
import { AppError } from "../../lib/errors";
import { type PrepGeometry, turnBox } from "./geometry";
import { clamp, evenLight, type Grey, layoutOf, maxFilter, pgm } from "./pixels";
import { findWriting, type Writing } from "./writing";

/**
 * A scanned page prepared for tesseract (sharp/libvips: fast, and its prebuilt binary ships in the npm package).
 * A scan may be a phone picture of paper, in any size, light and orientation; tesseract reads best from an upright, evenly lit
 * greyscale page whose characters are ~20 px tall, with little but the writing in view. So: even out the light,
 * find the characters (writing.ts), level their lines, crop to them and scale them to that size. The caller may
 * also ask for a quarter turn.
 */

export interface PreparedImage extends PrepGeometry {
  data: Buffer;
}
export type Rotation = 0 | 90 | 180 | 270;

/** libvips loads on first use, not at server start (startup time and idle memory stay low). */
let sharp: typeof SharpModule;
async function loadSharp() {
  sharp ??= (await import("sharp")).default;
}
/** Analysis happens at most this large (long side): enough for any photo of a page, and bounded in time. */
const ANALYSIS_LONG_SIDE = 1600;
/** Median character height tesseract reads best at, the enlargement range allowed, the largest image handed over. */
const TARGET_GLYPH = 22;
const ZOOM_RANGE = [0.35, 4] as const;
const MAX_OCR_PIXELS = 9_000_000;
/** Blur (sigma, px) of the copy ink is looked for on: grain and JPEG blocks fade, strokes stay. */
const SOFTEN = 1;
/** Skews smaller than this are left to tesseract (turning costs sharpness). */
const MIN_SKEW = 0.5;

/**
 * A photo of paper → the grey image tesseract reads best: upright, grey and no larger than the analysis size;
 * the light evened out; the lines of writing levelled; cropped to the writing with a margin (the desk, the rest
 * of a page) and scaled until characters are TARGET_GLYPH pixels tall. Left grey rather than made black and
 * white here: on the held-out photos tesseract's own thresholding of a clean grey page read more work orders
 * than our adaptive one, and taking out ruled lines cost more strokes of the characters touching them than it
 * saved.
 */
export async function prepareImage(
  bytes: Uint8Array,
  info: { width: number; height: number },
  rotation: Rotation = 0,
  maxPixels = Number.POSITIVE_INFINITY,
  options: {
    /** Set when `bytes` are raw pixels (a rendered PDF page) rather than an image file. */
    raw?: { channels: 1 | 2 | 3 | 4 };
    /** Character height to scale to (printed pages read as well a little smaller, and faster). */
    glyph?: number;
    /** Long side of the analysis copy (a page of print is measured well enough smaller). */
    analysisSide?: number;
  } = {},
): Promise<PreparedImage> {
  const { raw, glyph: target = TARGET_GLYPH, analysisSide = ANALYSIS_LONG_SIDE } = options;
  await loadSharp();
  try {
    const scale = Math.min(1, analysisSide / Math.max(info.width, info.height));
    const pageGrey = raw
      ? { data: lightness(bytes, raw.channels), width: info.width, height: info.height }
      : null;
    const upright = () => uprightGrey(bytes, pageGrey, rotation, maxPixels);
    const source = {
      width: rotation % 180 ? info.height : info.width,
      height: rotation % 180 ? info.width : info.height,
    };
    const { grey: even, light } = await analysisCopy(upright, source, scale);
    const scaled = { width: even.width, height: even.height };
    const { grey, layout, skew, writing } = await levelWriting(even);
    const turned = { width: grey.width, height: grey.height };
    const { crop, zoom, size } = framing(writing, skew, scaled, turned, target);
    const big =
      scale < 1 && zoom > 1
        ? await cutFromSource(upright, light, { source, scale, zoom, skew, crop, size })
        : await rawGrey(
            fromGrey(grey)
              .extract(area(crop))
              .resize({ ...size, fit: "fill", kernel: "cubic" }),
          );
    const pixels = Buffer.from(big.data.buffer, big.data.byteOffset, big.data.length);
    // Handed over as a PGM (a short header on the raw pixels): nothing to encode here and decode in the worker.
    const data = pgm(size.width, size.height, pixels);
    return {
      data,
      width: size.width,
      height: size.height,
      source: { width: info.width, height: info.height },
      rotation,
      scale,
      scaled,
      skew,
      turned,
      crop: { x: crop.x, y: crop.y },
      zoom,
      sideways: layout.sideways,
    };
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw unreadable();
  }
}

type Size = { width: number; height: number };
type Area = { x: number; y: number; width: number; height: number };

/**
 * Upright, on white and grey: the source, from which the analysis copy and (when it has more detail) the image
 * handed over are both made.
 */
function uprightGrey(bytes: Uint8Array, pageGrey: Grey | null, rotation: Rotation, maxPixels: number): Sharp {
  // A rendered page: upright, opaque, and made grey once (below).
  if (pageGrey) return fromGrey(pageGrey);
  const img = sharp(bytes, {
    limitInputPixels: Number.isFinite(maxPixels) ? maxPixels : false,
    failOn: "error",
  })
    .autoOrient()
    .flatten({ background: "#ffffff" });
  return (rotation ? img.rotate(rotation) : img).greyscale();
}

/** The analysis copy (the source at most the analysis size) with its light evened out, and the paper's light. */
async function analysisCopy(upright: () => Sharp, source: Size, scale: number) {
  const grey = await rawGrey(
    scale < 1 ? upright().resize({ width: Math.round(source.width * scale) }) : upright(),
  );
  const light = await paperLight(grey);
  return { grey: evenLight(grey, light), light };
}

/**
 * Level the lines of writing, measured on the characters alone (found on a softened copy: grain and JPEG
 * blocks are not ink).
 */
async function levelWriting(grey: Grey) {
  const soft = await rawGrey(fromGrey(grey).blur(SOFTEN));
  const writing = findWriting(soft, Math.round(Math.max(grey.width, grey.height) / 50));
  const layout = layoutOf(writing.feet, grey.width, grey.height);
  const skew = Math.abs(layout.degrees) >= MIN_SKEW ? -layout.degrees : 0;
  const level = skew ? await rawGrey(fromGrey(grey).rotate(skew, { background: "#ffffff" })) : grey;
  return { grey: level, layout, skew, writing };
}

/** Keep the writing with a margin, enlarged to the size tesseract reads best: the crop, its zoom and the size. */
function framing(writing: Writing, skew: number, scaled: Size, turned: Size, target: number) {
  const margin = Math.round(Math.max(8, writing.glyph * 2));
  const box = writing.box ? turnBox(writing.box, skew, scaled, turned) : null;
  const crop: Area = {
    x: box ? clamp(Math.floor(box.x0) - margin, 0, turned.width - 1) : 0,
    y: box ? clamp(Math.floor(box.y0) - margin, 0, turned.height - 1) : 0,
    width: turned.width,
    height: turned.height,
  };
  if (box) {
    crop.width = Math.min(turned.width, Math.ceil(box.x1) + margin + 1) - crop.x;
    crop.height = Math.min(turned.height, Math.ceil(box.y1) + margin + 1) - crop.y;
  }
  let zoom = writing.glyph ? clamp(target / writing.glyph, ...ZOOM_RANGE) : 1;
  zoom = Math.min(zoom, Math.sqrt(MAX_OCR_PIXELS / (crop.width * crop.height)));
  const size = {
    width: Math.max(1, Math.round(crop.width * zoom)),
    height: Math.max(1, Math.round(crop.height * zoom)),
  };
  return { crop, zoom, size };
}

/**
 * The analysis copy lost detail the source still has: cut the image handed over from the source, evened by the
 * same light, levelled by the same turn.
 */
async function cutFromSource(
  upright: () => Sharp,
  light: Grey,
  f: { source: Size; scale: number; zoom: number; skew: number; crop: Area; size: Size },
): Promise<Grey> {
  const full = {
    width: Math.round(f.source.width * f.scale * f.zoom),
    height: Math.round(f.source.height * f.scale * f.zoom),
  };
  const fine = evenLight(
    await rawGrey(upright().resize({ ...full, fit: "fill" })),
    await rawGrey(fromGrey(light).resize({ ...full, fit: "fill", kernel: "linear" })),
  );
  const level = f.skew ? await rawGrey(fromGrey(fine).rotate(f.skew, { background: "#ffffff" })) : fine;
  const at = {
    x: Math.min(level.width - 1, Math.round(f.crop.x * f.zoom)),
    y: Math.min(level.height - 1, Math.round(f.crop.y * f.zoom)),
    width: 0,
    height: 0,
  };
  at.width = Math.min(f.size.width, level.width - at.x);
  at.height = Math.min(f.size.height, level.height - at.y);
  return rawGrey(
    fromGrey(level)
      .extract(area(at))
      .resize({ ...f.size, fit: "fill" }),
  );
}

const area = (c: { x: number; y: number; width: number; height: number }) => ({
  left: c.x,
  top: c.y,
  width: c.width,
  height: c.height,
});

/** Grey levels of raw pixels: the mean of red, green and blue (a rendered page is black print on white). */
function lightness(pixels: Uint8Array, channels: number): Uint8Array {
  if (channels === 1) return pixels;
  const out = new Uint8Array(pixels.length / channels);
  for (let i = 0, j = 0; i < out.length; i++, j += channels) {
    out[i] = channels < 3 ? pixels[j]! : (pixels[j]! + pixels[j + 1]! + pixels[j + 2]!) / 3;
  }
  return out;
}

/** sharp reads the pixels where they are (no copy): they are not changed while it does. */
const fromGrey = (g: Grey) =>
  sharp(Buffer.from(g.data.buffer, g.data.byteOffset, g.data.length), {
    raw: { width: g.width, height: g.height, channels: 1 },
  });

async function rawGrey(img: Sharp): Promise<Grey> {
  const { data, info } = await img.toColourspace("b-w").raw().toBuffer({ resolveWithObject: true });
  return {
    data: new Uint8Array(data.buffer, data.byteOffset, data.length),
    width: info.width,
    height: info.height,
  };
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
