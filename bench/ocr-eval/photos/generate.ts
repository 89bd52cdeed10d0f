/**
 * `bun run bench/ocr-eval/photos/generate.ts`: (re)build the held-out PHOTO set in bench/ocr-eval/photos/images
 * with manifest.json. Phone-camera style colour JPEGs of six kinds of paperwork (notebook, letter, register,
 * label, form, sticky), each carrying work orders (the truth) among dates, phones, suites, ids, depths, PR and
 * invoice numbers (never truth). Deterministic: fixed seeds, one for the dev split and another for the test split.
 *
 * Pipeline per image: scene as SVG (printed + handwriting fonts, see FONTS.txt) -> librsvg raster (sharp) ->
 * perspective/rotation warp onto a desk or floor background -> blur -> resize to 760-820 px -> uneven light,
 * shadow, colour cast, sensor noise -> JPEG q25-55.
 */

import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import sharp, { type Sharp } from "sharp";
import { prng } from "../../../src/server/domains/core-boxes/demo-data";

export const PHOTO_DIR = join(import.meta.dir, "images");
const SEEDS = { dev: 0x5eed_d3e1, test: 0x7e57_2a91 } as const;
const PER_KIND = 8;
const KINDS = ["notebook", "letter", "register", "label", "form", "sticky"] as const;
type Kind = (typeof KINDS)[number];
type Split = keyof typeof SEEDS;

export interface PhotoImage {
  file: string;
  split: Split;
  kind: Kind;
  truth: string[];
  font: string;
  distortion: string;
}

// ---------------------------------------------------------------------------------------------------------
// Randomness
type Rand = () => number;
/** The demo data's seeded generator (Mulberry32): the same seeds give the same photos. */
const rng: (seed: number) => Rand = prng;
const pick = <T>(r: Rand, xs: readonly T[]) => xs[Math.floor(r() * xs.length)]!;
const int = (r: Rand, lo: number, hi: number) => lo + Math.floor(r() * (hi - lo + 1));
const uni = (r: Rand, lo: number, hi: number) => lo + r() * (hi - lo);
const chance = (r: Rand, p: number) => r() < p;
const pad = (n: number, w = 2) => String(n).padStart(w, "0");
const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const f1 = (n: number) => n.toFixed(1);

// ---------------------------------------------------------------------------------------------------------
// Fonts. Every family is checked against fontconfig before rendering: librsvg silently falls back otherwise.
interface HandFont {
  family: string;
  weight?: "bold";
  scale: number; // size multiplier so that all hands look about the same size
  ink: number; // extra stroke width (fraction of the size) for thin pens
}
const HANDS: HandFont[] = [
  { family: "DkgHandwriting", scale: 1, ink: 0.03 },
  { family: "Humor Sans", scale: 1, ink: 0 },
  { family: "Comic Neue", scale: 1, ink: 0.006 },
  { family: "Breip", scale: 1, ink: 0.03 },
  { family: "Klee One", scale: 1, ink: 0.012 },
  { family: "Kristi", scale: 1, ink: 0.03 },
  { family: "Because We Create", scale: 1, ink: 0.004 },
  { family: "Because We Organize", scale: 1, ink: 0.008 },
  { family: "Because We Build", scale: 1, ink: 0.006 },
];
const MARKERS: HandFont[] = [
  { family: "Because We Connect", scale: 1, ink: 0.025 },
  { family: "Because We Learn", scale: 1, ink: 0.02 },
  { family: "Because We Mentor", scale: 1, ink: 0.03 },
  { family: "Kaushan Script", scale: 1, ink: 0.025 },
  { family: "Humor Sans", scale: 1, ink: 0.03 },
  { family: "DkgHandwriting", weight: "bold", scale: 1, ink: 0.04 },
  { family: "Because We Build", scale: 1, ink: 0.035 },
];
const TYPED = [
  "Caladea",
  "Carlito",
  "Liberation Serif",
  "Liberation Sans",
  "FreeSerif",
  "DejaVu Serif",
  "Courier Prime",
];
const PRINTED = [
  "Liberation Sans",
  "Carlito",
  "DejaVu Sans",
  "FreeSans",
  "Liberation Sans Narrow",
  "DejaVu Sans Condensed",
];
const SIGNATURE = "Kristi";

function checkFonts() {
  const out = spawnSync("fc-list", [":", "family"], { encoding: "utf8" }).stdout ?? "";
  const have = new Set(out.split("\n").flatMap((l) => l.split(",").map((s) => s.trim())));
  const need = new Set([...HANDS, ...MARKERS].map((h) => h.family).concat(TYPED, PRINTED, [SIGNATURE]));
  const missing = [...need].filter((f) => !have.has(f));
  if (missing.length) {
    throw new Error(
      `fonts missing from fontconfig: ${missing.join(", ")} — apt-get install the packages in photos/FONTS.txt`,
    );
  }
}

/** Glyph advances as librsvg lays them out, per character (rendered once each, cached); kerning is ignored. */
const advanceCache = new Map<string, number>();
async function renderedWidth(family: string, weight: string, s: string): Promise<number> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${80 + s.length * 70}" height="100"><rect width="100%" height="100%" fill="#fff"/><text x="5" y="70" xml:space="preserve" font-family="${family}" font-weight="${weight}" font-size="50">${esc(s)}</text></svg>`;
  return (await sharp(Buffer.from(svg)).trim().toBuffer({ resolveWithObject: true })).info.width;
}
async function measure(family: string, weight: string, s: string, size: number): Promise<number> {
  let w = 0;
  for (const ch of s) {
    const key = `${family}|${weight}|${ch}`;
    let a = advanceCache.get(key);
    if (a === undefined) {
      a =
        ((await renderedWidth(family, weight, `|${ch}|`)) - (await renderedWidth(family, weight, "||"))) / 50;
      advanceCache.set(key, a);
    }
    w += a;
  }
  return w * size;
}
/** Height of a digit (0) per em, so that every hand draws work orders at the same apparent size. */
const capCache = new Map<string, number>();
async function capHeight(family: string, weight: string): Promise<number> {
  const key = `${family}|${weight}`;
  let c = capCache.get(key);
  if (c === undefined) {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="200"><rect width="100%" height="100%" fill="#fff"/><text x="20" y="150" font-family="${family}" font-weight="${weight}" font-size="100">0</text></svg>`;
    c = (await sharp(Buffer.from(svg)).trim().toBuffer({ resolveWithObject: true })).info.height / 100;
    capCache.set(key, c);
  }
  return c;
}

// ---------------------------------------------------------------------------------------------------------
// The truth: work orders, and the labels in front of them.
const WO_LABELS = ["W.O. ", "WO# ", "W/O ", "Job ", "Job No. ", "Project No. ", "W.O. No. ", "WO "];
type WoGen = ((opts?: { bare?: boolean }) => string) & { bareUsed?: boolean };
/** A fresh work order for this image: 1234-56, 1234-56A, 1234-56(A), or (only if allowed) bare 1234. */
function woGenerator(r: Rand): WoGen {
  const used = new Set<string>();
  const gen: WoGen = (opts = {}) => {
    for (;;) {
      const base = `${int(r, 1, 8)}${pad(int(r, 0, 999), 3)}`;
      if (used.has(base)) continue;
      used.add(base);
      if (opts.bare) return base;
      const phase = pad(chance(r, 0.8) ? int(r, 1, 12) : int(r, 13, 40));
      const roll = r();
      if (roll < 0.55) return `${base}-${phase}`;
      const letter = pick(r, ["A", "A", "B", "B", "C", "D", "E"]);
      return roll < 0.85 ? `${base}-${phase}${letter}` : `${base}-${phase}(${letter})`;
    }
  };
  return gen;
}
/** A labelled work order; bare 4-digit ones come rarely and always with a label. */
function labelledWo(r: Rand, wo: WoGen, truth: string[], pBare = 0.06, labels = WO_LABELS): string {
  const bare = !wo.bareUsed && chance(r, pBare);
  if (bare) wo.bareUsed = true;
  const w = wo({ bare });
  truth.push(w);
  const label = bare ? pick(r, ["W.O. ", "Job No. ", "W.O. No. ", "WO# "]) : pick(r, labels);
  return `${label}${w}`;
}

// ---------------------------------------------------------------------------------------------------------
// Distractors (never truth)
const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
const PROJECTS = [
  "Kapolei Parking Structure",
  "Waikiki Seawall Repair",
  "Hilo Substation",
  "Manoa Reservoir",
  "Ewa Beach Fire Station",
  "Kalihi Stream Bridge",
  "Pearl City Bus Facility",
  "Aiea Heights Retaining Wall",
  "Kailua Wastewater PS",
  "Ala Wai Canal Dredging",
  "Kahului Airport Taxiway",
  "Waipahu Library Addition",
  "Hawaii Kai Marina",
  "Nuuanu Pali Rockfall",
  "Kona Hospital Wing",
  "Mililani Tech Park",
  "Kakaako Tower Lot 9",
  "Lihue Water Tank",
  "Makakilo Slope Repair",
  "Wahiawa Dam Spillway",
  "Keehi Lagoon Pier 2",
  "Salt Lake Blvd Widening",
  "Kaneohe Box Culvert",
  "Moanalua Gardens Bldg C",
  "Halawa Valley Landslide",
  "Kapalama Elementary",
];
const CLIENTS = [
  "C&C Honolulu DDC",
  "HDOT Highways",
  "Kamehameha Schools",
  "Hawaiian Electric",
  "Castle & Cooke",
  "UH Facilities",
  "Board of Water Supply",
  "USACE Honolulu",
  "Hawaii Pacific Health",
  "Alexander & Baldwin",
  "Kobayashi Group",
  "DAGS",
  "Nordic PCL",
  "Hawaiian Dredging",
  "Albert C. Kobayashi",
  "Dick Pacific",
];
const ENGINEERS = [
  "G. Shimabukuro",
  "A. Tanaka",
  "K. Mahoe",
  "R. Nakamura",
  "D. Kealoha",
  "S. Fujii",
  "M. Silva",
  "J. Chun",
  "L. Oshiro",
  "T. Takahashi",
];
const PEOPLE = ["Dave", "Kalei", "Mr. Oshiro", "Lynn", "Brandon", "Ms. Fujii", "Keoni", "Sharon", "Glenn"];
const STREETS = [
  "Bishop Street",
  "Kapiolani Blvd",
  "Ala Moana Blvd",
  "Nimitz Highway",
  "Kamehameha Hwy",
  "Dillingham Blvd",
  "Fort Street Mall",
  "Queen Street",
  "Halekauwila Street",
];

const date = (r: Rand, style = int(r, 0, 5)) => {
  const y = int(r, 2014, 2024);
  const m = int(r, 1, 12);
  const d = int(r, 1, 28);
  switch (style) {
    case 0:
      return `${m}/${d}/${pad(y % 100)}`;
    case 1:
      return `${pad(m)}/${pad(d)}/${y}`;
    case 2:
      return `${y}-${pad(m)}-${pad(d)}`;
    case 3:
      return `${MONTHS[m - 1]} ${d}, ${y}`;
    case 4:
      return `${pad(d)}-${pad(m)}-${y}`;
    default:
      return `${MONTHS[m - 1]!.slice(0, 3)} ${d} '${pad(y % 100)}`;
  }
};
const shortDate = (r: Rand) => `${int(r, 1, 12)}/${int(r, 1, 28)}`;
const phone = (r: Rand, style = int(r, 0, 3)) => {
  const a = `${pick(r, ["555", "521", "536", "587", "596", "847", "955"])}`;
  const b = pad(int(r, 100, 9999), 4);
  switch (style) {
    case 0:
      return `808-${a}-${b}`;
    case 1:
      return `(808) ${a}-${b}`;
    case 2:
      return `(808) ${a}-${b} ext. ${int(r, 100, 2999)}`;
    default:
      return `808.${a}.${b}`;
  }
};
const suite = (r: Rand) => `Suite ${int(r, 1, 30)}${pad(int(r, 0, 20))}`;
const address = (r: Rand) => `${int(r, 100, 2999)} ${pick(r, STREETS)}, ${suite(r)}`;
const empId = (r: Rand) => `${pick(r, ["Emp ID ", "Emp. # ", "Employee ID "])}${int(r, 1000, 8999)}`;
const truck = (r: Rand) => `${pick(r, ["Truck ", "Truck ID ", "Truck #"])}${int(r, 1000, 8999)}`;
const depth = (r: Rand) =>
  pick(r, [`${int(r, 2, 60)}.5 ft`, `${int(r, 5, 90)}'`, `${int(r, 2, 40)}.0 ft`, `${int(r, 10, 60)} ft`]);
