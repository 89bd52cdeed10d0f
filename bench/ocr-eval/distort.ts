import sharp, { type Sharp } from "sharp";

/**
 * What a phone camera and a tired scanner do to a page: skew and quarter turns, blur, sensor noise, dim uneven
 * light, and the perspective of paper photographed at an angle on a desk. Works on 8-bit greyscale pixels.
 */
export interface Grey {
  data: Uint8Array;
  width: number;
  height: number;
}
type Rand = () => number;

export async function toGrey(input: Buffer | Sharp): Promise<Grey> {
  const img = Buffer.isBuffer(input) ? sharp(input) : input;
  const { data, info } = await img.greyscale().raw().toBuffer({ resolveWithObject: true });
  return {
    data: new Uint8Array(data.buffer, data.byteOffset, data.length),
    width: info.width,
    height: info.height,
  };
}
export const fromGrey = (g: Grey) =>
  sharp(Buffer.from(g.data), { raw: { width: g.width, height: g.height, channels: 1 } });

export async function rotate(g: Grey, degrees: number): Promise<Grey> {
  return toGrey(fromGrey(g).rotate(degrees, { background: "#ffffff" }));
}
export async function blur(g: Grey, sigma: number): Promise<Grey> {
  return toGrey(fromGrey(g).blur(sigma));
}
export async function scale(g: Grey, factor: number): Promise<Grey> {
  return toGrey(fromGrey(g).resize({ width: Math.round(g.width * factor) }));
}

/** Gaussian sensor noise plus a sprinkle of dust specks. */
export function noise(g: Grey, r: Rand, sigma: number, specks = 0.004): Grey {
  const out = new Uint8Array(g.data.length);
  for (let i = 0; i < out.length; i++) {
    const gauss = Math.sqrt(-2 * Math.log(r() || 1e-9)) * Math.cos(2 * Math.PI * r());
    let v = g.data[i]! + gauss * sigma;
    if (r() < specks) v = r() < 0.5 ? 20 : 235;
    out[i] = Math.max(0, Math.min(255, v));
  }
  return { ...g, data: out };
}

/** Dim, low-contrast light that falls off across the page (a desk lamp from one side). */
export function dimLight(g: Grey, contrast: number, r: Rand): Grey {
  const out = new Uint8Array(g.data.length);
  const fromLeft = r() < 0.5;
  for (let y = 0; y < g.height; y++) {
    for (let x = 0; x < g.width; x++) {
      const t = (fromLeft ? x : g.width - x) / g.width;
      const light = 0.95 - 0.35 * t * (0.6 + 0.4 * (y / g.height));
      const v = g.data[y * g.width + x]!;
      out[y * g.width + x] = Math.max(0, Math.min(255, (128 + (v - 128) * contrast) * light));
    }
  }
  return { ...g, data: out };
}

/** The page photographed at an angle: a perspective warp onto a darker desk, corners jittered. */
export function perspective(g: Grey, r: Rand, strength: number): Grey {
  const W = Math.round(g.width * 1.2);
  const H = Math.round(g.height * 1.2);
  const j = () => (r() - 0.5) * strength;
  const dst: [number, number][] = [
    [W * (0.08 + j()), H * (0.07 + j())],
    [W * (0.92 + j()), H * (0.1 + j())],
    [W * (0.95 + j()), H * (0.92 + j())],
    [W * (0.05 + j()), H * (0.9 + j())],
  ];
  const src: [number, number][] = [
    [0, 0],
    [g.width, 0],
    [g.width, g.height],
    [0, g.height],
  ];
  const h = homography(dst, src);
  const out = new Uint8Array(W * H);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const w = h[6]! * x + h[7]! * y + 1;
      const u = (h[0]! * x + h[1]! * y + h[2]!) / w;
      const v = (h[3]! * x + h[4]! * y + h[5]!) / w;
      out[y * W + x] = u < 0 || v < 0 || u >= g.width - 1 || v >= g.height - 1 ? 80 : bilinear(g, u, v);
    }
  }
  return { data: out, width: W, height: H };
}

function bilinear(g: Grey, u: number, v: number) {
  const x = Math.floor(u);
  const y = Math.floor(v);
  const fx = u - x;
  const fy = v - y;
  const at = (xx: number, yy: number) => g.data[yy * g.width + xx]!;
  const top = at(x, y) * (1 - fx) + at(x + 1, y) * fx;
  const bottom = at(x, y + 1) * (1 - fx) + at(x + 1, y + 1) * fx;
  return top * (1 - fy) + bottom * fy;
}

/** The 3×3 projective map (h33 = 1) taking each `from` point to its `to` point: an 8×8 linear solve. */
function homography(from: [number, number][], to: [number, number][]): number[] {
  const A: number[][] = [];
  for (let i = 0; i < 4; i++) {
    const [x, y] = from[i]!;
    const [u, v] = to[i]!;
    A.push([x, y, 1, 0, 0, 0, -u * x, -u * y, u]);
    A.push([0, 0, 0, x, y, 1, -v * x, -v * y, v]);
  }
  for (let c = 0; c < 8; c++) {
    let p = c;
    for (let rr = c + 1; rr < 8; rr++) if (Math.abs(A[rr]![c]!) > Math.abs(A[p]![c]!)) p = rr;
    [A[c], A[p]] = [A[p]!, A[c]!];
    for (let rr = 0; rr < 8; rr++) {
      if (rr === c) continue;
      const f = A[rr]![c]! / A[c]![c]!;
      for (let k = c; k < 9; k++) A[rr]![k]! -= f * A[c]![k]!;
    }
  }
  return A.map((row, i) => row[8]! / row[i]!);
}
