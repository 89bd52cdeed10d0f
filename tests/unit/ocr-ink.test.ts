import { describe, expect, test } from "bun:test";
import { createCanvas } from "@napi-rs/canvas";
import { components, glyphHeight, inkMask, ruleMask, sauvolaThreshold } from "@server/ocr/scans/ink";
import { evenLight, type Grey, layoutOf } from "@server/ocr/scans/pixels";
import { findWriting } from "@server/ocr/scans/writing";

/** A grey page drawn with canvas: `draw` paints dark ink on light paper. */
function page(
  width: number,
  height: number,
  draw: (ctx: ReturnType<ReturnType<typeof createCanvas>["getContext"]>) => void,
): Grey {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = "#f0f0f0";
  ctx.fillRect(0, 0, width, height);
  draw(ctx);
  const rgba = ctx.getImageData(0, 0, width, height).data;
  const data = new Uint8Array(width * height);
  for (let i = 0; i < data.length; i++) data[i] = rgba[i * 4]!;
  return { data, width, height };
}

const at = (g: { width: number }, mask: Uint8Array, x: number, y: number) => mask[y * g.width + x];

describe("ink against the paper around it", () => {
  test("text in a shadow is still ink; the grain of a dark desk is not", () => {
    const g = page(200, 100, (ctx) => {
      ctx.fillStyle = "#3c3c3c"; // a shadow (or the desk) over the right half
      ctx.fillRect(100, 0, 100, 100);
      ctx.fillStyle = "#101010";
      ctx.fillRect(40, 30, 4, 40); // a stroke on lit paper
      ctx.fillRect(150, 30, 4, 40); // a stroke in the shadow
    });
    // Grain on the shadowed half, as a dark desk shows it (away from the shadow's edge, which is a real edge).
    for (let y = 0; y < 20; y++)
      for (let x = 100; x < 200; x += 2) g.data[y * 200 + x]! -= (x * 7 + y * 13) % 21;
    const ink = inkMask(g, sauvolaThreshold(g, 12, 0.25, 25));
    expect(at(g, ink, 41, 50)).toBe(1);
    expect(at(g, ink, 151, 50)).toBe(1);
    expect(at(g, ink, 60, 50)).toBe(0);
    let grain = 0;
    for (let y = 0; y < 20; y++) for (let x = 120; x < 200; x++) grain += ink[y * 200 + x]!;
    expect(grain).toBe(0);
  });

  test("evening the light brightens paper in a shadow, but not a dark desk's grain into writing", () => {
    const img: Grey = { data: Uint8Array.from([100, 40, 200]), width: 3, height: 1 };
    const light: Grey = { data: Uint8Array.from([120, 40, 200]), width: 3, height: 1 };
    expect([...evenLight(img, light).data]).toEqual([213, 106, 255]);
  });
});

describe("ruled lines", () => {
  test("a ruled line goes; the character crossing it stays whole", () => {
    const g = page(300, 60, (ctx) => {
      ctx.fillStyle = "#101010";
      ctx.fillRect(10, 30, 280, 2); // the rule
      ctx.fillRect(100, 12, 3, 30); // an upright stroke of a character crossing it
      ctx.fillRect(200, 14, 12, 2); // a hyphen-like stroke above the line, short
    });
    const ink = inkMask(g, sauvolaThreshold(g, 10, 0.25, 25));
    const rules = ruleMask(ink, g.width, g.height, 40, 4);
    expect(at(g, rules, 50, 30)).toBe(1);
    expect(at(g, rules, 250, 31)).toBe(1);
    expect(at(g, rules, 101, 30)).toBe(0);
    expect(at(g, rules, 101, 20)).toBe(0);
    expect(at(g, rules, 101, 40)).toBe(0);
    expect(at(g, rules, 205, 14)).toBe(0);
  });
});

describe("the size and slope of the writing", () => {
  test("a scatter of specks does not outvote a few words", () => {
    const list = [
      ...Array.from({ length: 60 }, () => ({ x0: 0, y0: 0, x1: 4, y1: 4, area: 8 })),
      ...Array.from({ length: 12 }, () => ({ x0: 0, y0: 0, x1: 20, y1: 29, area: 200 })),
    ];
    expect(glyphHeight(list, 100)).toBe(30);
  });

  test("characters, where they are and how far their lines lean", () => {
    const g = page(700, 300, (ctx) => {
      ctx.fillStyle = "#111111";
      ctx.font = "28px sans-serif";
      ctx.translate(350, 150);
      ctx.rotate((4 * Math.PI) / 180); // clockwise on the page
      ctx.fillText("W.O. 4294-07E and 1234-56", -230, -20);
      ctx.fillText("Kapolei Parking Structure", -230, 30);
    });
    const writing = findWriting(g, 16);
    expect(writing.glyph).toBeGreaterThanOrEqual(16);
    expect(writing.glyph).toBeLessThanOrEqual(28);
    expect(writing.box!.x0).toBeGreaterThan(100);
    expect(writing.box!.x1).toBeLessThan(620);
    expect(layoutOf(writing.feet, g.width, g.height).degrees).toBeCloseTo(4, 0);
    expect(components(inkMask(g, sauvolaThreshold(g, 16)), g.width, g.height).list.length).toBeGreaterThan(
      30,
    );
  });
});