const pr = (r: Rand) =>
  chance(r, 0.5) ? `PR ${int(r, 14, 24)}-${pad(int(r, 1, 999), 4)}` : `PR-${int(r, 1000, 9999)}`;
const invoice = (r: Rand) =>
  pick(r, [
    `Invoice No. ${int(r, 14, 24)}-${pad(int(r, 1, 9999), 4)}`,
    `Inv. ${int(r, 30000, 49999)}`,
    `Invoice #${int(r, 10000, 99999)}`,
  ]);
const boring = (r: Rand) => `B-${int(r, 1, 24)}${chance(r, 0.15) ? pick(r, ["A", "B"]) : ""}`;
const time = (r: Rand) =>
  pick(r, [
    `${int(r, 7, 11)}:${pick(r, ["00", "15", "30", "45"])} am`,
    `${int(r, 1, 4)}:${pick(r, ["00", "15", "30", "45"])} pm`,
    `${int(r, 7, 11)}:${pick(r, ["00", "30"])}`,
  ]);
const shortProject = (r: Rand) => pick(r, PROJECTS).replace("Structure", "Str.").replace("Facility", "Fac.");

// ---------------------------------------------------------------------------------------------------------
// SVG helpers
interface Scene {
  kind: Kind;
  svg: string;
  width: number;
  height: number;
  truth: string[];
  font: string;
  surface: "paper" | "cardboard" | "sticky";
  upsideDown?: boolean;
}
const INKS = ["#1b2c8c", "#22317a", "#1a1a1a", "#15214f", "#202020", "#2a3f9e"];
const svgDoc = (w: number, h: number, defs: string, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><defs>${defs}</defs>${body}</svg>`;
const typed = (x: number, y: number, size: number, s: string, font: string, extra = "") =>
  `<text x="${f1(x)}" y="${f1(y)}" font-family="${font}" font-size="${f1(size)}" xml:space="preserve" ${extra}>${esc(s)}</text>`;
/**
 * A noise texture (feTurbulence through a colour matrix) as an <image> covering w x h. librsvg's turbulence is slow
 * at full size, so it is rendered `down` times smaller (frequencies scaled to match) and stretched back.
 */
async function texture(
  w: number,
  h: number,
  down: number,
  freq: [number, number],
  octaves: number,
  seed: number,
  matrix: string,
) {
  const tw = Math.ceil(w / down);
  const th = Math.ceil(h / down);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${tw}" height="${th}"><filter id="t" x="0" y="0" width="100%" height="100%"><feTurbulence type="fractalNoise" baseFrequency="${freq[0] * down} ${freq[1] * down}" numOctaves="${octaves}" seed="${seed}"/><feColorMatrix type="matrix" values="${matrix}"/></filter><rect width="100%" height="100%" filter="url(#t)"/></svg>`;
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  return `<image x="0" y="0" width="${w}" height="${h}" preserveAspectRatio="none" href="data:image/png;base64,${png.toString("base64")}"/>`;
}
/** Paper grain: faint low-frequency blotches over the whole sheet. */
const grain = (w: number, h: number, seed: number, alpha: number) =>
  texture(
    w,
    h,
    8,
    [0.008, 0.008],
    4,
    seed,
    `0 0 0 0 0.45  0 0 0 0 0.40  0 0 0 0 0.32  ${alpha} 0 0 0 ${-alpha * 0.35}`,
  );

/** One handwritten line: a wavy baseline, glyphs tilted a little each, a small slope, pen ink. */
function hand(
  r: Rand,
  x: number,
  y: number,
  size: number,
  s: string,
  hf: HandFont,
  color: string,
  opts: { slope?: number; jitter?: number } = {},
) {
  const fs = size * handScale(hf) * uni(r, 0.96, 1.04);
  const jitter = opts.jitter ?? 1;
  const slope = opts.slope ?? uni(r, -1.3, 1.3);
  const amp = fs * uni(r, 0.015, 0.04) * jitter;
  const freq = uni(r, 0.2, 0.55);
  const ph = r() * 6.28;
  const dys: string[] = [];
  const rots: string[] = [];
  let prev = 0;
  [...s].forEach((_, i) => {
    const b = amp * Math.sin(i * freq + ph) + (r() - 0.5) * fs * 0.025 * jitter;
    dys.push(f1(b - prev));
    prev = b;
    rots.push(f1((r() - 0.5) * 7 * jitter));
  });
  const ink = hf.ink * fs;
  const stroke = ink > 0.2 ? `stroke="${color}" stroke-width="${f1(ink)}" stroke-linejoin="round"` : "";
  return `<g><text x="${f1(x)}" y="${f1(y)}" xml:space="preserve" font-family="${hf.family}" font-weight="${hf.weight ?? "normal"}" font-size="${f1(fs)}" fill="${color}" ${stroke} opacity="${f1(uni(r, 0.86, 0.97))}" dy="${dys.join(" ")}" rotate="${rots.join(" ")}" transform="rotate(${slope.toFixed(2)} ${f1(x)} ${f1(y)})">${esc(s)}</text></g>`;
}
const handW = (hf: HandFont, s: string, size: number) =>
  measure(hf.family, hf.weight ?? "normal", s, size * handScale(hf) * 1.04);
/** `size` given to hand() means: digits 0.7 x size tall, whatever the font. */
const handScales = new Map<string, number>();
const handScale = (hf: HandFont) => handScales.get(`${hf.family}|${hf.weight ?? "normal"}`)! * hf.scale;
async function initHands() {
  for (const hf of [...HANDS, ...MARKERS])
    handScales.set(
      `${hf.family}|${hf.weight ?? "normal"}`,
      0.7 / (await capHeight(hf.family, hf.weight ?? "normal")),
    );
}

/** A scribbled signature: a handwriting name plus a loop stroke under it. */
function signature(r: Rand, x: number, y: number, name: string, color: string) {
  const last = name.split(" ").pop()!;
  const sig = `${name[0]}. ${last}`;
  const w = sig.length * 30;
  return `<text x="${x}" y="${y}" font-family="${SIGNATURE}" font-size="${int(r, 80, 100)}" fill="${color}" stroke="${color}" stroke-width="1.5" transform="rotate(${f1(uni(r, -6, 2))} ${x} ${y})">${esc(sig)}</text><path d="M ${x - 10} ${y + 14} C ${x + w * 0.3} ${y + 30}, ${x + w * 0.7} ${y - 4}, ${x + w + 30} ${y + 10}" stroke="${color}" stroke-width="3" fill="none"/>`;
}

