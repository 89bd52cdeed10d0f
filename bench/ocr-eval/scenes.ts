/**
 * The printed pages of the OCR test set, as SVG: lists, field forms, box labels and register tables, with the
 * near misses a real page carries (dates, phone numbers, page numbers, depths). Each scene knows its true work
 * orders. Deterministic: the same seed gives the same pages.
 */
export interface Scene {
  kind: "list" | "form" | "label" | "table";
  svg: string;
  truth: string[];
  width: number;
  height: number;
}

export const FONTS = [
  "DejaVu Sans",
  "DejaVu Serif",
  "DejaVu Sans Mono",
  "Liberation Sans",
  "Liberation Serif",
  "Liberation Mono",
  "Liberation Sans Narrow",
  "DejaVu Sans Condensed",
];
const CLIENTS = ["Kapolei Parking Structure", "Waikiki Seawall Repair", "Hilo Substation", "Manoa Reservoir"];
const ENGINEERS = ["G. Shimabukuro", "A. Tanaka", "T. Takahashi", "K. Mahoe"];

export function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
type Rand = () => number;
const pick = <T>(r: Rand, xs: readonly T[]) => xs[Math.floor(r() * xs.length)]!;
const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** A work order in one of the firm's four formats. */
export function workOrder(r: Rand, pool: string[]): string {
  if (pool.length && r() < 0.6) return pool[Math.floor(r() * pool.length)]!;
  const base = 1000 + Math.floor(r() * 8999);
  const roll = r();
  if (roll < 0.15) return String(base);
  const phase = String(1 + Math.floor(r() * 12)).padStart(2, "0");
  if (roll < 0.6) return `${base}-${phase}`;
  const letter = pick(r, ["A", "B", "C"]);
  return roll < 0.8 ? `${base}-${phase}${letter}` : `${base}-${phase}(${letter})`;
}

function page(width: number, height: number, body: string, font: string) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#fff"/><g font-family="${font}" fill="#111">${body}</g></svg>`;
}
const text = (x: number, y: number, size: number, s: string, extra = "") =>
  `<text x="${x}" y="${y}" font-size="${size}" ${extra}>${esc(s)}</text>`;

function unique(r: Rand, n: number, pool: string[]): string[] {
  const out = new Set<string>();
  while (out.size < n) out.add(workOrder(r, pool));
  return [...out];
}

export function listScene(r: Rand, font: string, size: number, pool: string[]): Scene {
  const truth = unique(r, 4 + Math.floor(r() * 4), pool);
  const line = size * 1.8;
  const width = Math.round(size * 22);
  const height = Math.round(line * (truth.length + 3));
  let body = text(size, line, size, "Work orders to pull from storage:", 'font-weight="bold"');
  truth.forEach((wo, i) => {
    const label = r() < 0.5 ? "W.O. " : "";
    body += text(size * 1.5, line * (i + 2), size, `${i + 1}. ${label}${wo}`);
  });
  body += text(
    size,
    line * (truth.length + 2.4),
    size * 0.8,
    `Requested 3/${10 + truth.length}/2021, ext. 4411`,
  );
  return { kind: "list", svg: page(width, height, body, font), truth, width, height };
}

export function formScene(r: Rand, font: string, size: number, pool: string[]): Scene {
  const [wo] = unique(r, 1, pool) as [string];
  const width = Math.round(size * 34);
  const line = size * 2;
  const rows: [string, string][] = [
    ["Work Order No.:", wo],
    ["Project:", pick(r, CLIENTS)],
    ["Engineer:", pick(r, ENGINEERS)],
    ["Date:", `${1 + Math.floor(r() * 12)}/${1 + Math.floor(r() * 28)}/20${10 + Math.floor(r() * 15)}`],
    ["Phone:", `(808) 5${Math.floor(r() * 90 + 10)}-${Math.floor(1000 + r() * 8999)}`],
    ["Boring depth:", `${Math.floor(20 + r() * 80)}.5 ft`],
  ];
  const height = Math.round(line * (rows.length + 4));
  let body = text(size, line, size * 1.3, "GEOLABS, INC. - FIELD REPORT", 'font-weight="bold"');
  body += `<line x1="${size}" y1="${line * 1.35}" x2="${width - size}" y2="${line * 1.35}" stroke="#333" stroke-width="2"/>`;
  rows.forEach(([k, v], i) => {
    body += text(size, line * (i + 2.5), size, k);
    body += text(size * 12, line * (i + 2.5), size, v);
  });
  body += text(width - size * 8, line * (rows.length + 3.2), size * 0.8, "Page 1 of 2");
  return { kind: "form", svg: page(width, height, body, font), truth: [wo], width, height };
}

export function labelScene(r: Rand, font: string, size: number, pool: string[]): Scene {
  const [wo] = unique(r, 1, pool) as [string];
  const width = Math.round(size * 16);
  const height = Math.round(size * 7.5);
  const box = Math.floor(1 + r() * 20);
  let body = `<rect x="${size * 0.4}" y="${size * 0.4}" width="${width - size * 0.8}" height="${height - size * 0.8}" fill="none" stroke="#222" stroke-width="4"/>`;
  body += text(size, size * 2.2, size * 1.4, `W.O. ${wo}`, 'font-weight="bold"');
  body += text(size, size * 4.2, size * 0.9, `Box ${box} of ${box + 3}   Core B-${Math.floor(1 + r() * 9)}`);
  body += text(size, size * 5.8, size * 0.9, `Sampled 0${1 + Math.floor(r() * 9)}/12/2019`);
  return { kind: "label", svg: page(width, height, body, font), truth: [wo], width, height };
}

export function tableScene(r: Rand, font: string, size: number, pool: string[]): Scene {
  const truth = unique(r, 5 + Math.floor(r() * 3), pool);
  const line = size * 1.9;
  const cols = [size, size * 10, size * 25, size * 33];
  const width = Math.round(size * 41);
  const height = Math.round(line * (truth.length + 2.5));
  let body = ["W.O.", "Project", "Date", "PR"]
    .map((h, i) => text(cols[i]!, line, size, h, 'font-weight="bold"'))
    .join("");
  truth.forEach((wo, i) => {
    const y = line * (i + 2);
    body += text(cols[0]!, y, size, wo);
    body += text(cols[1]!, y, size, pick(r, CLIENTS));
    body += text(cols[2]!, y, size, `${1 + Math.floor(r() * 12)}/${10 + Math.floor(r() * 18)}/21`);
    body += text(cols[3]!, y, size, String(40000 + Math.floor(r() * 9999)));
  });
  return { kind: "table", svg: page(width, height, body, font), truth, width, height };
}
