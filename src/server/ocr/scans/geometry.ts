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