// ---------------------------------------------------------------------------------------------------------
// Scenes
async function notebookScene(r: Rand): Promise<Scene> {
  const W = 1400;
  const H = 1820;
  const wo = woGenerator(r);
  const truth: string[] = [];
  const hf = pick(r, HANDS);
  const ink = chance(r, 0.1) ? "#4b4b4b" : pick(r, INKS);
  const gap = uni(r, 62, 74);
  const top = uni(r, 170, 210);
  const marginX = uni(r, 170, 200);
  const size = Math.min(gap * uni(r, 0.78, 0.88), (gap * 0.95) / handScale(hf));
  const seed = int(r, 1, 999);
  let defs = "";
  const holes = chance(r, 0.55);
  let mask = "";
  if (holes) {
    let circles = "";
    for (let y = 60; y < H - 30; y += 72) circles += `<circle cx="46" cy="${y}" r="15" fill="#000"/>`;
    defs += `<mask id="holes"><rect width="${W}" height="${H}" fill="#fff"/>${circles}</mask>`;
    mask = 'mask="url(#holes)"';
  }
  let body = `<g ${mask}><rect width="${W}" height="${H}" fill="${pick(r, ["#fbfbf6", "#f8f7f0", "#fdfcf8", "#f6f4ea"])}"/>${await grain(W, H, seed, 0.12)}`;
  const lines = Math.floor((H - top - 60) / gap);
  for (let i = 0; i <= lines; i++) {
    body += `<line x1="0" x2="${W}" y1="${f1(top + i * gap)}" y2="${f1(top + i * gap)}" stroke="#8db0d8" stroke-width="2.4" opacity="0.85"/>`;
  }
  body += `<line x1="${f1(marginX)}" x2="${f1(marginX)}" y1="0" y2="${H}" stroke="#e0807e" stroke-width="2.6"/></g>`;

  const n = int(r, 3, 8);
  const rows: { text: string; x: number; margin?: string; wos?: string[] }[] = [];
  const headers = [
    `Jobs - week of ${pick(r, MONTHS)} ${int(r, 1, 28)}`,
    `Field schedule ${date(r, 0)}`,
    "Boxes to pull from storage",
    `Lab queue  ${date(r, 3)}`,
    `To do ${shortDate(r)}`,
    "Drilling - next 2 wks",
  ];
  rows.push({ text: pick(r, headers), x: marginX + 40 });
  for (let i = 0; i < n; i++) {
    const before = truth.length;
    const w = labelledWo(r, wo, truth, 0.07, chance(r, 0.45) ? [""] : WO_LABELS);
    const proj = shortProject(r);
    const style = int(r, 0, 3);
    const text =
      style === 0
        ? `${w} - ${proj}  ${date(r, 0)}`
        : style === 1
          ? `${w}  ${proj}`
          : style === 2
            ? `${proj} (${w})`
            : `${w} ${proj} - ${pick(r, ["drill", "lab", "report due", "pull boxes"])} ${shortDate(r)}`;
    rows.push({
      text,
      wos: truth.slice(before),
      x: marginX + uni(r, 14, 30),
      margin: chance(r, 0.4) ? (chance(r, 0.6) ? shortDate(r) : `${i + 1}.`) : undefined,
    });
    if (chance(r, 0.4)) {
      const note = pick(r, [
        () => `- call ${pick(r, PEOPLE)} ${phone(r, pick(r, [0, 1, 2]))}`,
        () => `- ${boring(r)} to ${depth(r)}, ${truck(r)}`,
        () => `- ${pr(r)} pending`,
        () => `- ${empId(r)} on site ${time(r)}`,
        () => `- ${invoice(r)}`,
        () => `- ${pick(r, CLIENTS)}, ${suite(r)}`,
      ])();
      rows.push({ text: note, x: marginX + uni(r, 60, 90) });
    }
  }
  let li = 0;
  const shown: string[] = [];
  for (const row of rows) {
    li += chance(r, 0.2) ? 2 : 1;
    if (li > lines - 1) break;
    const y = top + li * gap - uni(r, 6, 12);
    let text = row.text;
    const maxW = W - row.x - 50;
    while ((await handW(hf, text, size)) > maxW && text.includes(" "))
      text = text.slice(0, text.lastIndexOf(" "));
    text = text.replace(/\s+-$/, "");
    if (text !== row.text) {
      // A trimmed row must keep its work order whole.
      const lost = truth.filter((t) => row.text.includes(t) && !text.includes(t));
      if (lost.length) {
        const w = lost[0]!;
        text = row.text.slice(0, row.text.indexOf(w) + w.length);
        if (row.text.indexOf(w) > 0 && (await handW(hf, text, size)) > maxW) text = w;
      }
    }
    body += hand(r, row.x, y, size, text, hf, ink);
    shown.push(...(row.wos ?? []).filter((w) => text.includes(w)));
    if (row.margin) body += hand(r, marginX - size * 1.7, y, size * 0.8, row.margin, hf, ink);
  }
  body += hand(r, W - 260, top - gap * 0.6, size * 0.8, date(r, 0), hf, ink);
  return {
    kind: "notebook",
    svg: svgDoc(W, H, defs, body),
    width: W,
    height: H,
    truth: [...new Set(shown)],
    font: hf.family,
    surface: "paper",
  };
}

/** Wraps tokens (words, some bold) into lines no wider than maxW, by measured average widths. */
function wrap(tokens: { t: string; b?: boolean }[], maxW: number, charW: number) {
  const lines: { t: string; b?: boolean }[][] = [[]];
  let w = 0;
  for (const tok of tokens) {
    const tw = (tok.t.length + 1) * charW * (tok.b ? 1.08 : 1);
    if (w + tw > maxW && lines[lines.length - 1]!.length) {
      lines.push([]);
      w = 0;
    }
    lines[lines.length - 1]!.push(tok);
    w += tw;
  }
  return lines;
}

