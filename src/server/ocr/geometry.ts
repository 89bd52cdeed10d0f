import type { ImageBox } from "@shared/ocr";
import type { OcrBox } from "./pool";

/**
 * How a prepared image was made from the source: a quarter turn, shrunk to the analysis size (`scale`), levelled
 * by `skew` degrees, cropped to the writing and enlarged by `zoom` for the reader.
 */
export interface PrepGeometry {
  /** Source size as a person sees it (EXIF applied). */
  source: { width: number; height: number };
  /** Clockwise quarter turn, degrees. */
  rotation: 0 | 90 | 180 | 270;
  /** Analysis pixels per source pixel. */
  scale: number;
  /** Size of the analysis image before the deskew turn. */
  scaled: { width: number; height: number };
  /** Clockwise degrees the analysis image was turned to level its lines (0 when none). */
  skew: number;
  /** Size of the analysis image after the deskew turn (the turn grows the canvas). */
  turned: { width: number; height: number };
  /** Top-left corner of the part kept, in the turned analysis image. */
  crop: { x: number; y: number };
  /** Prepared pixels per analysis pixel. */
  zoom: number;
  /** The text seemed to run up or down the page (a hint for which quarter turns to try). */
  sideways?: boolean;
  /** Size of the prepared image. */
  width: number;
  height: number;
}

/** A box found on the prepared image, back in the source image's pixels (the smallest upright box around it). */
export function boxToSource(b: OcrBox, g: PrepGeometry): ImageBox {
  const corners: [number, number][] = [
    [b.x0, b.y0],
    [b.x1, b.y0],
    [b.x1, b.y1],
    [b.x0, b.y1],
  ];
  const mapped = corners.map(([x, y]) => pointToSource(x, y, g));
  const xs = mapped.map((p) => p[0]);
  const ys = mapped.map((p) => p[1]);
  const clampX = (v: number) => Math.max(0, Math.min(g.source.width, Math.round(v)));
  const clampY = (v: number) => Math.max(0, Math.min(g.source.height, Math.round(v)));
  const x = clampX(Math.min(...xs));
  const y = clampY(Math.min(...ys));
  return { x, y, w: clampX(Math.max(...xs)) - x, h: clampY(Math.max(...ys)) - y };
}

function pointToSource(px: number, py: number, g: PrepGeometry): [number, number] {
  let x = px / g.zoom + g.crop.x;
  let y = py / g.zoom + g.crop.y;
  if (g.skew) {
    // Undo the deskew turn about the centres of the two canvases.
    const t = (-g.skew * Math.PI) / 180;
    const dx = x - g.turned.width / 2;
    const dy = y - g.turned.height / 2;
    x = dx * Math.cos(t) - dy * Math.sin(t) + g.scaled.width / 2;
    y = dx * Math.sin(t) + dy * Math.cos(t) + g.scaled.height / 2;
  }
  x /= g.scale;
  y /= g.scale;
  const { width: W, height: H } = g.source;
  switch (g.rotation) {
    case 90:
      return [y, H - x];
    case 180:
      return [W - x, H - y];
    case 270:
      return [W - y, x];
    default:
      return [x, y];
  }
}

/** Where a box lands when its image is turned `degrees` clockwise about its centre onto a canvas of `to`. */
export function turnBox(
  b: { x0: number; y0: number; x1: number; y1: number },
  degrees: number,
  from: { width: number; height: number },
  to: { width: number; height: number },
) {
  const t = (degrees * Math.PI) / 180;
  const xs: number[] = [];
  const ys: number[] = [];
  for (const [x, y] of [
    [b.x0, b.y0],
    [b.x1, b.y0],
    [b.x1, b.y1],
    [b.x0, b.y1],
  ] as const) {
    const dx = x - from.width / 2;
    const dy = y - from.height / 2;
    xs.push(dx * Math.cos(t) - dy * Math.sin(t) + to.width / 2);
    ys.push(dx * Math.sin(t) + dy * Math.cos(t) + to.height / 2);
  }
  return { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) };
}
