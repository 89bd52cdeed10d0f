import { components, glyphHeight, inkMask, isGlyph, ruleMask, sauvolaThreshold } from "./ink";
import { clamp, type Grey } from "./pixels";

/** Ink is at least this much darker than the paper around it (grey levels, light evened out). */
const INK_CONTRAST = 25;

export interface Writing {
  /** Median character height in pixels (0 when no writing was seen). */
  glyph: number;
  /** Where the writing is. */
  box: { x0: number; y0: number; x1: number; y1: number } | null;
  /** x, y of the foot of every character: what the skew is measured on. */
  feet: Int32Array;
}

/**
 * The characters of an evened (and softened) grey page: ink is found against a window of `radius`, ruled lines
 * are taken out, then the size of the writing is measured and the characters of about that size are kept (not
 * specks, not a title's capitals, not blots or the edge of the page).
 */
export function findWriting(soft: Grey, radius: number): Writing {
  const { width, height } = soft;
  const ink = inkMask(soft, sauvolaThreshold(soft, Math.round(clamp(radius, 6, 80)), 0.25, INK_CONTRAST));
  // A first look at the characters gives the length beyond which a run of ink is a ruled line.
  const maxHeight = Math.max(12, Math.round(Math.min(width, height) / 6));
  const rough = glyphHeight(components(ink, width, height).list, maxHeight) || 12;
  const rules = ruleMask(
    ink,
    width,
    height,
    Math.max(24, Math.round(rough * 3.5)),
    Math.max(2, Math.round(rough * 0.45)),
  );
  for (let i = 0; i < ink.length; i++) if (rules[i]) ink[i] = 0;
  const { list } = components(ink, width, height);
  const glyph = glyphHeight(list, maxHeight);
  let box: Writing["box"] = null;
  const feet: number[] = [];
  for (const c of list) {
    const h = c.y1 - c.y0 + 1;
    if (!isGlyph(c, maxHeight) || h < glyph / 2 || h > glyph * 2.5) continue;
    feet.push((c.x0 + c.x1) >> 1, c.y1);
    if (!box) box = { x0: c.x0, y0: c.y0, x1: c.x1, y1: c.y1 };
    else {
      box.x0 = Math.min(box.x0, c.x0);
      box.y0 = Math.min(box.y0, c.y0);
      box.x1 = Math.max(box.x1, c.x1);
      box.y1 = Math.max(box.y1, c.y1);
    }
  }
  return { glyph, box, feet: Int32Array.from(feet) };
}