async function letterScene(r: Rand): Promise<Scene> {
  const W = 1600;
  const H = 2070;
  const wo = woGenerator(r);
  const truth: string[] = [];
  const font = pick(r, TYPED);
  const size = uni(r, 32, 36);
  const lh = size * uni(r, 1.3, 1.45);
  const left = uni(r, 150, 190);
  const right = W - left;
  const sample = "The boring logs for W.O. 4821-07B are enclosed; see Suite 1204, March 10.";
  const charW = ((await measure(font, "normal", sample, 100)) / 100 / sample.length) * size * 1.03;
  const seed = int(r, 1, 999);
  const defs = "";
  let body = `<rect width="${W}" height="${H}" fill="${pick(r, ["#fdfdfb", "#fbfaf6", "#f9f9f7"])}"/>${await grain(W, H, seed, 0.07)}`;
  // Letterhead
  const firm = pick(r, [
    "PACIFIC RIM GEOTECHNICAL, INC.",
    "MAUKA SOILS & FOUNDATIONS, LLC",
    "ISLAND GEOSCIENCE CONSULTANTS",
    "KONA TESTING & INSPECTION",
    "HALE STRUCTURAL ENGINEERS",
  ]);
  const headFont = chance(r, 0.5) ? font : pick(r, PRINTED);
  const accent = pick(r, ["#0d3b66", "#7a1f1f", "#1f4d2b", "#222222"]);
  let y = 150;
  const centred = chance(r, 0.5);
  const hx = centred ? W / 2 : left;
  const anchor = centred ? 'text-anchor="middle"' : "";
  body += typed(hx, y, size * 1.55, firm, headFont, `font-weight="bold" fill="${accent}" ${anchor}`);
  y += size * 1.3;
  body += typed(
    hx,
    y,
    size * 0.78,
    "Geotechnical Engineering  ·  Materials Testing  ·  Drilling",
    headFont,
    `fill="#444" ${anchor}`,
  );
  y += size * 1.05;
  body += typed(
    hx,
    y,
    size * 0.78,
    `${address(r)}  ·  Honolulu, Hawaii 968${pad(int(r, 1, 30))}`,
    headFont,
    `fill="#333" ${anchor}`,
  );
  y += size * 1.05;
  body += typed(
    hx,
    y,
    size * 0.78,
    `Tel ${phone(r, 1)}  ·  Fax ${phone(r, 1)}`,
    headFont,
    `fill="#333" ${anchor}`,
  );
  y += size * 0.7;
  body += `<line x1="${left}" x2="${right}" y1="${y}" y2="${y}" stroke="${accent}" stroke-width="3"/>`;
  y += lh * 2;
  body += typed(left, y, size, date(r, 3), font, 'fill="#151515"');
  y += lh * 2;
  const recip = pick(r, [
    "Mr. Glenn Oshiro",
    "Ms. Lynn Fujii",
    "Mr. Keoni Kealoha",
    "Ms. Sharon Nakamura",
    "Mr. Brandon Silva",
  ]);
  for (const l of [recip, pick(r, CLIENTS), address(r), `Honolulu, Hawaii 968${pad(int(r, 1, 30))}`]) {
    body += typed(left, y, size, l, font, 'fill="#151515"');
    y += lh;
  }
  y += lh;
  const reWo = labelledWo(r, wo, truth, 0.05, ["W.O. ", "W.O. No. ", "Job No. ", "Project No. ", "WO# "]);
  const proj = pick(r, PROJECTS);
  const reBold = chance(r, 0.5);
  const reLine = `<text x="${left}" y="${f1(y)}" font-family="${font}" font-size="${f1(size)}" xml:space="preserve" fill="#151515"><tspan font-weight="bold">Re:</tspan>  <tspan ${reBold ? 'font-weight="bold"' : ""}>${esc(reWo)}</tspan>${esc(`, ${pick(r, ["Subsurface Investigation", "Geotechnical Report", "Slope Stability Review", "Foundation Recommendations"])}`)}</text>`;
  body += reLine;
  y += lh;
  body += typed(left + size * 2.6, y, size, proj, font, 'fill="#151515"');
  y += lh * 2;
  body += typed(left, y, size, `Dear ${recip.replace(/ \w+ /, " ")}:`, font, 'fill="#151515"');
  y += lh * 1.8;
  // Body paragraphs: 0-3 more work orders, some bold, among distractors.
  const extra = int(r, 0, 3);
  const woTok = (): { t: string; b?: boolean }[] => {
    const l = labelledWo(r, wo, truth, 0.06, [
      "W.O. ",
      "W.O. ",
      "Job ",
      "Job No. ",
      "Project No. ",
      "W/O ",
      "",
    ]);
    const b = chance(r, 0.45);
    return l.split(" ").map((t) => ({ t, b }));
  };
  const words = (s: string) => s.split(" ").map((t) => ({ t }));
  const paras: { t: string; b?: boolean }[][] = [];
  paras.push([
    ...words(
      `In accordance with your request, we have completed the field exploration${chance(r, 0.35) ? ` under ${reWo}` : ""} for the proposed ${proj} on ${date(r, 3)}. Borings B-1 through B-${int(r, 2, 14)} were drilled to depths of up to ${depth(r)} with ${truck(r)}.`,
    ),
  ]);
  const templates = [
    () => [
      ...words("The laboratory results for"),
      ...woTok(),
      ...words(`are enclosed; please reference ${pr(r)} on all correspondence.`),
    ],
    () => [
      ...words("This report supersedes our earlier letter issued under"),
      ...woTok(),
      ...words(`dated ${date(r, 0)}.`),
    ],
    () => [
      ...words("Additional borings were authorized under"),
      ...woTok(),
      ...words(`and billed on our ${invoice(r)}.`),
    ],
    () => [
      ...words("Samples from"),
      ...woTok(),
      ...words(`will be stored at ${address(r)} for 90 days unless you direct otherwise.`),
    ],
    () => [
      ...words("Our field engineer"),
      ...words(`(${empId(r)}) also logged the test pits for`),
      ...woTok(),
      ...words("to the east."),
    ],
  ];
  const order = [...templates.keys()].sort(() => r() - 0.5).slice(0, extra);
  if (order.length) paras.push(order.flatMap((k) => templates[k]!()));
  paras.push(
    words(
      `Should you have any questions, please call the undersigned at ${phone(r, pick(r, [1, 2, 0]))}. We appreciate the opportunity to be of service on this project.`,
    ),
  );
  for (const p of paras) {
    for (const line of wrap(p, right - left, charW)) {
      const spans = line
        .map((tok) => (tok.b ? `<tspan font-weight="bold">${esc(tok.t)}</tspan>` : esc(tok.t)))
        .join(" ");
      body += `<text x="${left}" y="${f1(y)}" font-family="${font}" font-size="${f1(size)}" xml:space="preserve" fill="#151515">${spans}</text>`;
      y += lh;
    }
    y += lh * 0.6;
  }
  y += lh * 0.5;
  body += typed(
    left,
    y,
    size,
    pick(r, ["Very truly yours,", "Sincerely,", "Respectfully submitted,"]),
    font,
    'fill="#151515"',
  );
  y += lh;
  body += typed(left, y, size, firm.replace(/, (INC\.|LLC)$/, ""), font, 'fill="#151515"');
  const signer = pick(r, ENGINEERS);
  y += lh * 3.1;
  body += signature(r, left + 10, y - lh * 1.45, signer, pick(r, ["#1b2c8c", "#22317a", "#1a1a1a"]));
  body += typed(left, y, size, signer, font, 'fill="#151515"');
  y += lh;
  body += typed(
    left,
    y,
    size,
    pick(r, ["Project Engineer", "Principal Engineer", "Senior Geologist", "Vice President"]),
    font,
    'fill="#151515"',
  );
  y += lh * 1.4;
  if (y < H - 220)
    body += typed(
      left,
      y,
      size * 0.85,
      `${pick(r, ["Enclosures", "Encl."])}   cc: ${pick(r, CLIENTS)}`,
      font,
      'fill="#222"',
    );
  body += typed(
    W / 2,
    H - 90,
    size * 0.85,
    pick(r, [`Page 1 of ${int(r, 2, 4)}`, "- 1 -", "Page 1"]),
    font,
    'fill="#222" text-anchor="middle"',
  );
  const sized = await checkFits(body, W, H);
  return {
    kind: "letter",
    svg: svgDoc(W, H, defs, sized),
    width: W,
    height: H,
    truth: [...new Set(truth)],
    font: `${font} (signature ${SIGNATURE})`,
    surface: "paper",
  };
}
/** Text that runs off the bottom of the page would be lost truth: fail loudly instead. */
async function checkFits(body: string, _w: number, h: number) {
  const ys = [...body.matchAll(/<text x="[\d.]+" y="([\d.]+)"/g)].map((m) => Number(m[1]));
  if (Math.max(...ys) > h - 40) throw new Error("scene overflows its page");
  return body;
}

async function registerScene(r: Rand): Promise<Scene> {
  const W = 1600;
  const H = 2070;
  const wo = woGenerator(r);
  const truth: string[] = [];
  const font = pick(r, PRINTED.concat(TYPED.slice(0, 3)));
  const handwritten = chance(r, 0.5);
  const hf = pick(
    r,
    HANDS.filter((h) => h.family !== "Kristi"),
  );
  const ink = pick(r, INKS);
  const seed = int(r, 1, 999);
  const defs = "";
  let body = `<rect width="${W}" height="${H}" fill="${pick(r, ["#fcfcf8", "#f7f5ec", "#fbfbfb"])}"/>${await grain(W, H, seed, 0.08)}`;
  const lastCol = pick(r, ["Sheet", "Sheet", "PR No.", "Inv."]);
  const cols = [
    { h: "Date", w: 185 },
    { h: pick(r, ["W.O.", "W.O. No.", "Job No.", "WO#"]), w: 265 },
    { h: "Client", w: 310 },
    { h: "Project", w: 420 },
    { h: "Engineer", w: 250 },
    { h: lastCol, w: 130 },
  ];
  const total = cols.reduce((a, c) => a + c.w, 0);
  const left = (W - total) / 2;
  const size = uni(r, 33, 37);
  const rowH = handwritten ? uni(r, 80, 92) : uni(r, 62, 72);
  let y = 170;
  body += typed(
    left,
    y,
    size * 1.5,
    pick(r, ["WORK ORDER REGISTER", "JOB REGISTER", "PROJECT LOG"]),
    font,
    'font-weight="bold" fill="#111"',
  );
  body += typed(
    left + total,
    y,
    size,
    `Book ${int(r, 2, 12)}  ·  Page ${int(r, 10, 140)}`,
    font,
    'fill="#222" text-anchor="end"',
  );
  y += size * 1.4;
  body += typed(
    left,
    y,
    size * 0.85,
    `${pick(r, ["Geotechnical Division", "Honolulu Office", "Field Services"])}  ·  ${address(r)}`,
    font,
    'fill="#333"',
  );
  y += size * 1.3;
  const tableTop = y;
  const nRows = int(r, 6, 12);
  const blankRows = Math.min(int(r, 1, 8), Math.floor((H - 140 - tableTop) / rowH) - nRows - 1);
  const rowsTotal = nRows + Math.max(blankRows, 0);
  const headH = rowH * 0.95;
  body += `<rect x="${left}" y="${tableTop}" width="${total}" height="${f1(headH)}" fill="#e7e7e2"/>`;
  let x = left;
  for (const c of cols) {
    body += typed(x + 12, tableTop + headH * 0.66, size * 0.95, c.h, font, 'font-weight="bold" fill="#111"');
    x += c.w;
  }
  // Grid around every cell.
  const bottom = tableTop + headH + rowsTotal * rowH;
  body += `<rect x="${left}" y="${tableTop}" width="${total}" height="${f1(bottom - tableTop)}" fill="none" stroke="#222" stroke-width="3"/>`;
  x = left;
  for (const c of cols.slice(0, -1)) {
    x += c.w;
    body += `<line x1="${x}" x2="${x}" y1="${tableTop}" y2="${f1(bottom)}" stroke="#333" stroke-width="2"/>`;
  }
  for (let i = 0; i <= rowsTotal; i++) {
    const ly = tableTop + headH + i * rowH;
    body += `<line x1="${left}" x2="${left + total}" y1="${f1(ly)}" y2="${f1(ly)}" stroke="#333" stroke-width="${i === 0 ? 3 : 1.8}"/>`;
  }
  const year = int(r, 2015, 2024);
  let month = int(r, 1, 9);
  let day = int(r, 1, 10);
  for (let i = 0; i < nRows; i++) {
    const w = wo();
    truth.push(w);
    day += int(r, 0, 3);
    if (day > 28) {
      day = 1;
      month++;
    }
    const cells = [
      handwritten
        ? `${month}/${day}/${pad(year % 100)}`
        : pick(r, [`${month}/${day}/${pad(year % 100)}`, `${year}-${pad(month)}-${pad(day)}`]),
      w,
      pick(r, CLIENTS),
      shortProject(r),
      pick(r, ENGINEERS),
      lastCol === "Sheet"
        ? pick(r, [`${int(r, 1, 3)} of ${int(r, 3, 6)}`, `S-${int(r, 1, 9)}`, `${int(r, 1, 12)}`])
        : lastCol === "PR No."
          ? pr(r).replace(/^PR[- ]/, "")
          : `${int(r, 1000, 9999)}`,
    ];
    const cy = tableTop + headH + (i + 1) * rowH - rowH * (handwritten ? 0.3 : 0.32);
    x = left;
    for (const [ci, c] of cols.entries()) {
      let s = cells[ci]!;
      const maxW = c.w - 22;
      if (handwritten) {
        const hs = size * 1.15;
        const shrink = ci <= 1 ? 0.5 : 0.8;
        while ((await handW(hf, s, hs)) * shrink > maxW && s.length > 3)
          s = s.slice(0, -1).replace(/[\s&.,-]+$/, "");
        const fit = Math.min(1, maxW / (await handW(hf, s, hs)));
        body += hand(r, x + 10, cy, hs * fit, s, hf, ink, { slope: uni(r, -1, 1), jitter: 0.8 });
      } else {
        while ((await measure(font, "normal", s, size)) * (ci <= 1 ? 0.5 : 0.85) > maxW && s.length > 3)
          s = s.slice(0, -1).replace(/[\s&.,-]+$/, "");
        const fit = Math.min(1, maxW / (await measure(font, "normal", s, size)));
        body += typed(x + 11, cy, size * fit, s, font, 'fill="#161616"');
      }
      x += c.w;
    }
  }
  body += typed(
    left + total,
    H - 80,
    size * 0.8,
    `Sheet ${int(r, 1, 4)} of ${int(r, 4, 9)}`,
    font,
    'fill="#333" text-anchor="end"',
  );
  return {
    kind: "register",
    svg: svgDoc(W, H, defs, body),
    width: W,
    height: H,
    truth,
    font: handwritten ? `${font} (print) + ${hf.family} (entries)` : font,
    surface: "paper",
  };
}

async function labelScene(r: Rand): Promise<Scene> {
  const portrait = chance(r, 0.3);
  const W = portrait ? 1250 : 1600;
  const H = portrait ? 1500 : 1150;
  const wo = woGenerator(r);
  const truth: string[] = [];
  const hf = pick(r, MARKERS);
  const ink = chance(r, 0.8) ? pick(r, ["#121212", "#1a1a1a", "#0f0f14"]) : pick(r, ["#1c2c6e", "#5a1010"]);
  const seed = int(r, 1, 999);
  const kraft = pick(r, [
    [0.72, 0.55, 0.36],
    [0.68, 0.5, 0.32],
    [0.76, 0.6, 0.42],
    [0.64, 0.47, 0.3],
  ])!;
  const vertical = chance(r, 0.5);
  const k = (f: number) => `0 0 0 0 ${kraft[0]! * f}  0 0 0 0 ${kraft[1]! * f}  0 0 0 0 ${kraft[2]! * f}`;
  const fib = await texture(
    W,
    H,
    2,
    vertical ? [0.09, 0.006] : [0.006, 0.09],
    3,
    seed,
    `${k(0.8)}  0.55 0 0 0 -0.18`,
  );
  const blot = await texture(W, H, 8, [0.004, 0.004], 3, seed + 5, `${k(0.7)}  0.7 0 0 0 -0.25`);
  const speck = await texture(
    W,
    H,
    2,
    [0.6, 0.6],
    1,
    seed + 9,
    "0 0 0 0 0.25  0 0 0 0 0.18  0 0 0 0 0.1  0 0 -2.2 0 1.05",
  );
  const defs = `<linearGradient id="tape" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f1e3b8" stop-opacity="0.55"/><stop offset="0.45" stop-color="#fff7dc" stop-opacity="0.65"/><stop offset="1" stop-color="#e8d49f" stop-opacity="0.5"/></linearGradient>`;
  const base = `rgb(${Math.round(kraft[0]! * 255)},${Math.round(kraft[1]! * 255)},${Math.round(kraft[2]! * 255)})`;
  let body = `<rect width="${W}" height="${H}" fill="${base}"/>${blot}${fib}${speck}`;
  // Corrugation flutes showing faintly through the liner, and a flap crease.
  const flute = uni(r, 16, 22);
  for (let p = 0; p < (vertical ? W : H); p += flute) {
    body += vertical
      ? `<line x1="${f1(p)}" x2="${f1(p)}" y1="0" y2="${H}" stroke="#000" stroke-opacity="0.035" stroke-width="${f1(flute * 0.45)}"/>`
      : `<line y1="${f1(p)}" y2="${f1(p)}" x1="0" x2="${W}" stroke="#000" stroke-opacity="0.035" stroke-width="${f1(flute * 0.45)}"/>`;
  }
  const crease = uni(r, 40, 90);
  body += `<line x1="0" x2="${W}" y1="${f1(crease)}" y2="${f1(crease)}" stroke="#3a2612" stroke-opacity="0.35" stroke-width="5"/>`;
  if (chance(r, 0.55)) {
    const tw = uni(r, 130, 190);
    body += `<rect x="0" y="${f1(crease - tw / 2)}" width="${W}" height="${f1(tw)}" fill="url(#tape)"/>`;
  }
  if (chance(r, 0.4)) {
    // A box maker's certificate in a corner: small printed numbers that are not work orders.
    const cx = chance(r, 0.5) ? W - 170 : 170;
    const cy = H - 170;
    body += `<g fill="#3a2a1a" fill-opacity="0.75" font-family="Liberation Sans" font-size="15" text-anchor="middle"><circle cx="${cx}" cy="${cy}" r="120" fill="none" stroke="#3a2a1a" stroke-opacity="0.7" stroke-width="3"/>${typed(cx, cy - 72, 15, "BOX CERTIFICATE", "Liberation Sans", 'font-weight="bold"')}${typed(cx, cy - 42, 14, "BURSTING TEST 200 LBS", "Liberation Sans")}${typed(cx, cy - 18, 14, "PER SQUARE INCH", "Liberation Sans")}${typed(cx, cy + 10, 14, "MIN COMB WT 75 LBS", "Liberation Sans")}${typed(cx, cy + 36, 14, `SIZE LIMIT 75 IN`, "Liberation Sans")}${typed(cx, cy + 62, 14, "GROSS WT LT 65 LBS", "Liberation Sans")}</g>`;
  }
  const lines: { s: string; rel: number }[] = [];
  lines.push({ s: labelledWo(r, wo, truth, 0.08, ["W.O. ", "W.O. ", "WO# ", "Job ", "W/O ", ""]), rel: 1 });
  if (chance(r, 0.35))
    lines.push({
      s: chance(r, 0.5) ? `& ${wo()}` : labelledWo(r, wo, truth, 0, ["W.O. ", "WO# ", "Job "]),
      rel: 0.85,
    });
  if (lines.length === 2 && lines[1]!.s.startsWith("& ")) truth.push(lines[1]!.s.slice(2));
  if (chance(r, 0.6)) {
    const words = shortProject(r).toUpperCase().split(" ");
    let name = words.shift()!;
    while (words.length && `${name} ${words[0]}`.length <= 18) name += ` ${words.shift()}`;
    lines.push({ s: name, rel: 0.6 });
  }
  lines.push({
    s: `${boring(r)}  ${pick(r, [depth(r), `${int(r, 2, 20)}.5 - ${int(r, 21, 40)}.0 ft`, `@ ${depth(r)}`])}`,
    rel: 0.7,
  });
  const boxN = int(r, 2, 9);
  lines.push({
    s: pick(r, [
      `BOX ${int(r, 1, boxN)} OF ${boxN}`,
      `Box ${int(r, 1, boxN)} of ${boxN}`,
      `${int(r, 1, boxN)} of ${boxN}`,
    ]),
    rel: 0.75,
  });
  if (chance(r, 0.3)) lines.push({ s: date(r, 0), rel: 0.5 });
  // Size the block to fit the middle of the panel.
  let size = uni(r, 150, 200);
  const maxW = W * 0.76;
  for (const l of lines) {
    const w = await handW(hf, l.s, size * l.rel);
    if (w > maxW) size *= maxW / w;
  }
  const lead = Math.max(1.3, handScale(hf) * 1.2);
  const blockH = lines.reduce((a, l) => a + size * l.rel * lead, 0);
  size *= Math.min(1, (H * 0.74) / blockH);
  let y = crease + (H - crease - lines.reduce((a, l) => a + size * l.rel * lead, 0)) / 2 + size * 0.9;
  const x0 = W * uni(r, 0.1, 0.14);
  for (const l of lines) {
    body += hand(r, x0 + uni(r, -15, 25), y, size * l.rel, l.s, hf, ink, { slope: uni(r, -3, 3) });
    y += size * l.rel * lead + uni(r, -6, 8);
  }
  return {
    kind: "label",
    svg: svgDoc(W, H, defs, body),
    width: W,
    height: H,
    truth: [...new Set(truth)],
    font: hf.family + (hf.weight ? " Bold" : ""),
    surface: "cardboard",
    upsideDown: chance(r, 0.4),
  };
}

async function formScene(r: Rand): Promise<Scene> {
  const W = 1600;
  const H = 2070;
  const wo = woGenerator(r);
  const truth: string[] = [];
  const pf = pick(r, PRINTED);
  const hf = pick(
    r,
    HANDS.filter((h) => h.family !== "Kristi"),
  );
  const ink = pick(r, INKS);
  const seed = int(r, 1, 999);
  const defs = "";
  const tint = pick(r, ["#fdfdfb", "#f8f8f4", "#fcf7e4", "#eef5fb"]);
  let body = `<rect width="${W}" height="${H}" fill="${tint}"/>${await grain(W, H, seed, 0.08)}`;
  const left = 110;
  const right = W - 110;
  const ps = uni(r, 26, 30);
  const hs = uni(r, 44, 52);
  let y = 140;
  body += typed(
    left,
    y,
    44,
    pick(r, ["GEOLABS, INC.", "PACIFIC RIM GEOTECHNICAL", "MAUKA SOILS & FOUNDATIONS"]),
    pf,
    'font-weight="bold" fill="#111"',
  );
  body += typed(
    right,
    y,
    ps,
    `Form ${pick(r, ["FD", "GL", "DR"])}-${int(r, 2, 140)} (rev. ${int(r, 1, 12)}/${pad(int(r, 12, 22))})`,
    pf,
    'fill="#333" text-anchor="end"',
  );
  y += 58;
  body += typed(
    left,
    y,
    38,
    pick(r, ["FIELD DAILY REPORT", "DRILLING LOG - DAILY", "SAMPLE TRANSMITTAL"]),
    pf,
    'font-weight="bold" fill="#111"',
  );
  y += 30;
  const woField = labelledWo(r, wo, truth, 0.05, [""]);
  const sheetN = int(r, 2, 6);
  const fields: [string, string, number][][] = [
    [
      ["WORK ORDER NO.", woField, 0.4],
      ["DATE", date(r, pick(r, [0, 1, 2, 4])), 0.3],
      ["SHEET", `${int(r, 1, sheetN)} of ${sheetN}`, 0.3],
    ],
    [
      ["PROJECT", shortProject(r), 0.6],
      ["CLIENT", pick(r, CLIENTS), 0.4],
    ],
    [
      ["TRUCK ID", `${int(r, 1000, 8999)}`, 0.33],
      ["EMPLOYEE ID", `${int(r, 1000, 8999)}`, 0.33],
      ["DRILLER", pick(r, ENGINEERS), 0.34],
    ],
    [
      ["BORING NO.", boring(r), 0.25],
      ["DEPTH", depth(r), 0.25],
      ["PHONE", phone(r, pick(r, [0, 1])), 0.5],
    ],
  ];
  const boxH = uni(r, 110, 126);
  for (const row of fields) {
    let x = left;
    for (const [label, value, frac] of row) {
      const w = (right - left) * frac;
      body += `<rect x="${f1(x)}" y="${f1(y)}" width="${f1(w)}" height="${f1(boxH)}" fill="none" stroke="#222" stroke-width="2.2"/>`;
      body += typed(x + 10, y + ps + 6, ps * 0.85, label, pf, 'fill="#222" font-weight="bold"');
      let size = hs;
      const vw = await handW(hf, value, size);
      if (vw > w - 40) size *= (w - 40) / vw;
      body += hand(r, x + uni(r, 18, 40), y + boxH - uni(r, 18, 26), size, value, hf, ink, {
        slope: uni(r, -1.5, 1.5),
      });
      x += w;
    }
    y += boxH;
  }
  y += 60;
  // Checkbox groups with some boxes ticked.
  const groups: [string, string[]][] = [
    ["WEATHER:", ["Sunny", "Cloudy", "Rain", "Windy"]],
    ["EQUIPMENT:", ["CME-75", "CME-55", "Hand auger", "Geoprobe"]],
    ["WORK:", ["Drilling", "Sampling", "Inspection", "Standby"]],
  ];
  for (const [g, opts] of groups) {
    body += typed(left, y, ps, g, pf, 'font-weight="bold" fill="#111"');
    let x = left + 220;
    for (const o of opts) {
      body += `<rect x="${x}" y="${f1(y - 26)}" width="30" height="30" fill="none" stroke="#222" stroke-width="2.4"/>`;
      if (chance(r, 0.35)) {
        body += chance(r, 0.5)
          ? `<path d="M ${x + 2} ${f1(y - 12)} L ${x + 12} ${f1(y + 2)} L ${x + 36} ${f1(y - 38)}" stroke="${ink}" stroke-width="5" fill="none" stroke-linecap="round"/>`
          : `<path d="M ${x - 2} ${f1(y - 30)} L ${x + 33} ${f1(y + 6)} M ${x + 33} ${f1(y - 30)} L ${x - 2} ${f1(y + 6)}" stroke="${ink}" stroke-width="5" fill="none" stroke-linecap="round"/>`;
      }
      body += typed(x + 44, y, ps, o, pf, 'fill="#111"');
      x += 300;
    }
    y += 64;
  }
  y += 30;
  body += typed(left, y, ps, "REMARKS:", pf, 'font-weight="bold" fill="#111"');
  const remarkLines = 5;
  const rl = 74;
  for (let i = 1; i <= remarkLines; i++)
    body += `<line x1="${left}" x2="${right}" y1="${f1(y + i * rl)}" y2="${f1(y + i * rl)}" stroke="#555" stroke-width="1.6"/>`;
  const remarks = [
    `Set casing to ${depth(r)}, ${pick(r, ["hard drilling", "water at 12'", "refusal on basalt", "loose sand"])}.`,
    chance(r, 0.45)
      ? `Continued from ${labelledWo(r, wo, truth, 0.1, ["W.O. ", "WO# ", "Job "])} (${date(r, 0)})`
      : `Called ${pick(r, PEOPLE)} ${phone(r, 2)}`,
    `${pr(r)}  - samples to lab ${time(r)}`,
  ];
  for (const [i, s] of remarks.entries()) {
    let size = hs * 0.9;
    const vw = await handW(hf, s, size);
    if (vw > right - left - 60) size *= (right - left - 60) / vw;
    body += hand(r, left + 20, y + (i + 1) * rl - 12, size, s, hf, ink);
  }
  y += (remarkLines + 1) * rl + 20;
  body += typed(left, y, ps, "INSPECTOR:", pf, 'font-weight="bold" fill="#111"');
  body += `<line x1="${left + 170}" x2="${left + 700}" y1="${y + 4}" y2="${y + 4}" stroke="#333" stroke-width="2"/>`;
  body += signature(r, left + 200, y - 8, pick(r, ENGINEERS), ink);
  body += typed(left + 760, y, ps, `${empId(r).toUpperCase()}`, pf, 'fill="#111"');
  body += typed(right, H - 70, ps * 0.9, `Page ${int(r, 1, 3)}`, pf, 'fill="#333" text-anchor="end"');
  await checkFits(body, W, H);
  return {
    kind: "form",
    svg: svgDoc(W, H, defs, body),
    width: W,
    height: H,
    truth: [...new Set(truth)],
    font: `${pf} (print) + ${hf.family} (filled)`,
    surface: "paper",
  };
}

async function stickyScene(r: Rand): Promise<Scene> {
  const W = 1000;
  const H = 1000;
  const wo = woGenerator(r);
  const truth: string[] = [];
  const hf = pick(r, HANDS);
  const ink = chance(r, 0.25) ? pick(r, ["#101010", "#0d1a6b", "#6b0d0d"]) : pick(r, INKS);
  const yellow = chance(r, 0.65);
  const col = yellow
    ? pick(r, ["#fcee7a", "#fff27d", "#f9e65c", "#fdf29a"])
    : pick(r, ["#f9b0cc", "#fcb9d3", "#f7a1c0", "#ffc2da"]);
  const seed = int(r, 1, 999);
  const defs = `<linearGradient id="curl" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0.12"/><stop offset="0.18" stop-color="#000" stop-opacity="0"/><stop offset="0.8" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.14"/></linearGradient>`;
  let body = `<rect width="${W}" height="${H}" fill="${col}"/>${await grain(W, H, seed, 0.1)}<rect width="${W}" height="${H}" fill="url(#curl)"/>`;
  const lines: string[] = [];
  const n = pick(r, [1, 1, 2, 2, 2, 3]);
  const woLine = () => labelledWo(r, wo, truth, 0.08, chance(r, 0.4) ? [""] : WO_LABELS);
  const layout = int(r, 0, 3);
  if (layout === 0) {
    lines.push(`Call ${pick(r, PEOPLE)} re:`);
    for (let i = 0; i < n; i++) lines.push(woLine());
    lines.push(phone(r, pick(r, [0, 1, 3])));
  } else if (layout === 1) {
    lines.push(pick(r, ["Pull boxes", "Lab results?", "Invoice these", "Report due"]));
    for (let i = 0; i < n; i++) lines.push(woLine());
    if (chance(r, 0.6)) lines.push(`by ${pick(r, ["Tue", "Fri", "Mon"])} ${time(r)}`);
  } else if (layout === 2) {
    for (let i = 0; i < n; i++) lines.push(woLine());
    lines.push(pick(r, [`${boring(r)} @ ${depth(r)}`, `${truck(r)}`, `${empId(r)}`, `${pr(r)}`]));
    if (chance(r, 0.5)) lines.push(time(r));
  } else {
    lines.push(`${pick(r, PEOPLE)} called ${time(r)}`);
    lines.push(phone(r, pick(r, [1, 2, 0])));
    for (let i = 0; i < n; i++) lines.push(woLine());
  }
  let size = uni(r, 95, 120);
  const maxW = W * 0.84;
  for (const l of lines) {
    const w = await handW(hf, l, size);
    if (w > maxW) size *= maxW / w;
  }
  const lead = Math.max(1.35, handScale(hf) * 1.25);
  size = Math.min(size, (H * 0.82) / (lines.length * lead));
  let y = (H - lines.length * size * lead) / 2 + size * 0.95;
  for (const l of lines) {
    body += hand(r, W * uni(r, 0.06, 0.1), y, size, l, hf, ink, { slope: uni(r, -2.5, 2.5) });
    y += size * lead;
  }
  if (chance(r, 0.3))
    body += `<path d="M ${W * 0.08} ${f1(y - size * 0.2)} q ${W * 0.4} ${f1(size * 0.3)} ${W * 0.7} -10" stroke="${ink}" stroke-width="5" fill="none" opacity="0.8"/>`;
  return {
    kind: "sticky",
    svg: svgDoc(W, H, defs, body),
    width: W,
    height: H,
    truth: [...new Set(truth)],
    font: hf.family,
    surface: "sticky",
  };
}

const MAKERS: Record<Kind, (r: Rand) => Promise<Scene>> = {
  notebook: notebookScene,
  letter: letterScene,
  register: registerScene,
  label: labelScene,
  form: formScene,
  sticky: stickyScene,
};

// ---------------------------------------------------------------------------------------------------------
// The photograph
type Pt = [number, number];
interface Raster {
  data: Uint8Array;
  width: number;
  height: number;
  channels: number;
}
async function raster(svgOrImg: string | Sharp, channels: 3 | 4): Promise<Raster> {
  const img = typeof svgOrImg === "string" ? sharp(Buffer.from(svgOrImg)) : svgOrImg;
  const base = channels === 4 ? img.ensureAlpha() : img.removeAlpha();
  const { data, info } = await base.raw().toBuffer({ resolveWithObject: true });
  return {
    data: new Uint8Array(data.buffer, data.byteOffset, data.length),
    width: info.width,
    height: info.height,
    channels: info.channels,
  };
}

/** What the page lies on. */
async function backgroundSvg(
  r: Rand,
  w: number,
  h: number,
  surface: Scene["surface"],
): Promise<{ svg: string; name: string }> {
  const seed = int(r, 1, 999);
  const kinds =
    surface === "cardboard"
      ? ["concrete", "shelf", "wood"]
      : surface === "sticky"
        ? ["wood", "grey desk", "dark desk", "document", "monitor"]
        : ["wood", "grey desk", "dark desk", "white table", "cutting mat"];
  const name = pick(r, kinds);
  const noise = (freq: [number, number], down: number, rgb: number[], a: number, b: number) =>
    texture(
      w,
      h,
      down,
      freq,
      3,
      seed,
      `0 0 0 0 ${rgb[0]}  0 0 0 0 ${rgb[1]}  0 0 0 0 ${rgb[2]}  ${a} 0 0 0 ${b}`,
    );
  const defs = "";
  let body = "";
  switch (name) {
    case "wood":
      body = `<rect width="${w}" height="${h}" fill="${pick(r, ["#a8774a", "#8e5e36", "#c29463", "#7a4f2c"])}"/>${await noise([0.004, 0.06], 4, [0.25, 0.14, 0.06], 0.9, -0.2)}`;
      break;
    case "grey desk":
      body = `<rect width="${w}" height="${h}" fill="${pick(r, ["#7d8084", "#8c8a86", "#6e7275"])}"/>${await noise([0.5, 0.5], 2, [0.2, 0.2, 0.2], 0.25, -0.05)}`;
      break;
    case "dark desk":
      body = `<rect width="${w}" height="${h}" fill="${pick(r, ["#2c2e31", "#3a3633", "#23262b"])}"/>${await noise([0.01, 0.01], 8, [0.05, 0.05, 0.06], 0.5, -0.1)}`;
      break;
    case "white table":
      body = `<rect width="${w}" height="${h}" fill="${pick(r, ["#d9d7d0", "#cfd1d2", "#e0ddd5"])}"/>${await noise([0.006, 0.006], 8, [0.5, 0.5, 0.48], 0.3, -0.08)}`;
      break;
    case "cutting mat": {
      body = `<rect width="${w}" height="${h}" fill="#2f5d50"/>`;
      const step = w / 24;
      for (let x = 0; x < w; x += step)
        body += `<line x1="${f1(x)}" x2="${f1(x)}" y1="0" y2="${h}" stroke="#cfe3da" stroke-opacity="0.35" stroke-width="2"/>`;
      for (let y = 0; y < h; y += step)
        body += `<line y1="${f1(y)}" y2="${f1(y)}" x1="0" x2="${w}" stroke="#cfe3da" stroke-opacity="0.35" stroke-width="2"/>`;
      break;
    }
    case "concrete":
      body = `<rect width="${w}" height="${h}" fill="#8e8b85"/>${await noise([0.02, 0.02], 8, [0.3, 0.3, 0.3], 0.45, -0.1)}`;
      break;
    case "shelf":
      body = `<rect width="${w}" height="${h}" fill="#3b4a5a"/><rect y="${f1(h * 0.45)}" width="${w}" height="${f1(h * 0.08)}" fill="#c96a1a"/>`;
      break;
    case "document": {
      // The note is stuck on a printed page: grey bars stand for unreadable text lines.
      body = `<rect width="${w}" height="${h}" fill="#eeeeea"/>`;
      for (let y = 40; y < h; y += 34) {
        let x = 40;
        while (x < w - 60) {
          const ww = uni(r, 30, 140);
          body += `<rect x="${f1(x)}" y="${y}" width="${f1(ww)}" height="12" fill="#9a9a9a" opacity="${f1(uni(r, 0.35, 0.6))}"/>`;
          x += ww + uni(r, 12, 20);
        }
      }
      break;
    }
    default:
      body = `<rect width="${w}" height="${h}" fill="#1b1c1e"/><rect x="${f1(w * 0.05)}" y="${f1(h * 0.05)}" width="${f1(w * 0.9)}" height="${f1(h * 0.9)}" fill="#30343a"/>`;
  }
  return { svg: svgDoc(w, h, defs, body), name };
}

/** The 3x3 projective map (h33 = 1) taking each `from` point to its `to` point. */
function homography(from: Pt[], to: Pt[]): number[] {
  const A: number[][] = [];
  for (let i = 0; i < 4; i++) {
    const [x, y] = from[i]!;
    const [u, v] = to[i]!;
    A.push([x, y, 1, 0, 0, 0, -u * x, -u * y, u]);
    A.push([0, 0, 0, x, y, 1, -v * x, -v * y, v]);
  }
  for (let c = 0; c < 8; c++) {
    let p = c;
    for (let k = c + 1; k < 8; k++) if (Math.abs(A[k]![c]!) > Math.abs(A[p]![c]!)) p = k;
    [A[c], A[p]] = [A[p]!, A[c]!];
    for (let k = 0; k < 8; k++) {
      if (k === c) continue;
      const f = A[k]![c]! / A[c]![c]!;
      for (let j = c; j < 9; j++) A[k]![j]! -= f * A[c]![j]!;
    }
  }
  return A.map((row, i) => row[8]! / row[i]!);
}

interface Photo {
  jpeg: Buffer;
  distortion: string;
}
async function photograph(scene: Scene, r: Rand): Promise<Photo> {
  const page = await raster(scene.svg, 4);
  const W = page.width;
  const H = page.height;
  const desc: string[] = [];
  // Camera: rotation 2-8 degrees either way (plus 180 for labels photographed upside down), perspective tilt.
  const rot = (chance(r, 0.5) ? 1 : -1) * uni(r, 2, 8);
  const turn = scene.upsideDown ? 180 : 0;
  const persp = scene.surface === "cardboard" ? uni(r, 0.03, 0.14) : uni(r, 0.02, 0.12);
  desc.push(`${turn ? "upside down, " : ""}rotated ${rot > 0 ? "+" : ""}${rot.toFixed(1)}°`);
  desc.push(`perspective ${persp.toFixed(2)}`);
  const kx = (r() - 0.5) * 2 * persp;
  const ky = (r() - 0.5) * 2 * persp;
  const j = () => (r() - 0.5) * persp * 0.3;
  const corners: Pt[] = [
    [-W / 2, -H / 2],
    [W / 2, -H / 2],
    [W / 2, H / 2],
    [-W / 2, H / 2],
  ];
  const th = ((rot + turn) * Math.PI) / 180;
  const dst: Pt[] = corners.map(([x, y]) => {
    // Keystone: the edge farther from the camera is shorter.
    const sx = 1 + ky * (y / (H / 2)) * 0.5;
    const sy = 1 + kx * (x / (W / 2)) * 0.5;
    const px = x * sx + j() * W;
    const py = y * sy + j() * H;
    return [px * Math.cos(th) - py * Math.sin(th), px * Math.sin(th) + py * Math.cos(th)];
  });
  const xs = dst.map((p) => p[0]);
  const ys = dst.map((p) => p[1]);
  const bw = Math.max(...xs) - Math.min(...xs);
  const bh = Math.max(...ys) - Math.min(...ys);
  const m = (lo: number, hi: number) => uni(r, lo, hi) * Math.max(bw, bh);
  const [mlo, mhi] =
    scene.surface === "sticky" ? [0.12, 0.3] : scene.surface === "cardboard" ? [-0.06, 0.0] : [0.025, 0.09];
  const ml = m(mlo, mhi);
  const mr = m(mlo, mhi);
  const mt = m(mlo, mhi);
  const mb = m(mlo, mhi);
  const finalW = int(r, 760, 820);
  const work = finalW * 2;
  const scale = work / (bw + ml + mr);
  const CW = work;
  const CH = Math.round((bh + mt + mb) * scale);
  const ox = ml - Math.min(...xs);
  const oy = mt - Math.min(...ys);
  const dstC: Pt[] = dst.map(([x, y]) => [(x + ox) * scale, (y + oy) * scale]);
  const hm = homography(dstC, [
    [0, 0],
    [W, 0],
    [W, H],
    [0, H],
  ]);
  const bg = await backgroundSvg(r, CW, CH, scene.surface);
  const back = await raster(bg.svg, 3);
  desc.push(`on ${bg.name}`);
  const bow = chance(r, 0.35) && scene.surface !== "sticky" ? uni(r, 0.004, 0.012) * H : 0;
  if (bow) desc.push("page bowed");
  // Soft shadow the page throws on the desk.
  const shDx = uni(r, -0.012, 0.012) * W;
  const shDy = uni(r, 0.004, 0.018) * H;
  const shSoft = uni(r, 0.01, 0.025) * W;
  const shStrength = uni(r, 0.25, 0.5);
  const out = new Uint8Array(CW * CH * 3);
  const pd = page.data;
  for (let y = 0; y < CH; y++) {
    for (let x = 0; x < CW; x++) {
      const w = hm[6]! * x + hm[7]! * y + 1;
      const u = (hm[0]! * x + hm[1]! * y + hm[2]!) / w;
      let v = (hm[3]! * x + hm[4]! * y + hm[5]!) / w;
      if (bow) v += bow * Math.sin((Math.PI * u) / W);
      const o = (y * CW + x) * 3;
      if (u >= 0 && v >= 0 && u < W - 1 && v < H - 1) {
        const x0 = Math.floor(u);
        const y0 = Math.floor(v);
        const fx = u - x0;
        const fy = v - y0;
        const i00 = (y0 * W + x0) * 4;
        const i10 = i00 + 4;
        const i01 = i00 + W * 4;
        const i11 = i01 + 4;
        const w00 = (1 - fx) * (1 - fy);
        const w10 = fx * (1 - fy);
        const w01 = (1 - fx) * fy;
        const w11 = fx * fy;
        const a = (pd[i00 + 3]! * w00 + pd[i10 + 3]! * w10 + pd[i01 + 3]! * w01 + pd[i11 + 3]! * w11) / 255;
        for (let c = 0; c < 3; c++) {
          const s = pd[i00 + c]! * w00 + pd[i10 + c]! * w10 + pd[i01 + c]! * w01 + pd[i11 + c]! * w11;
          out[o + c] = s * a + back.data[o + c]! * (1 - a) * 0.75;
        }
      } else {
        const su = u - shDx;
        const sv = v - shDy;
        const dx = Math.max(-su, su - W, 0);
        const dy = Math.max(-sv, sv - H, 0);
        const d = Math.sqrt(dx * dx + dy * dy);
        const f = 1 - shStrength * Math.exp(-d / shSoft);
        for (let c = 0; c < 3; c++) out[o + c] = back.data[o + c]! * f;
      }
    }
  }
  let img = sharp(Buffer.from(out), { raw: { width: CW, height: CH, channels: 3 } });
  const blur = chance(r, 0.55) ? uni(r, 0.3, 0.6) : 0;
  if (blur) {
    img = img.blur(blur * 2);
    desc.push(`blur ${blur.toFixed(1)}`);
  }
  const small = await raster(img.resize({ width: finalW }), 3);
  // Light: a gradient across the frame, maybe a soft shadow (a hand or a phone), a little vignetting or glare.
  const FW = small.width;
  const FH = small.height;
  const ga = r() * Math.PI * 2;
  const gStrength = uni(r, 0.12, 0.38);
  const exposure = uni(r, 0.86, 1.04);
  const shadow = chance(r, 0.65);
  const shA = r() * Math.PI * 2;
  const shOff = uni(r, 0.1, 0.35);
  const shDark = uni(r, 0.22, 0.42);
  const shSoftness = uni(r, 0.04, 0.12);
  const blob = chance(r, 0.4);
  const bcx = uni(r, -0.1, 1.1) * FW;
  const bcy = uni(r, -0.1, 1.1) * FH;
  const brx = uni(r, 0.25, 0.5) * FW;
  const bry = uni(r, 0.2, 0.45) * FH;
  const glare = chance(r, 0.25);
  const glx = uni(r, 0.2, 0.8) * FW;
  const gly = uni(r, 0.2, 0.8) * FH;
  const glr = uni(r, 0.12, 0.25) * FW;
  const glS = uni(r, 0.1, 0.25);
  desc.push(`light gradient ${gStrength.toFixed(2)}`);
  if (shadow) desc.push(blob ? "soft shadow blob" : "soft shadow edge");
  if (glare) desc.push("glare");
  const warm = chance(r, 0.55);
  const cs = uni(r, 0.4, 1);
  const cast = warm ? [1.0, 1 - 0.05 * cs, 1 - 0.16 * cs] : [1 - 0.1 * cs, 1 - 0.03 * cs, 1.0 + 0.02 * cs];
  desc.push(`${warm ? "warm" : "cool"} cast ${cs.toFixed(1)}`);
  const sigL = uni(r, 2.5, 7);
  const sigC = uni(r, 1, 3.5);
  desc.push(`noise σ${sigL.toFixed(1)}`);
  const gauss = () => Math.sqrt(-2 * Math.log(r() || 1e-9)) * Math.cos(2 * Math.PI * r());
  const diag = Math.hypot(FW, FH);
  const ca = Math.cos(ga);
  const sa = Math.sin(ga);
  const nx = Math.cos(shA);
  const ny = Math.sin(shA);
  for (let y = 0; y < FH; y++) {
    for (let x = 0; x < FW; x++) {
      const px = x - FW / 2;
      const py = y - FH / 2;
      let L = exposure * (1 - gStrength * (0.5 + ((px * ca + py * sa) / diag) * 1.1));
      const vig = (px * px) / (FW * FW) + (py * py) / (FH * FH);
      L *= 1 - 0.25 * vig;
      if (shadow) {
        let t: number;
        if (blob) {
          const e = Math.hypot((x - bcx) / brx, (y - bcy) / bry);
          t = 1 / (1 + Math.exp((e - 1) / (shSoftness * 2.5)));
        } else {
          const d = (px * nx + py * ny) / diag - shOff;
          t = 1 / (1 + Math.exp(-d / shSoftness));
        }
        L *= 1 - shDark * t;
      }
      let add = 0;
      if (glare) {
        const gd = Math.hypot(x - glx, y - gly) / glr;
        add = glS * Math.exp(-gd * gd) * 255;
      }
      const n = gauss() * sigL;
      const o = (y * FW + x) * 3;
      for (let c = 0; c < 3; c++) {
        const v = small.data[o + c]! * L * cast[c]! + add + n + gauss() * sigC;
        small.data[o + c] = Math.max(0, Math.min(255, v));
      }
    }
  }
  const q = int(r, 25, 55);
  desc.push(`JPEG q${q}`, `${FW}x${FH}`);
  const jpeg = await sharp(Buffer.from(small.data), { raw: { width: FW, height: FH, channels: 3 } })
    .jpeg({ quality: q })
    .toBuffer();
  return { jpeg, distortion: desc.join(", ") };
}

/** JSON laid out as the repo's formatter (biome, line width 110) would lay it out, so the file stays lint-clean. */
function manifestJson(images: PhotoImage[]): string {
  const entry = (e: PhotoImage) => {
    const fields = Object.entries(e).map(([k, v]) => {
      if (!Array.isArray(v)) return `    ${JSON.stringify(k)}: ${JSON.stringify(v)}`;
      const inline = `    ${JSON.stringify(k)}: [${v.map((x) => JSON.stringify(x)).join(", ")}]`;
      if (inline.length + 1 <= 110) return inline;
      return `    ${JSON.stringify(k)}: [\n${v.map((x) => `      ${JSON.stringify(x)}`).join(",\n")}\n    ]`;
    });
    return `  {\n${fields.join(",\n")}\n  }`;
  };
  return `[\n${images.map(entry).join(",\n")}\n]\n`;
}

// ---------------------------------------------------------------------------------------------------------
export async function generatePhotoSet(): Promise<PhotoImage[]> {
  checkFonts();
  await initHands();
  rmSync(PHOTO_DIR, { recursive: true, force: true });
  mkdirSync(PHOTO_DIR, { recursive: true });
  const out: PhotoImage[] = [];
  for (const split of ["dev", "test"] as const) {
    const r = rng(SEEDS[split]);
    let i = 0;
    for (let round = 0; round < PER_KIND; round++) {
      for (const kind of KINDS) {
        i++;
        const scene = await MAKERS[kind](r);
        if (!scene.truth.length) throw new Error(`${split} ${kind}: no work order`);
        const drawn = (t: string) =>
          new RegExp(`(?<![0-9A-Za-z-])${t.replace(/[()]/g, "\\$&")}(?![0-9])`).test(scene.svg);
        const lost = scene.truth.filter((t) => !drawn(t));
        if (lost.length) throw new Error(`${split} ${kind}: truth not drawn: ${lost.join(", ")}`);
        const { jpeg, distortion } = await photograph(scene, r);
        const file = `${split}-${pad(i)}-${kind}.jpg`;
        writeFileSync(join(PHOTO_DIR, file), jpeg);
        out.push({ file, split, kind, truth: scene.truth, font: scene.font, distortion });
        process.stdout.write(`${file} ${Math.round(jpeg.length / 1024)} KB  ${scene.truth.join(" ")}\n`);
      }
    }
  }
  writeFileSync(join(PHOTO_DIR, "manifest.json"), manifestJson(out));
  return out;
}

if (import.meta.main) {
  const set = await generatePhotoSet();
  console.log(`${set.length} images written to ${PHOTO_DIR}`);
}
