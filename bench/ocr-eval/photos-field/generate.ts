/**
 * Field photo set (held out): phone-camera style photographs of geotechnical paperwork.
 *
 * Run: bun run bench/ocr-eval/photos-field/generate.ts
 *
 * Every page is drawn as SVG (text in installed fonts, ruled lines, boxes, stains), rasterised with sharp/librsvg,
 * then "photographed": laid on a background, rotated, tilted in perspective, lit unevenly, shadowed, colour cast,
 * blurred (some), given sensor noise and saved as a low-quality JPEG. All randomness comes from a seeded PRNG, so a
 * rerun with the same fonts installed gives byte-identical files. The generator stops if a font is missing instead
 * of letting librsvg silently substitute another one.
 *
 * This file was written without looking at the recogniser; it knows only the manifest format.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";

const HERE = import.meta.dir;
const OUT_DIR = join(HERE, "images");
const PER_KIND = 5;
const KINDS = ["notebook", "letter", "register", "label", "form", "sticky"] as const;
type Kind = (typeof KINDS)[number];
const SPLIT_SEEDS: Record<string, string> = {
  dev: "photos-field/dev/2026-a",
  test: "photos-field/test/2026-b",
};
const SS = 2; // supersampling factor of the working frame

sharp.cache(false);

// ---------------------------------------------------------------------------------------------------------------
// Seeded randomness
// ---------------------------------------------------------------------------------------------------------------

function hashStr(s: string): number {
  let h = 2166136261 >>> 0;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 16777619) >>> 0;
  }
  h ^= h >>> 13;
  h = Math.imul(h, 0x5bd1e995) >>> 0;
  h ^= h >>> 15;
  return h >>> 0;
}

class Rng {
  private s: number;
  private spare: number | null = null;
  constructor(seed: number) {
    this.s = seed >>> 0;
  }
  next(): number {
    this.s = (this.s + 0x6d2b79f5) >>> 0;
    let t = this.s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  range(a: number, b: number): number {
    return a + (b - a) * this.next();
  }
  int(a: number, b: number): number {
    return a + Math.floor(this.next() * (b - a + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  sign(): number {
    return this.next() < 0.5 ? -1 : 1;
  }
  pick<T>(arr: readonly T[]): T {
    return arr[Math.floor(this.next() * arr.length)] as T;
  }
  weighted<T>(items: readonly [T, number][]): T {
    let total = 0;
    for (const [, w] of items) total += w;
    let r = this.next() * total;
    for (const [v, w] of items) {
      r -= w;
      if (r < 0) return v;
    }
    return items[items.length - 1]![0];
  }
  gauss(): number {
    if (this.spare !== null) {
      const v = this.spare;
      this.spare = null;
      return v;
    }
    const u1 = 1 - this.next();
    const u2 = this.next();
    const r = Math.sqrt(-2 * Math.log(u1));
    this.spare = r * Math.sin(2 * Math.PI * u2);
    return r * Math.cos(2 * Math.PI * u2);
  }
  shuffle<T>(arr: readonly T[]): T[] {
    const a = arr.slice();
    for (let i = a.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [a[i], a[j]] = [a[j] as T, a[i] as T];
    }
    return a;
  }
  fork(label: string): Rng {
    return new Rng(hashStr(label) ^ Math.floor(this.next() * 4294967296));
  }
  seed(): number {
    return Math.floor(this.next() * 100000);
  }
}

const clamp = (v: number, a: number, b: number) => (v < a ? a : Math.min(v, b));
const f1 = (n: number) => (Math.round(n * 10) / 10).toString();
const f2 = (n: number) => (Math.round(n * 100) / 100).toString();
const pad2 = (n: number) => (n < 10 ? `0${n}` : `${n}`);
const esc = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

// ---------------------------------------------------------------------------------------------------------------
// Fonts: fc-list check, metrics read straight from the font files
// ---------------------------------------------------------------------------------------------------------------

/** family -> Debian package. Handwriting/marker first, then typed. */
const FONT_PACKAGES: [string, string, "hand" | "typed"][] = [
  ["Rufscript", "fonts-rufscript", "hand"],
  ["Delphine", "fonts-sjfonts", "hand"],
  ["Steve", "fonts-sjfonts", "hand"],
  ["Yusei Magic", "fonts-yusei-magic", "hand"],
  ["Dancing Script", "fonts-dancingscript", "hand"],
  ["Cabin Sketch", "fonts-cabinsketch", "hand"],
  ["Purisa", "fonts-tlwg-purisa-otf", "hand"],
  ["kiloji", "fonts-kiloji", "hand"],
  ["SetoFont", "fonts-seto", "hand"],
  ["Roboto", "fonts-roboto-unhinted", "typed"],
  ["Roboto Condensed", "fonts-roboto-unhinted", "typed"],
  ["Open Sans", "fonts-open-sans", "typed"],
  ["Lato", "fonts-lato", "typed"],
  ["TeX Gyre Termes", "fonts-texgyre", "typed"],
  ["TeX Gyre Heros", "fonts-texgyre", "typed"],
  ["TeX Gyre Cursor", "fonts-texgyre", "typed"],
  ["TeX Gyre Pagella", "fonts-texgyre", "typed"],
  ["Noto Serif", "fonts-noto-core", "typed"],
  ["Noto Sans", "fonts-noto-core", "typed"],
  ["Charis SIL", "fonts-sil-charis", "typed"],
];
/** A readable name for the manifest (fontconfig calls Steve's face "Steve:style=Hand"). */
const DISPLAY: Record<string, string> = { Steve: "Steve Hand", SetoFont: "Seto Font", kiloji: "Kiloji" };
const disp = (f: Font) => DISPLAY[f.family] ?? f.family;

class Font {
  readonly adv = new Map<number, number>(); // advance in em
  capH = 0.7; // height of capitals/digits in em
  constructor(
    readonly family: string,
    readonly file: string,
  ) {
    this.parse();
  }
  private parse() {
    const buf = readFileSync(this.file);
    const dv = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
    let base = 0;
    if (dv.getUint32(0) === 0x74746366) base = dv.getUint32(12);
    const n = dv.getUint16(base + 4);
    const tables: Record<string, number> = {};
    for (let i = 0; i < n; i++) {
      const r = base + 12 + 16 * i;
      const tag = String.fromCharCode(buf[r]!, buf[r + 1]!, buf[r + 2]!, buf[r + 3]!);
      tables[tag] = dv.getUint32(r + 8);
    }
    const head = tables.head!;
    const upm = dv.getUint16(head + 18);
    const locFmt = dv.getInt16(head + 50);
    const nhm = dv.getUint16(tables.hhea! + 34);
    const hmtx = tables.hmtx!;
    const advOf = (g: number) => dv.getUint16(hmtx + 4 * Math.min(g, nhm - 1)) / upm;
    const cmap = tables.cmap!;
    const nt = dv.getUint16(cmap + 2);
    let sub4 = -1;
    let sub12 = -1;
    for (let i = 0; i < nt; i++) {
      const pid = dv.getUint16(cmap + 4 + 8 * i);
      const eid = dv.getUint16(cmap + 6 + 8 * i);
      const off = cmap + dv.getUint32(cmap + 8 + 8 * i);
      const fmt = dv.getUint16(off);
      if (fmt === 12 && ((pid === 3 && eid === 10) || pid === 0)) sub12 = off;
      if (fmt === 4 && ((pid === 3 && (eid === 1 || eid === 0)) || pid === 0)) sub4 = off;
    }
    const glyphOf = (cp: number): number => {
      if (sub12 >= 0) {
        const ng = dv.getUint32(sub12 + 12);
        for (let g = 0; g < ng; g++) {
          const s = dv.getUint32(sub12 + 16 + 12 * g);
          const e = dv.getUint32(sub12 + 20 + 12 * g);
          if (cp >= s && cp <= e) return dv.getUint32(sub12 + 24 + 12 * g) + cp - s;
        }
        return 0;
      }
      if (sub4 >= 0) {
        const segX2 = dv.getUint16(sub4 + 6);
        const endC = sub4 + 14;
        const startC = endC + segX2 + 2;
        const idDelta = startC + segX2;
        const idRO = idDelta + segX2;
        for (let i = 0; i < segX2 / 2; i++) {
          const end = dv.getUint16(endC + 2 * i);
          if (cp > end) continue;
          const start = dv.getUint16(startC + 2 * i);
          if (cp < start) return 0;
          const delta = dv.getUint16(idDelta + 2 * i);
          const ro = dv.getUint16(idRO + 2 * i);
          if (ro === 0) return (cp + delta) & 0xffff;
          const g = dv.getUint16(idRO + 2 * i + ro + 2 * (cp - start));
          return g === 0 ? 0 : (g + delta) & 0xffff;
        }
      }
      return 0;
    };
    const cps: number[] = [];
    for (let c = 32; c < 127; c++) cps.push(c);
    for (const ch of "°–—½¼¾·éāōūʻ’") cps.push(ch.codePointAt(0)!);
    for (const cp of cps) {
      const g = glyphOf(cp);
      if (g > 0 || cp === 32) this.adv.set(cp, advOf(g));
    }
    // Height of digits and capitals, from the glyf bounding boxes where the font has them, else OS/2.
    const hs: number[] = [];
    if (tables.glyf !== undefined && tables.loca !== undefined) {
      const loca = tables.loca;
      const glyf = tables.glyf;
      for (const ch of "0478HE") {
        const g = glyphOf(ch.charCodeAt(0));
        if (g <= 0) continue;
        const o = locFmt === 0 ? dv.getUint16(loca + 2 * g) * 2 : dv.getUint32(loca + 4 * g);
        const o2 = locFmt === 0 ? dv.getUint16(loca + 2 * g + 2) * 2 : dv.getUint32(loca + 4 * g + 4);
        if (o2 > o) hs.push(dv.getInt16(glyf + o + 8) / upm);
      }
    }
    if (hs.length > 0) this.capH = hs.reduce((a, b) => a + b, 0) / hs.length;
    else if (tables["OS/2"] !== undefined) {
      const os2 = tables["OS/2"];
      const ver = dv.getUint16(os2);
      const ch = ver >= 2 ? dv.getInt16(os2 + 88) / upm : 0;
      if (ch > 0.3 && ch < 1.2) this.capH = ch;
    }
  }
  has(ch: string): boolean {
    return this.adv.has(ch.codePointAt(0)!);
  }
  /** width in em; throws on a character the font does not have (it would silently fall back in librsvg). */
  measure(s: string): number {
    let w = 0;
    for (const ch of s) {
      const a = this.adv.get(ch.codePointAt(0)!);
      if (a === undefined)
        throw new Error(`font ${this.family} has no glyph for ${JSON.stringify(ch)} in ${JSON.stringify(s)}`);
      w += a;
    }
    return w;
  }
  /** Replace characters the font lacks with plain ASCII stand-ins. */
  fit(s: string): string {
    const alt: Record<string, string> = {
      "–": "-",
      "—": "-",
      "°": " deg",
      "½": ".5",
      "·": "-",
      "’": "'",
      "@": "at",
      "#": "No.",
      "&": "+",
      "~": "-",
      "→": "->",
    };
    let out = "";
    for (const ch of s) out += this.has(ch) ? ch : (alt[ch] ?? ch);
    this.measure(out);
    return out;
  }
}

const FONTS = new Map<string, Font>();
/** Extra letter spacing for hands whose digits otherwise run into each other. */
const TRACK_EXTRA: Record<string, number> = { Delphine: 0.1, "Dancing Script": 0.1, Steve: 0.04 };
/** Hands whose digits are hard to tell apart are written larger than asked. */
const HAND_SCALE: Record<string, number> = { Delphine: 1.25 };
/** Script faces are slanted already. */
const SLANT_MAX: Record<string, number> = { "Dancing Script": 3, Delphine: 6 };
async function loadFonts() {
  // FONTS.txt (the install list) must name exactly the packages this generator uses
  const listedPkgs = readFileSync(join(HERE, "FONTS.txt"), "utf8")
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith("#"));
  const usedPkgs = [...new Set(FONT_PACKAGES.map(([, p]) => p))];
  if (usedPkgs.some((p) => !listedPkgs.includes(p)) || listedPkgs.some((p) => !usedPkgs.includes(p)))
    throw new Error(
      `FONTS.txt (${listedPkgs.join(" ")}) does not match the fonts used (${usedPkgs.join(" ")})`,
    );
  const listed = new Set<string>();
  const out = execFileSync("fc-list", [":", "family"], { encoding: "utf8" });
  for (const line of out.split("\n"))
    for (const name of line.split(",")) if (name.trim()) listed.add(name.trim().replace(/\\-/g, "-"));
  const missing = FONT_PACKAGES.filter(([fam]) => !listed.has(fam));
  if (missing.length > 0) {
    const pkgs = [...new Set(missing.map(([, p]) => p))].join(" ");
    throw new Error(
      `missing fonts: ${missing.map(([f]) => f).join(", ")}. Install them (apt-get install -y ${pkgs}) ` +
        "or see FONTS.txt; librsvg would silently substitute another font.",
    );
  }
  for (const [fam] of FONT_PACKAGES) {
    const res = execFileSync("fc-match", ["-f", "%{family}\n%{file}", `${fam}:style=Regular`], {
      encoding: "utf8",
    }).split("\n");
    const fams = (res[0] ?? "").split(",").map((s) => s.trim().replace(/\\-/g, "-"));
    if (!fams.includes(fam)) throw new Error(`fc-match does not resolve ${fam} (got ${res[0]})`);
    FONTS.set(fam, new Font(fam, res[1]!.trim()));
  }
  // Work orders are digits, and some hands draw digits much smaller than capitals (Purisa): size all writing by the
  // rendered height of its digits, measured here once per font.
  const fams = [...FONTS.keys()];
  const cw = 150;
  const chh = 220;
  const sz = 100;
  let body = "";
  fams.forEach((fam, r) => {
    for (let d = 0; d < 10; d++)
      body += `<text x="${d * cw + 30}" y="${r * chh + 150}" font-family="'${fam}'" font-size="${sz}" fill="#000">${d}</text>`;
  });
  const W = cw * 10;
  const H = chh * fams.length;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><rect width="${W}" height="${H}" fill="#fff"/>${body}</svg>`;
  const px = await sharp(Buffer.from(svg)).greyscale().raw().toBuffer();
  fams.forEach((fam, r) => {
    let tot = 0;
    for (let d = 0; d < 10; d++) {
      let top = -1;
      let bot = -1;
      for (let y = r * chh; y < (r + 1) * chh; y++) {
        let ink = false;
        for (let x = d * cw; x < (d + 1) * cw; x++) if (px[y * W + x]! < 128) ink = true;
        if (ink) {
          if (top < 0) top = y;
          bot = y;
        }
      }
      if (top < 0) throw new Error(`font ${fam} draws no digit ${d}`);
      tot += (bot - top + 1) / sz;
    }
    FONTS.get(fam)!.capH = tot / 10;
  });
}
const font = (fam: string) => {
  const f = FONTS.get(fam);
  if (!f) throw new Error(`font not loaded: ${fam}`);
  return f;
};
const HAND_FONTS = () => FONT_PACKAGES.filter(([, , t]) => t === "hand").map(([f]) => f);
const TYPED_SERIF = ["TeX Gyre Termes", "TeX Gyre Pagella", "Noto Serif", "Charis SIL"];
const TYPED_SANS = ["Roboto", "Open Sans", "Lato", "TeX Gyre Heros", "Noto Sans"];
const TYPED_NARROW = ["Roboto Condensed", "Roboto", "Lato", "TeX Gyre Heros", "Noto Sans"];
/** Fonts that read like a felt marker on cardboard. */
const MARKER_FONTS = ["Yusei Magic", "Cabin Sketch", "Rufscript", "Steve", "Purisa", "SetoFont", "kiloji"];

// ---------------------------------------------------------------------------------------------------------------
// Drawing: an SVG under construction, typed text, handwriting
// ---------------------------------------------------------------------------------------------------------------

class Svg {
  defs: string[] = [];
  body: string[] = [];
  texts: string[] = []; // every string drawn, for the truth check
  labelled: string[] = []; // values written in a box or field with a printed work-order caption (Job No.)
  private n = 0;
  constructor(
    readonly w: number,
    readonly h: number,
  ) {}
  id(p: string) {
    this.n += 1;
    return `${p}${this.n}`;
  }
  add(s: string) {
    this.body.push(s);
  }
  toString(outW = this.w, outH = this.h) {
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${outW}" height="${outH}" viewBox="0 0 ${this.w} ${this.h}"><defs>${this.defs.join("")}</defs>${this.body.join("\n")}</svg>`;
  }
  blurFilter(sd: number): string {
    const id = this.id("b");
    this.defs.push(
      `<filter id="${id}" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${f2(sd)}"/></filter>`,
    );
    return id;
  }
}

interface TypedOpts {
  weight?: "bold" | "normal";
  anchor?: "start" | "middle" | "end";
  fill?: string;
  italic?: boolean;
  opacity?: number;
  spacing?: number;
}
function typedWidth(f: Font, size: number, s: string, o: TypedOpts = {}) {
  return f.measure(s) * size * (o.weight === "bold" ? 1.06 : 1) + (o.spacing ?? 0) * [...s].length;
}
function typed(
  svg: Svg,
  f: Font,
  size: number,
  x: number,
  y: number,
  text: string,
  o: TypedOpts = {},
): number {
  const s = f.fit(text);
  svg.texts.push(s);
  const attrs = [
    `x="${f1(x)}"`,
    `y="${f1(y)}"`,
    `font-family="'${f.family}'"`,
    `font-size="${f1(size)}"`,
    `fill="${o.fill ?? "#1b1b1b"}"`,
  ];
  if (o.weight === "bold") attrs.push(`font-weight="bold"`);
  if (o.anchor && o.anchor !== "start") attrs.push(`text-anchor="${o.anchor}"`);
  if (o.italic) attrs.push(`font-style="italic"`);
  if (o.opacity !== undefined) attrs.push(`fill-opacity="${f2(o.opacity)}"`);
  if (o.spacing) attrs.push(`letter-spacing="${f2(o.spacing)}"`);
  svg.add(`<text ${attrs.join(" ")} xml:space="preserve">${esc(s)}</text>`);
  return typedWidth(f, size, s, o);
}

type Tool = "pen" | "marker" | "pencil" | "felt";
interface Hand {
  font: Font;
  color: string;
  ink: string;
  tool: Tool;
  opacity: number;
  weight: number; // stroke width in em
  slant: number;
  rotJ: number;
  yJ: number;
  sizeJ: number;
  spaceJ: number;
  track: number;
  wordGap: number;
  filter?: string;
}
const INKS: Record<string, string[]> = {
  blue: ["#1d3a8f", "#243f99", "#1a2e78", "#2b4cae", "#1f3f86"],
  black: ["#18181c", "#222226", "#29292e", "#1d1f24"],
  red: ["#b0251f", "#a31f28", "#b8322a"],
  pencil: ["#3f4248", "#45484e", "#3a3d44"],
  green: ["#1d6a3a", "#23653f"],
};
function makeHand(rng: Rng, svg: Svg, f: Font, ink: string, tool: Tool): Hand {
  const color = rng.pick(INKS[ink]!);
  const h: Hand = {
    font: f,
    color,
    ink,
    tool,
    opacity: tool === "pencil" ? rng.range(0.82, 0.92) : rng.range(0.86, 0.97),
    weight:
      tool === "marker"
        ? rng.range(0.035, 0.07)
        : tool === "felt"
          ? rng.range(0.02, 0.04)
          : tool === "pencil"
            ? rng.range(0.008, 0.02)
            : rng.range(0.005, 0.03),
    slant: rng.range(-5, SLANT_MAX[f.family] ?? 13),
    rotJ: tool === "marker" ? rng.range(3, 6) : rng.range(1.8, 5),
    yJ: tool === "marker" ? rng.range(0.03, 0.06) : rng.range(0.015, 0.045),
    sizeJ: tool === "marker" ? rng.range(0.05, 0.1) : rng.range(0.03, 0.08),
    spaceJ: rng.range(0.03, 0.09),
    track: rng.range(-0.02, 0.09) + (TRACK_EXTRA[f.family] ?? 0),
    wordGap: rng.range(0.9, 1.7),
  };
  if (tool === "pencil") {
    const id = svg.id("g");
    svg.defs.push(
      `<filter id="${id}" x="-5%" y="-10%" width="110%" height="120%"><feTurbulence type="fractalNoise" baseFrequency="0.9" numOctaves="1" seed="${rng.seed()}" result="n"/><feColorMatrix in="n" type="matrix" values="0 0 0 0 0  0 0 0 0 0  0 0 0 0 0  0 0 0 -1.6 1.65" result="a"/><feComposite in="SourceGraphic" in2="a" operator="in"/></filter>`,
    );
    h.filter = id;
  } else if (tool === "marker") {
    h.filter = svg.blurFilter(rng.range(0.4, 0.9));
  }
  return h;
}
/** A hand used only to measure text (widest usual tracking). */
function makeHandProbe(f: Font): Hand {
  return {
    font: f,
    color: "#000",
    ink: "black",
    tool: "pen",
    opacity: 1,
    weight: 0,
    slant: 0,
    rotJ: 0,
    yJ: 0,
    sizeJ: 0,
    spaceJ: 0,
    track: 0.09,
    wordGap: 1.7,
  };
}
interface HandResult {
  w: number;
  xs: number[]; // x of each character start
  x1: number;
  y: number;
  cap: number;
}
/** Estimated width of handwriting (cap = height of capitals in px). */
function handWidth(h: Hand, cap: number, text: string): number {
  const size = (cap / h.font.capH) * (HAND_SCALE[h.font.family] ?? 1);
  let w = 0;
  for (const ch of text)
    w += (h.font.adv.get(ch.codePointAt(0)!) ?? 0.5) * size * (ch === " " ? h.wordGap : 1 + h.track);
  return w;
}
/** Writes one line of handwriting, one glyph at a time with jitter. */
function hand(
  rng: Rng,
  svg: Svg,
  h: Hand,
  x: number,
  y: number,
  cap: number,
  text: string,
  slopeDeg = 0,
): HandResult {
  const s = h.font.fit(text);
  svg.texts.push(s);
  const size = (cap / h.font.capH) * (HAND_SCALE[h.font.family] ?? 1);
  const tan = Math.tan((slopeDeg * Math.PI) / 180);
  const parts: string[] = [];
  const xs: number[] = [];
  let cx = x;
  let drift = 0;
  for (const ch of s) {
    xs.push(cx);
    const a = h.font.adv.get(ch.codePointAt(0)!)!;
    if (ch === " ") {
      cx += a * size * h.wordGap * rng.range(0.75, 1.3);
      drift += rng.gauss() * 0.03 * size;
      continue;
    }
    drift = drift * 0.75 + rng.gauss() * 0.025 * size;
    const sz = size * (1 + h.sizeJ * clamp(rng.gauss(), -2.2, 2.2));
    const rot = h.rotJ * clamp(rng.gauss(), -2.2, 2.2);
    const dy = h.yJ * size * clamp(rng.gauss(), -2.5, 2.5) + drift;
    const yy = y + (cx - x) * tan + dy;
    const op = h.tool === "pencil" ? rng.range(0.82, 1) : rng.range(0.88, 1);
    parts.push(
      `<text transform="translate(${f1(cx)},${f1(yy)}) rotate(${f1(rot)}) skewX(${f1(-h.slant)})" font-size="${f1(sz)}" fill-opacity="${f2(op)}">${esc(ch)}</text>`,
    );
    cx += a * sz * (1 + h.track + h.spaceJ * clamp(rng.gauss(), -2, 2));
  }
  const sw = h.weight * size;
  svg.add(
    `<g font-family="'${h.font.family}'" fill="${h.color}" stroke="${h.color}" stroke-width="${f2(sw)}" stroke-linejoin="round" opacity="${f2(h.opacity)}"${h.filter ? ` filter="url(#${h.filter})"` : ""}>${parts.join("")}</g>`,
  );
  return { w: cx - x, xs, x1: cx, y, cap };
}
/** A hand-drawn wobbly line (underline, box edge, signature line). */
function wobblyLine(rng: Rng, x0: number, y0: number, x1: number, y1: number, amp: number): string {
  const n = Math.max(3, Math.round(Math.hypot(x1 - x0, y1 - y0) / 40));
  let d = `M${f1(x0)},${f1(y0)}`;
  for (let i = 1; i <= n; i++) {
    const t = i / n;
    d += ` L${f1(x0 + (x1 - x0) * t + rng.gauss() * amp * 0.3)},${f1(y0 + (y1 - y0) * t + rng.gauss() * amp)}`;
  }
  return d;
}
/** A scribbled signature: a name in a script font, large and loose, plus a flourish. */
function signature(
  rng: Rng,
  svg: Svg,
  f: Font,
  x: number,
  y: number,
  cap: number,
  name: string,
  ink = "blue",
) {
  const h = makeHand(rng, svg, f, ink, "pen");
  h.slant = rng.range(8, 20);
  h.track = rng.range(-0.08, 0.02);
  h.rotJ = 6;
  h.yJ = 0.07;
  const r = hand(rng, svg, h, x, y, cap, name, rng.range(-6, 2));
  const d = `M${f1(x + r.w * 0.1)},${f1(y + cap * 0.35)} Q${f1(x + r.w * 0.5)},${f1(y + cap * rng.range(0.5, 1))} ${f1(x + r.w * rng.range(0.9, 1.2))},${f1(y + cap * rng.range(-0.2, 0.3))}`;
  svg.add(
    `<path d="${d}" fill="none" stroke="${h.color}" stroke-width="${f1(cap * 0.06)}" opacity="0.85" stroke-linecap="round"/>`,
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Paper, stains, textures
// ---------------------------------------------------------------------------------------------------------------

function noiseLayer(
  rng: Rng,
  svg: Svg,
  freq: string,
  octaves: number,
  rgb: [number, number, number],
  a: number,
  b: number,
  x = 0,
  y = 0,
  w = svg.w,
  h = svg.h,
  clip?: string,
) {
  const id = svg.id("t");
  const [r, g, bb] = rgb.map((v) => f2(v / 255));
  svg.defs.push(
    `<filter id="${id}" filterUnits="userSpaceOnUse" x="${x}" y="${y}" width="${w}" height="${h}"><feTurbulence type="fractalNoise" baseFrequency="${freq}" numOctaves="${octaves}" seed="${rng.seed()}"/><feColorMatrix type="matrix" values="0 0 0 0 ${r}  0 0 0 0 ${g}  0 0 0 0 ${bb}  ${f2(a)} 0 0 0 ${f2(b)}"/></filter>`,
  );
  svg.add(
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" filter="url(#${id})"${clip ? ` clip-path="url(#${clip})"` : ""}/>`,
  );
}
/** Plain paper with fibres and mottling. */
function paperBase(rng: Rng, svg: Svg, color: string, clip?: string) {
  svg.add(
    `<rect width="${svg.w}" height="${svg.h}" fill="${color}"${clip ? ` clip-path="url(#${clip})"` : ""}/>`,
  );
  noiseLayer(rng, svg, "0.012", 3, [120, 100, 70], 0.2, -0.07, 0, 0, svg.w, svg.h, clip);
  noiseLayer(rng, svg, "0.7", 2, [90, 85, 80], 0.5, -0.2, 0, 0, svg.w, svg.h, clip);
}
function stains(rng: Rng, svg: Svg, n: number) {
  for (let i = 0; i < n; i++) {
    const t = rng.pick(["ring", "ring", "blot", "smudge", "dirt"]);
    const x = rng.range(0.05, 0.95) * svg.w;
    const y = rng.range(0.05, 0.95) * svg.h;
    if (t === "ring") {
      const r = rng.range(0.05, 0.09) * Math.min(svg.w, svg.h) + 40;
      const bl = svg.blurFilter(rng.range(1.5, 4));
      const dash = rng.chance(0.5)
        ? ` stroke-dasharray="${f1(r * rng.range(2, 4))} ${f1(r * rng.range(0.3, 1.5))}"`
        : "";
      svg.add(
        `<circle cx="${f1(x)}" cy="${f1(y)}" r="${f1(r)}" fill="#9a6a35" fill-opacity="${f2(rng.range(0.03, 0.08))}" stroke="#6e4219" stroke-opacity="${f2(rng.range(0.12, 0.28))}" stroke-width="${f1(rng.range(3, 9))}"${dash} filter="url(#${bl})"/>`,
      );
    } else if (t === "blot") {
      const bl = svg.blurFilter(rng.range(6, 16));
      const pts: string[] = [];
      const r = rng.range(30, 110);
      for (let k = 0; k < 9; k++) {
        const a = (k / 9) * Math.PI * 2;
        const rr = r * rng.range(0.6, 1.3);
        pts.push(`${f1(x + Math.cos(a) * rr)},${f1(y + Math.sin(a) * rr)}`);
      }
      svg.add(
        `<polygon points="${pts.join(" ")}" fill="${rng.pick(["#8d6b3f", "#7d7a60", "#9b8055"])}" fill-opacity="${f2(rng.range(0.07, 0.16))}" filter="url(#${bl})"/>`,
      );
    } else if (t === "smudge") {
      const bl = svg.blurFilter(rng.range(8, 20));
      svg.add(
        `<ellipse cx="${f1(x)}" cy="${f1(y)}" rx="${f1(rng.range(40, 140))}" ry="${f1(rng.range(15, 50))}" transform="rotate(${f1(rng.range(0, 180))} ${f1(x)} ${f1(y)})" fill="#3a3a3a" fill-opacity="${f2(rng.range(0.04, 0.09))}" filter="url(#${bl})"/>`,
      );
    } else {
      const bl = svg.blurFilter(rng.range(1, 3));
      for (let k = 0; k < rng.int(4, 10); k++)
        svg.add(
          `<circle cx="${f1(x + rng.gauss() * 30)}" cy="${f1(y + rng.gauss() * 30)}" r="${f1(rng.range(2, 7))}" fill="#5b4a33" fill-opacity="${f2(rng.range(0.1, 0.3))}" filter="url(#${bl})"/>`,
        );
    }
  }
}
/** Fold creases of a letter folded in thirds, or once. */
function creases(rng: Rng, svg: Svg, ys: number[]) {
  for (const y of ys) {
    const yy = y + rng.gauss() * 6;
    const sl = rng.gauss() * 4;
    const bl = svg.blurFilter(2.5);
    svg.add(
      `<path d="M0,${f1(yy)} L${svg.w},${f1(yy + sl)}" stroke="#000" stroke-opacity="0.12" stroke-width="3" filter="url(#${bl})"/>`,
    );
    svg.add(
      `<path d="M0,${f1(yy + 4)} L${svg.w},${f1(yy + 4 + sl)}" stroke="#fff" stroke-opacity="0.35" stroke-width="5" filter="url(#${bl})"/>`,
    );
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Content: work orders and the numbers that are not work orders
// ---------------------------------------------------------------------------------------------------------------

function woBase(rng: Rng): string {
  let a: number;
  do a = rng.int(1000, 9899);
  while (a >= 1950 && a <= 2035);
  const b = rng.chance(0.72) ? rng.int(1, 12) : rng.int(13, 45);
  return `${a}-${pad2(b)}`;
}
class WOs {
  truth: string[] = [];
  constructor(private rng: Rng) {}
  private fresh(make: () => string): string {
    for (;;) {
      const s = make();
      if (!this.truth.some((t) => t.slice(0, 4) === s.slice(0, 4))) {
        this.truth.push(s);
        return s;
      }
    }
  }
  /** a full work order 1234-56, 1234-56A or 1234-56(A) */
  full(): string {
    return this.fresh(() => {
      const b = woBase(this.rng);
      const r = this.rng.next();
      const L = "ABCDEFGH"[this.rng.int(0, 7)];
      return r < 0.5 ? b : r < 0.78 ? `${b}${L}` : `${b}(${L})`;
    });
  }
  /** written right after a label (W.O., WO#, Job No., ...): sometimes the bare 4 digits */
  /** a label and its work order; only the labels of the house style may carry a bare number */
  withLabel(label: string, pBare = 0.2): string {
    return `${label} ${WO_BARE_LABELS.some((l) => l.toUpperCase() === label.toUpperCase()) ? this.labelled(pBare) : this.full()}`;
  }
  labelled(pBare = 0.2): string {
    if (this.rng.chance(pBare)) return this.fresh(() => woBase(this.rng).slice(0, 4));
    return this.full();
  }
}
const WO_LABELS = ["W.O.", "W.O.", "WO#", "WO #", "Job No.", "Work Order", "Project No.", "W/O"];
const WO_BARE_LABELS = ["W.O.", "WO#", "Job No.", "Work Order", "Project No."];

const SITES = [
  "Kapolei",
  "Ewa Beach",
  "Waipahu",
  "Mililani",
  "Kaneohe",
  "Hilo",
  "Kailua",
  "Pearl City",
  "Aiea",
  "Wahiawa",
  "Kahului",
  "Lihue",
  "Waianae",
  "Hawaii Kai",
  "Makiki",
  "Moanalua",
  "Halawa",
  "Kakaako",
  "Manoa",
  "Kona",
  "Kihei",
  "Waimea",
];
const CLIENTS = [
  "Kapolei Land Co.",
  "Aloha Builders",
  "Pacific Rim Dev.",
  "Ewa Plains LLC",
  "Hale Koa Partners",
  "Mauka Homes",
  "Dept. of Transportation",
  "Board of Water Supply",
  "Ko Olina Resort",
  "Makai Contractors",
  "Island Paving",
  "Kona Coast Hotels",
  "UH Facilities",
  "Nakamura Const.",
  "Pali Ridge HOA",
  "Harbors Div.",
  "Leeward Storage",
  "Windward Mall",
  "Kealoha Family Trust",
  "Royal Palm AOAO",
];
const CLIENTS_SHORT = [
  "Kapolei Land",
  "Aloha Bldrs",
  "Pac Rim Dev",
  "Ewa Plains",
  "Hale Koa",
  "Mauka Homes",
  "DOT",
  "BWS",
  "Ko Olina",
  "Makai Contr.",
  "Island Paving",
  "UH",
  "Nakamura",
  "Pali Ridge",
  "Harbors",
  "Leeward Stor.",
  "Kealoha",
];
const PROJECTS = [
  "Culvert replacement",
  "Pump station upgrade",
  "Retaining wall",
  "Parking structure",
  "Bridge abutment",
  "Slope repair",
  "Water tank site",
  "Townhomes Ph. 2",
  "Sewer line",
  "Warehouse addition",
  "School gym",
  "Seawall repair",
  "Fire station",
  "Solar farm",
  "Rockfall study",
  "Pavement eval.",
  "Lot 12 residence",
  "Shoreline survey",
  "Booster station",
  "Office tower",
  "Drainage channel",
  "Tank farm",
];
const NAMES = [
  "D. Nakamura",
  "K. Silva",
  "M. Fong",
  "J. Kealoha",
  "R. Torres",
  "L. Chen",
  "S. Patel",
  "A. Medeiros",
  "T. Yamada",
  "B. Kahale",
  "C. Ortiz",
  "G. Tanaka",
  "P. Akana",
  "N. Reyes",
  "E. Sato",
  "H. Kim",
];
const FULLNAMES = [
  "Dean Nakamura",
  "Karen Silva",
  "Michael Fong",
  "Jordan Kealoha",
  "Rosa Torres",
  "Lily Chen",
  "Sanjay Patel",
  "Anthony Medeiros",
  "Tomoko Yamada",
  "Brandon Kahale",
  "Carlos Ortiz",
  "Grace Tanaka",
  "Pua Akana",
  "Nina Reyes",
  "Eric Sato",
  "Hana Kim",
];
const FIRST = [
  "Dave",
  "Kimo",
  "Leilani",
  "Mike",
  "Jen",
  "Ray",
  "Sam",
  "Noe",
  "Tina",
  "Alan",
  "Grace",
  "Ben",
  "Keoni",
  "Lisa",
  "Duke",
  "Mele",
];
const SOILS = [
  "brown silty clay",
  "gray sandy silt",
  "basalt gravel",
  "coral sand",
  "stiff red clay",
  "weathered basalt",
  "fill, loose",
  "dense silty sand",
  "clayey gravel",
  "soft gray clay",
];
const TASKS = [
  "borings",
  "perc test",
  "compaction tests",
  "lab CBR",
  "site visit",
  "pile obs.",
  "core samples",
  "density tests",
  "report draft",
  "proof roll",
  "slope survey",
  "footing obs.",
];
const COMPANIES = [
  "Mauka Geotechnical, Inc.",
  "Pali Soils & Foundations",
  "Kilauea Geotech Group",
  "Leeward Geosciences",
  "Ironwood Geotechnical",
  "Basalt Ridge Engineering",
  "Trade Winds Geotechnical",
  "Koa Engineering Labs",
];
const STREETS = [
  "Kapiolani Blvd",
  "Bishop St",
  "Ala Moana Blvd",
  "Nimitz Hwy",
  "Kamehameha Hwy",
  "Dillingham Blvd",
  "Waiakamilo Rd",
  "Ward Ave",
  "Queen St",
  "Kalihi St",
  "Sand Island Rd",
];
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const MONTHS_LONG = [
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
const DAYS = ["Mon", "Tues", "Wed", "Thurs", "Fri", "Sat"];

const D = {
  date(rng: Rng): string {
    const m = rng.int(1, 12);
    const d = rng.int(1, 28);
    const y = rng.pick([24, 25, 26, 26]);
    return rng.weighted<string>([
      [`${m}/${d}/${y}`, 4],
      [`${pad2(m)}/${pad2(d)}/${y}`, 3],
      [`20${y}-${pad2(m)}-${pad2(d)}`, 2],
      [`${d} ${MONTHS[m - 1]} 20${y}`, 1],
      [`${m}-${d}-${y}`, 1],
    ]);
  },
  dateShort(rng: Rng): string {
    return `${rng.int(1, 12)}/${rng.int(1, 28)}`;
  },
  dateLong(rng: Rng): string {
    return `${MONTHS_LONG[rng.int(0, 11)]} ${rng.int(1, 28)}, 20${rng.pick([25, 26])}`;
  },
  time(rng: Rng): string {
    const h = rng.int(6, 17);
    const m = rng.pick([0, 5, 10, 15, 20, 30, 40, 45, 50]);
    return rng.weighted<string>([
      [`${pad2(h)}${pad2(m)}`, 2],
      [`${h > 12 ? h - 12 : h}:${pad2(m)}`, 3],
      [`${pad2(h)}:${pad2(m)}`, 1],
    ]);
  },
  phone(rng: Rng): string {
    const a = rng.pick(["808", "808", "808", "702", "415"]);
    const p = rng.int(200, 989);
    const l = `${rng.int(0, 9)}${rng.int(0, 9)}${rng.int(0, 9)}${rng.int(0, 9)}`;
    return rng.weighted<string>([
      [`${a}-${p}-${l}`, 4],
      [`(${a}) ${p}-${l}`, 2],
      [`${p}-${l}`, 2],
      [`${a}.${p}.${l}`, 1],
    ]);
  },
  suite(rng: Rng) {
    return rng.pick([
      `Suite ${rng.int(100, 2400)}`,
      `Ste ${rng.int(100, 900)}`,
      `Rm ${rng.int(100, 450)}`,
      `Unit ${rng.int(1, 30)}${rng.pick(["A", "B", ""])}`,
    ]);
  },
  emp(rng: Rng) {
    return rng.pick([
      `Emp# ${rng.int(1000, 9999)}`,
      `EID ${pad2(rng.int(0, 9))}${rng.int(10, 99)}`,
      `Emp. ${rng.int(200, 4999)}`,
    ]);
  },
  truck(rng: Rng) {
    return rng.pick([`Truck ${rng.int(2, 40)}`, `T-${rng.int(100, 399)}`, `Truck #${rng.int(3, 28)}`]);
  },
  depth(rng: Rng) {
    const a = rng.int(1, 12) * 2.5;
    return rng.pick([`${a} ft`, `${a}'`, `${a}-${a + 5} ft`, `${a} ft bgs`]);
  },
  pr(rng: Rng) {
    return rng.pick([
      `PR ${rng.int(2019, 2026)}-${rng.int(100, 199)}`,
      `PR# ${rng.int(2020, 2026)}-${pad2(rng.int(1, 99))}${rng.int(0, 9)}`,
    ]);
  },
  invoice(rng: Rng) {
    return rng.pick([
      `Inv. ${rng.int(18000, 29999)}`,
      `INV-${rng.int(2024, 2026)}-${rng.int(1000, 4999)}`,
      `Invoice #${rng.int(5000, 9999)}`,
    ]);
  },
  amount(rng: Rng) {
    const v = rng.int(120, 48000);
    const s = v >= 1000 ? `${Math.floor(v / 1000)},${String(v % 1000).padStart(3, "0")}` : `${v}`;
    return `$${s}.${rng.pick(["00", "00", "50", "25", "75"])}`;
  },
  blows(rng: Rng) {
    return `${rng.int(2, 30)}/${rng.int(4, 40)}/${rng.int(5, 50)}`;
  },
  zip(rng: Rng) {
    return rng.pick(["96813", "96707", "96817", "96819", "96744", "96720", "96826", "96734"]);
  },
  street(rng: Rng) {
    return `${rng.int(120, 3999)} ${rng.pick(STREETS)}`;
  },
};

/** Text that could be taken for a work order must be truth, and every truth must be on the page. */
const WO_RE = /(?<![\w\-/.])(\d{4}-\d{2}(?:\([A-H]\)|[A-H])?)(?![\w(\-/]|\.\d)/g;
function checkTruth(texts: string[], labelled: string[], truth: string[], file: string) {
  const found = new Set<string>();
  for (const t of texts) for (const m of t.matchAll(WO_RE)) found.add(m[1]!);
  const full = truth.filter((t) => t.length > 4);
  for (const f of found)
    if (!full.includes(f)) throw new Error(`${file}: ${f} looks like a work order but is not truth`);
  for (const t of full)
    if (!found.has(t))
      throw new Error(
        `${file}: truth ${t} not drawn in ${JSON.stringify(texts.filter((x) => x.includes(t)))}`,
      );
  for (const t of truth.filter((t) => t.length === 4)) {
    const re = new RegExp(
      `(W\\.O\\.|WO\\s?#|Job No\\.|JOB NO\\.|Work Order|WORK ORDER|Project No\\.|W/O|JOB #|Job #)\\s*:?\\s*${t}(?!\\d)`,
      "i",
    );
    if (!texts.some((x) => re.test(x)) && !labelled.includes(t))
      throw new Error(`${file}: bare ${t} is not right after a label`);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Pages. Each kind has plan() (size, before the shot is chosen) and draw() (content, knowing the final scale k:
// final-photo pixels per page pixel).
// ---------------------------------------------------------------------------------------------------------------

interface Page {
  svg: Svg;
  truth: string[];
  font: string;
  /** smallest cap height of a truth work order, in page px */
  minCap: number;
  notes: string[];
  /** the paper can bow */
  paper: boolean;
  /** the page or object has transparent parts (holes, clear bag) */
  alpha?: boolean;
}
interface Plan {
  pw: number;
  ph: number;
  variant: string;
  [k: string]: unknown;
}
interface KindDef {
  plan(rng: Rng, i: number): Plan;
  draw(rng: Rng, plan: Plan, k: number, fonts: FontChoice): Page;
  backgrounds: string[];
}
interface FontChoice {
  hand: string;
  typed: string;
}

function pickInk(rng: Rng): string {
  return rng.weighted<string>([
    ["blue", 4],
    ["black", 4],
    ["red", 1],
    ["pencil", 2],
  ]);
}
const inkTool = (ink: string): Tool => (ink === "pencil" ? "pencil" : "pen");

// ---- notebook ---------------------------------------------------------------------------------------------------

type LineMaker = (rng: Rng, w: WOs) => string;
const NB_WO_LINES: LineMaker[] = [
  (r, w) => `W.O. ${w.full()}  ${r.pick(CLIENTS_SHORT)}`,
  (r, w) => `${w.full()} - ${r.pick(TASKS)}`,
  (r, w) => `${D.time(r)} arrived ${r.pick(SITES)}, ${w.withLabel(r.pick(WO_LABELS))}`,
  (r, w) => `re ${w.full()} call ${r.pick(FIRST)} ${D.phone(r)}`,
  (r, w) => `Job No. ${w.labelled(0.3)} ${r.pick(SITES)}`,
  (r, w) => `lab: ${r.int(2, 14)} samples for ${w.full()}`,
  (r, w) => `${w.full()} -> ${r.pick(FIRST)} to review`,
  (r, w) => `WO# ${w.labelled(0.3)} ${r.pick(TASKS)}`,
  (r, w) => `${r.pick(CLIENTS_SHORT)}: ${w.full()}, ${w.full()}`,
  (r, w) => `bill ${r.pick(TASKS)} to ${w.full()}`,
  (r, w) => `${w.full()} B-${r.int(1, 9)} to ${r.int(15, 60)} ft`,
  (r, w) => `Work Order ${w.labelled(0.25)} done ${D.time(r)}`,
];
const NB_OTHER_LINES: LineMaker[] = [
  (r) => `B-${r.int(1, 12)} @ ${D.depth(r)} SPT ${D.blows(r)}`,
  (r) => `S-${r.int(1, 20)}  ${r.int(1, 8) * 2.5}-${r.int(9, 14) * 2.5} ft  ${r.pick(SOILS)}`,
  (r) => `called ${r.pick(FIRST)} ${D.phone(r)}`,
  (r) => `${D.truck(r)} odo ${r.int(20000, 99999)}`,
  (r) => `GW @ ${D.depth(r)} ${D.time(r)}`,
  (r) => `${D.pr(r)} waiting on ${r.pick(FIRST)}`,
  (r) => `left site ${D.time(r)}, ${r.int(4, 11)}.${r.pick([0, 5])} hrs`,
  (r) => `permit BP-${r.int(2024, 2026)}-${r.int(1000, 9999)}`,
  (r) => `mtg ${D.suite(r)} @ ${D.time(r)}`,
  (r) => `${D.emp(r)} on crew w/ ${r.pick(FIRST)}`,
  (r) => `${D.invoice(r)} sent ${D.dateShort(r)}`,
  (r) => `rig down ${D.time(r)} - ${D.time(r)}`,
  (r) => `${r.pick(SOILS)} to ${D.depth(r)}`,
  (r) => `N=${r.int(4, 50)}, rec. ${r.int(8, 18)} in`,
  (r) => `pd ${D.amount(r)} fuel`,
  (r) => `${r.pick(FIRST)} cell ${D.phone(r)}`,
  (r) => `Sta ${r.int(10, 40)}+${pad2(r.int(0, 99))}  El. ${r.int(20, 400)}.${r.int(0, 9)}`,
];

const notebook: KindDef = {
  backgrounds: ["wood", "grey desk", "white table", "dark desk", "cutting mat", "truck seat"],
  plan(rng) {
    const variant = rng.pick(["spiral", "legal", "engpad", "fieldbook", "spiral"]);
    if (variant === "fieldbook") return { pw: rng.int(880, 960), ph: rng.int(1380, 1460), variant };
    if (variant === "legal") return { pw: rng.int(1150, 1220), ph: rng.int(1650, 1760), variant };
    return { pw: rng.int(1150, 1260), ph: rng.int(1480, 1640), variant };
  },
  draw(rng, plan, k, fonts) {
    const { pw, ph, variant } = plan;
    const svg = new Svg(pw, ph);
    const w = new WOs(rng);
    const notes: string[] = [];
    let clip: string | undefined;
    let alpha = false;
    let paperColor = rng.pick(["#fbfaf4", "#f7f6ef", "#fdfcf8"]);
    if (variant === "legal") paperColor = rng.pick(["#f7eea2", "#f5ec9a", "#f8f0b0"]);
    if (variant === "engpad") paperColor = rng.pick(["#eef2e2", "#edf1de"]);
    if (variant === "fieldbook") paperColor = rng.pick(["#f2ead0", "#efe7c8"]);
    if (variant === "spiral") {
      // holes punched down the left edge: transparent
      clip = svg.id("c");
      let d = `M0,0 H${pw} V${ph} H0 Z`;
      for (let y = 40; y < ph - 30; y += 44) d += ` M${f1(24 - 9)},${y} a9,9 0 1,0 18,0 a9,9 0 1,0 -18,0`;
      svg.defs.push(`<clipPath id="${clip}"><path d="${d}" clip-rule="evenodd"/></clipPath>`);
      alpha = true;
    }
    paperBase(rng, svg, paperColor, clip);
    // ruling
    let rs = rng.range(40, 56);
    const handFont = font(fonts.hand);
    // final cap height of the handwriting >= 10 px: widen the ruling if the photo is small
    const capRatio = rng.range(0.42, 0.58);
    rs = Math.max(rs, 10.5 / (capRatio * k)) * (HAND_SCALE[fonts.hand] ?? 1);
    let top = rng.range(130, 190);
    let left = rng.range(130, 190);
    const lineCol = variant === "engpad" ? "#8fbf8a" : variant === "fieldbook" ? "#9aa6b8" : "#8fb5dd";
    if (variant === "engpad") {
      const gs = rs / 2;
      let grid = "";
      for (let x = 60; x < pw - 40; x += gs) grid += `M${f1(x)},150 V${ph - 50} `;
      for (let y = 150; y < ph - 40; y += gs) grid += `M60,${f1(y)} H${pw - 40} `;
      svg.add(`<path d="${grid}" stroke="${lineCol}" stroke-opacity="0.45" stroke-width="1.2"/>`);
      const pf = font(rng.pick(TYPED_SANS));
      const cap = 15;
      typed(svg, pf, cap, 60, 52, "JOB NO.", { fill: "#3f7a45", weight: "bold" });
      svg.add(
        `<path d="M150,56 H520 M620,56 H700 M760,56 H840 M190,108 H520 M620,108 H840" stroke="#3f7a45" stroke-width="1.5"/>`,
      );
      typed(svg, pf, cap, 545, 52, "SHEET", { fill: "#3f7a45", weight: "bold" });
      typed(svg, pf, cap, 715, 52, "OF", { fill: "#3f7a45", weight: "bold" });
      typed(svg, pf, cap, 60, 104, "CALCULATED BY", { fill: "#3f7a45", weight: "bold" });
      typed(svg, pf, cap, 545, 104, "DATE", { fill: "#3f7a45", weight: "bold" });
      top = 150 + rs;
      left = 80;
    } else if (variant === "fieldbook") {
      const pf = font(rng.pick(TYPED_SERIF));
      typed(svg, pf, 18, 50, 60, "Location", { fill: "#445" });
      typed(svg, pf, 18, pw * 0.6, 60, "Date", { fill: "#445" });
      typed(svg, pf, 18, 50, 108, "Project / Client", { fill: "#445" });
      svg.add(
        `<path d="M135,64 H${f1(pw * 0.58)} M${f1(pw * 0.6 + 50)},64 H${pw - 40} M200,112 H${pw - 40}" stroke="#445" stroke-width="1.2"/>`,
      );
      top = 120 + rs * 1.3;
      left = 50;
    }
    const nLines = Math.floor((ph - top - 60) / rs);
    if (variant !== "engpad") {
      let d = "";
      for (let i = 0; i <= nLines; i++) d += `M0,${f1(top + i * rs)} H${pw} `;
      svg.add(
        `<path d="${d}" stroke="${lineCol}" stroke-width="${f1(rng.range(1.4, 2.4))}" stroke-opacity="0.8"/>`,
      );
      if (variant === "spiral" || variant === "legal") {
        const mc = "#e08a8a";
        svg.add(`<path d="M${f1(left - 18)},0 V${ph}" stroke="${mc}" stroke-width="2"/>`);
        if (variant === "legal")
          svg.add(`<path d="M${f1(left - 12)},0 V${ph}" stroke="${mc}" stroke-width="2"/>`);
      }
      if (variant === "legal") {
        svg.add(`<rect width="${pw}" height="34" fill="#7a1d22" fill-opacity="0.85"/>`);
        svg.add(
          `<path d="M0,70 H${pw}" stroke="#777" stroke-dasharray="3 5" stroke-width="1.5" stroke-opacity="0.6"/>`,
        );
      }
      if (variant === "spiral") {
        let d2 = "";
        for (let y = 40; y < ph - 30; y += 44) d2 += `M0,${y - 14} Q14,${y - 22} 22,${y - 2} `;
        svg.add(`<path d="${d2}" stroke="#777b80" stroke-width="4" fill="none" clip-path="url(#${clip})"/>`);
      }
    }
    const ink = pickInk(rng);
    const h = makeHand(rng, svg, handFont, ink, inkTool(ink));
    const ink2 = rng.pick(["blue", "black", "red"].filter((x) => x !== ink));
    const h2 = makeHand(rng, svg, handFont, ink2, "pen");
    const cap = rs * capRatio;
    const maxW = pw - left - 40;
    // build lines
    const nWo = rng.int(2, 8);
    const lines: { mk: LineMaker | null; text?: string }[] = [];
    // header
    const header = rng.pick([
      `${rng.pick(DAYS)} ${D.dateShort(rng)}/26`,
      `${D.date(rng)}`,
      `${rng.pick(DAYS)} ${D.date(rng)}`,
    ]);
    if (variant === "engpad") {
      const eh = makeHand(rng, svg, handFont, ink, inkTool(ink));
      const jn = w.labelled(0.3);
      svg.labelled.push(jn);
      hand(rng, svg, eh, 165, 50, cap * 0.9, jn);
      hand(rng, svg, eh, 640, 50, cap * 0.8, `${rng.int(1, 3)}`);
      hand(rng, svg, eh, 780, 50, cap * 0.8, `${rng.int(3, 6)}`);
      hand(rng, svg, eh, 210, 102, cap * 0.8, rng.pick(NAMES));
      hand(rng, svg, eh, 625, 102, cap * 0.8, D.date(rng));
      notes.push("job no. in header");
    } else if (variant === "fieldbook") {
      hand(rng, svg, h, 150, 58, cap * 0.85, rng.pick(SITES));
      hand(rng, svg, h, pw * 0.6 + 60, 58, cap * 0.85, D.date(rng));
      hand(rng, svg, h, 215, 106, cap * 0.85, rng.pick(CLIENTS));
    }
    let woCount = w.truth.length;
    const capacity = Math.min(
      nLines - 1,
      rng.int(Math.min(Math.max(nWo + 3, Math.round(nLines * 0.6)), nLines - 1), nLines - 1),
    );
    lines.push({ mk: null, text: header });
    const plan2: ("wo" | "other" | "blank")[] = [];
    for (let i = woCount; i < nWo; i++) plan2.push("wo");
    while (plan2.length < capacity - 1) plan2.push(rng.chance(0.12) ? "blank" : "other");
    const order = rng.shuffle(plan2);
    let y = top - rs * rng.range(0.12, 0.25);
    // draw header
    const drawLine = (txt: string, hh: Hand, yy: number, indent: number) => {
      const slope = rng.gauss() * 0.6;
      return hand(
        rng,
        svg,
        hh,
        left + indent,
        yy + rng.gauss() * rs * 0.04,
        cap * rng.range(0.95, 1.05),
        txt,
        slope,
      );
    };
    for (let li = 0; li < lines.length + order.length && y < ph - 60; li++) {
      const item = li === 0 ? "header" : order[li - 1]!;
      if (item === "blank") {
        y += rs;
        continue;
      }
      let txt = "";
      let used = 0;
      for (let attempt = 0; attempt < 30; attempt++) {
        const trial = new WOs(rng);
        trial.truth = w.truth.slice();
        const before = trial.truth.length;
        if (item === "header") txt = header;
        else if (item === "wo") {
          const mk = rng.pick(NB_WO_LINES);
          txt = mk(rng, trial);
          if (woCount + (trial.truth.length - before) > nWo) {
            txt = "";
            continue;
          }
        } else txt = rng.pick(NB_OTHER_LINES)(rng, trial);
        if (handWidth(h, cap, handFont.fit(txt)) < maxW - 30) {
          w.truth = trial.truth;
          used = trial.truth.length - before;
          break;
        }
        txt = "";
      }
      if (!txt) continue;
      woCount += used;
      const useSecond = li > 0 && rng.chance(0.12);
      const indent =
        item === "header" ? rng.range(0, 40) : rng.chance(0.2) ? rng.range(20, 90) : rng.range(0, 15);
      const r = drawLine(txt, useSecond ? h2 : h, y, indent);
      if (item === "wo" && rng.chance(0.15)) {
        const hh = useSecond ? h2 : h;
        svg.add(
          `<path d="${wobblyLine(rng, r.xs[0]!, y + cap * 0.25, r.x1, y + cap * 0.3, cap * 0.06)}" stroke="${hh.color}" stroke-width="${f1(cap * 0.08)}" fill="none" opacity="0.8"/>`,
        );
      }
      y += rs * (rng.chance(0.15) ? 2 : 1);
    }
    if (w.truth.length < 2) throw new Error("notebook: too few work orders");
    stains(rng, svg, rng.int(0, 2));
    return {
      svg,
      truth: w.truth,
      font: disp(handFont),
      minCap: cap * 0.9,
      notes: [variant, ...notes],
      paper: true,
      alpha,
    };
  },
};

// ---- letter -----------------------------------------------------------------------------------------------------

function wrap(f: Font, size: number, text: string, maxW: number): string[] {
  const words = text.split(" ");
  const out: string[] = [];
  let cur = "";
  for (const wd of words) {
    const t = cur ? `${cur} ${wd}` : wd;
    if (f.measure(t) * size > maxW && cur) {
      out.push(cur);
      cur = wd;
    } else cur = t;
  }
  if (cur) out.push(cur);
  return out;
}
const letter: KindDef = {
  backgrounds: ["wood", "grey desk", "white table", "dark desk", "clipboard"],
  plan(rng) {
    return { pw: 1275, ph: 1650, variant: rng.chance(0.3) ? "memo" : "letter" };
  },
  draw(rng, plan, k, fonts) {
    const { pw, ph } = plan;
    const svg = new Svg(pw, ph);
    const w = new WOs(rng);
    paperBase(rng, svg, rng.pick(["#fbfbf8", "#f8f8f4", "#fcfbf6"]));
    const tf = font(fonts.typed);
    const lh = FONTS.get(rng.pick([...TYPED_SANS, ...TYPED_SERIF]))!;
    const brand = rng.pick(["#1f3b63", "#1e5a3a", "#6b1f2a", "#222", "#2a4c7a"]);
    // body cap height in the final photo 7.5-10 px
    const bodyCap = rng.range(7.5, 10);
    const size = clamp(bodyCap / (tf.capH * k), 20, 30);
    const lineH = size * rng.range(1.3, 1.5);
    const mL = rng.range(110, 160);
    const mR = rng.range(100, 150);
    const maxW = pw - mL - mR;
    const company = rng.pick(COMPANIES);
    let y = rng.range(80, 120);
    const notes: string[] = [plan.variant as string];
    // letterhead
    const lhStyle = rng.pick(["left", "center", "right"]);
    const logo = (x: number, yy: number, s: number) => {
      const t = rng.int(0, 2);
      if (t === 0)
        svg.add(
          `<path d="M${x},${yy + s} L${x + s * 0.5},${yy} L${x + s},${yy + s} Z" fill="${brand}"/><path d="M${x + s * 0.3},${yy + s} L${x + s * 0.65},${yy + s * 0.35} L${x + s},${yy + s} Z" fill="#fff" fill-opacity="0.35"/>`,
        );
      else if (t === 1)
        svg.add(
          `<circle cx="${x + s / 2}" cy="${yy + s / 2}" r="${s / 2}" fill="none" stroke="${brand}" stroke-width="${s * 0.12}"/><path d="M${x + s * 0.15},${yy + s * 0.65} Q${x + s / 2},${yy + s * 0.2} ${x + s * 0.85},${yy + s * 0.65}" stroke="${brand}" stroke-width="${s * 0.1}" fill="none"/>`,
        );
      else
        svg.add(
          `<rect x="${x}" y="${yy}" width="${s}" height="${s}" fill="${brand}"/><path d="M${x},${yy + s * 0.7} L${x + s * 0.4},${yy + s * 0.35} L${x + s},${yy + s * 0.8}" stroke="#fff" stroke-width="${s * 0.08}" fill="none"/>`,
        );
    };
    const hs = rng.range(34, 44);
    const addr = `${D.street(rng)}, ${D.suite(rng)}, Honolulu, HI ${D.zip(rng)}`;
    const tel = `Tel ${D.phone(rng)}  Fax ${D.phone(rng)}`;
    if (lhStyle === "left") {
      logo(mL, y - hs, hs * 1.6);
      typed(svg, lh, hs, mL + hs * 2, y, company, { weight: "bold", fill: brand });
      typed(svg, lh, hs * 0.45, mL + hs * 2, y + hs * 0.75, "Geotechnical & Environmental Engineers", {
        fill: brand,
        italic: rng.chance(0.5),
      });
      y += hs * 1.6;
      typed(svg, lh, 17, mL, y, addr, { fill: "#444" });
      y += 24;
      typed(svg, lh, 17, mL, y, tel, { fill: "#444" });
    } else if (lhStyle === "center") {
      logo(pw / 2 - hs * 0.6, y - hs * 1.3, hs * 1.2);
      y += hs * 0.9;
      typed(svg, lh, hs, pw / 2, y, company.toUpperCase(), {
        weight: "bold",
        fill: brand,
        anchor: "middle",
        spacing: 2,
      });
      y += hs * 0.8;
      typed(svg, lh, 17, pw / 2, y, addr, { fill: "#444", anchor: "middle" });
      y += 24;
      typed(svg, lh, 17, pw / 2, y, tel, { fill: "#444", anchor: "middle" });
    } else {
      typed(svg, lh, hs, mL, y, company, { weight: "bold", fill: brand });
      const lines = [
        D.street(rng),
        `${D.suite(rng)}`,
        `Honolulu, Hawaii ${D.zip(rng)}`,
        `Phone ${D.phone(rng)}`,
      ];
      lines.forEach((l, i) => {
        typed(svg, lh, 16, pw - mR, y - hs * 0.6 + i * 21, l, { fill: "#444", anchor: "end" });
      });
      y += 50;
    }
    y += 18;
    svg.add(
      `<rect x="${f1(mL)}" y="${f1(y)}" width="${f1(maxW)}" height="${f1(rng.range(2, 5))}" fill="${brand}"/>`,
    );
    y += lineH * 2;
    const T = (text: string, x = mL, o: TypedOpts = {}) => {
      typed(svg, tf, size, x, y, text, o);
      y += lineH;
    };
    const para = (text: string) => {
      for (const l of wrap(tf, size, tf.fit(text), maxW)) T(l);
      y += lineH * rng.range(0.4, 0.8);
    };
    const nWoTyped = rng.chance(0.55) ? 1 : 2;
    const proj = `${rng.pick(PROJECTS)}, ${rng.pick(SITES)}`;
    const reLabel = rng.pick(["W.O.", "W.O.", "Work Order", "Job No.", "WO#", "Project No."]);
    const reWo = w.withLabel(reLabel).slice(reLabel.length + 1);
    if (plan.variant === "memo") {
      typed(svg, lh, size * 1.6, mL, y, "MEMORANDUM", { weight: "bold", spacing: 3 });
      y += lineH * 1.8;
      const rows: [string, string][] = [
        ["TO:", `${rng.pick(FULLNAMES)}, ${rng.pick(CLIENTS)}`],
        ["FROM:", `${rng.pick(FULLNAMES)}, P.E.`],
        ["DATE:", D.dateLong(rng)],
        ["SUBJECT:", `${reLabel} ${reWo} - ${proj}`],
      ];
      if (rng.chance(0.5)) rows.splice(3, 0, ["CC:", `${rng.pick(NAMES)}; file`]);
      for (const [a, b] of rows) {
        typed(svg, tf, size, mL, y, a, { weight: "bold" });
        T(b, mL + size * 6);
      }
      svg.add(`<rect x="${f1(mL)}" y="${f1(y - lineH * 0.4)}" width="${f1(maxW)}" height="2" fill="#333"/>`);
      y += lineH * 0.8;
    } else {
      T(D.dateLong(rng));
      y += lineH * 0.6;
      T(rng.pick(FULLNAMES));
      T(rng.pick(CLIENTS));
      T(`${D.street(rng)}, ${D.suite(rng)}`);
      T(`Honolulu, Hawaii ${D.zip(rng)}`);
      y += lineH * 0.7;
      const bold = rng.chance(0.5);
      T(`Re: ${reLabel} ${reWo}`, mL, { weight: bold ? "bold" : "normal" });
      T(`      ${proj}`, mL, { weight: bold ? "bold" : "normal" });
      if (rng.chance(0.5)) T(`      Our Ref: ${D.pr(rng)}`);
      y += lineH * 0.6;
      T(`Dear ${rng.pick(["Mr.", "Ms."])} ${rng.pick(FULLNAMES).split(" ")[1]}:`);
      y += lineH * 0.3;
    }
    const sentences: ((r: Rng) => string)[] = [
      (r) =>
        `Field work was performed on ${D.dateLong(r)} and consisted of ${r.int(3, 9)} borings drilled to depths of ${r.int(2, 5) * 5} to ${r.int(6, 12) * 5} feet below existing grade.`,
      (r) =>
        `Groundwater was measured at about ${r.int(4, 30)}.${r.int(0, 9)} feet in B-${r.int(1, 6)} on ${D.date(r)}.`,
      (r) =>
        `Enclosed is our ${D.invoice(r)} in the amount of ${D.amount(r)} for services through ${D.dateLong(r)}.`,
      (r) =>
        `Our previous report for this site (${D.pr(r)}) recommended shallow footings bearing on the dense sand.`,
      (r) => `If you have any questions, please call me at ${D.phone(r)} or our office at ${D.phone(r)}.`,
      (r) => `The samples will be kept at our laboratory for ${r.int(30, 90)} days after ${D.date(r)}.`,
      (r) =>
        `Laboratory testing included ${r.int(6, 30)} moisture content tests, ${r.int(2, 9)} Atterberg limits and ${r.int(1, 4)} consolidation tests.`,
      (r) =>
        `Our field engineer, ${r.pick(FULLNAMES)} (${D.emp(r)}), will coordinate site access with your superintendent at ${D.phone(r)}.`,
      (r) =>
        `The proposed change adds ${r.int(2, 6)} borings at an estimated cost of ${D.amount(r)}, per your request of ${D.date(r)}.`,
      (r) =>
        `We can meet in ${D.suite(r)} on ${D.dateLong(r)} at ${D.time(r)} to review the boring logs (Sheets 1 through ${r.int(4, 12)}).`,
    ];
    const woSentences: ((r: Rng, ww: WOs) => string)[] = [
      (_r, ww) => `This work will be billed under W.O. ${ww.full()} as a continuation of the original scope.`,
      (_r, ww) => `Please reference Work Order ${ww.labelled(0.2)} on all correspondence and invoices.`,
      (r, ww) => `The slope monitoring under W.O. ${ww.full()} will continue through ${D.dateLong(r)}.`,
      (r, ww) =>
        `Results for the adjacent parcel (${r.pick(["W.O.", "Job No."])} ${ww.full()}) were sent on ${D.date(r)}.`,
    ];
    const nPara = rng.int(2, 4);
    const woPara = nWoTyped === 2 ? rng.int(0, 1) : -1;
    const closing = lineH * 7.5 + 120;
    const first = `This ${plan.variant === "memo" ? "memo" : "letter"} ${rng.pick(["summarizes", "transmits", "presents"])} the ${rng.pick(["results of our geotechnical investigation", "field density test results", "laboratory results", "boring logs"])} for the ${proj}.`;
    const pool = rng.shuffle(sentences);
    let pi = 0;
    for (let p = 0; p < nPara; p++) {
      const parts: string[] = p === 0 ? [first] : [];
      const ns = rng.int(1, 3);
      for (let s = 0; s < ns; s++) parts.push(pool[pi++ % pool.length]!(rng));
      if (p === woPara) {
        const trial = new WOs(rng);
        trial.truth = w.truth.slice();
        const sent = rng.pick(woSentences)(rng, trial);
        w.truth = trial.truth;
        parts.splice(rng.int(0, parts.length), 0, sent);
      }
      const est = wrap(tf, size, tf.fit(parts.join(" ")), maxW).length * lineH;
      if (y + est > ph - closing) {
        if (p <= woPara) throw new Error("letter: work-order paragraph does not fit");
        break;
      }
      para(parts.join(" "));
    }
    y += lineH * 0.2;
    T(rng.pick(["Sincerely,", "Very truly yours,", "Respectfully,"]));
    const signer = rng.pick(FULLNAMES);
    const sigFont = font(
      rng.pick(["Dancing Script", "Delphine", "Steve", "Rufscript"].filter((x) => x !== fonts.hand)),
    );
    signature(
      rng,
      svg,
      sigFont,
      mL + rng.range(0, 40),
      y + lineH * 1.3,
      size * 1.6,
      signer,
      rng.pick(["blue", "black"]),
    );
    y += lineH * 2.4;
    T(`${signer}, P.E.`);
    T(rng.pick(["Project Engineer", "Senior Engineer", "Principal", "Geotechnical Engineer"]));
    if (rng.chance(0.5)) {
      y += lineH * 0.5;
      T(`Enclosures: ${rng.pick(["Invoice", "Boring Logs (3)", "Lab Summary", "Figures 1-4"])}`);
    }
    // footer
    const ft = FONTS.get(rng.pick(TYPED_SANS))!;
    typed(svg, ft, 15, pw / 2, ph - 55, `Page 1 of ${rng.int(2, 4)}`, { fill: "#555", anchor: "middle" });
    if (rng.chance(0.5))
      typed(svg, ft, 14, pw - mR, ph - 55, `${rng.pick(["Rev.", "Form"])} ${D.date(rng)}`, {
        fill: "#666",
        anchor: "end",
      });
    let fontName = `${disp(tf)} (signature ${disp(sigFont)})`;
    let minCap = size * tf.capH;
    // a handwritten note in the margin or top, with a work order (sometimes)
    if (rng.chance(0.4) && y < ph - 200) {
      const hf = font(fonts.hand);
      const ink = rng.pick(["blue", "red", "black", "pencil"]);
      const h = makeHand(rng, svg, hf, ink, inkTool(ink));
      const cap = Math.max(size * tf.capH * 1.5, 13 / k);
      const withWo = rng.chance(0.75);
      const txt = withWo
        ? rng.pick([
            (x: string) => `also ${x}`,
            (x: string) => `file w/ ${x}`,
            (x: string) => `cc ${x} file`,
            (x: string) => `see ${x}`,
          ])(w.full())
        : `pd ${D.date(rng)} ck ${rng.int(1000, 9999)}`;
      const tw = handWidth(h, cap, txt);
      const x = clamp(rng.range(pw * 0.45, pw - mR - tw), 40, pw - tw - 30);
      const yy = rng.chance(0.5) ? y + lineH * 1.5 : ph - 120;
      hand(rng, svg, h, x, yy, cap, txt, rng.range(-6, 3));
      if (withWo) {
        fontName = `${disp(tf)} + ${disp(hf)} (note), signature ${disp(sigFont)}`;
        minCap = Math.min(minCap, cap);
      }
      notes.push("handwritten note");
    }
    if (rng.chance(0.5)) creases(rng, svg, [ph / 3, (2 * ph) / 3]);
    stains(rng, svg, rng.int(0, 2));
    return { svg, truth: w.truth, font: fontName, minCap, notes, paper: true };
  },
};

// ---- register ---------------------------------------------------------------------------------------------------

interface Col {
  key: string;
  head: string;
  w: number;
}
const REGISTER_COLS: Col[][] = [
  [
    { key: "date", head: "Date", w: 0.11 },
    { key: "wo", head: "W.O.", w: 0.12 },
    { key: "client", head: "Client", w: 0.2 },
    { key: "project", head: "Project", w: 0.29 },
    { key: "eng", head: "Engineer", w: 0.19 },
    { key: "pages", head: "Pages", w: 0.09 },
  ],
  [
    { key: "wo", head: "W.O. No.", w: 0.13 },
    { key: "date", head: "Opened", w: 0.11 },
    { key: "client", head: "Client", w: 0.21 },
    { key: "project", head: "Location", w: 0.22 },
    { key: "eng", head: "Eng.", w: 0.1 },
    { key: "inv", head: "Invoice", w: 0.14 },
    { key: "pages", head: "Sheets", w: 0.09 },
  ],
  [
    { key: "date", head: "Date", w: 0.1 },
    { key: "wo", head: "Job No.", w: 0.13 },
    { key: "client", head: "Client / Owner", w: 0.2 },
    { key: "project", head: "Description", w: 0.26 },
    { key: "phone", head: "Contact", w: 0.16 },
    { key: "eng", head: "By", w: 0.07 },
    { key: "pages", head: "Pgs", w: 0.08 },
  ],
  [
    { key: "date", head: "Rec'd", w: 0.11 },
    { key: "wo", head: "Work Order", w: 0.15 },
    { key: "project", head: "Project", w: 0.3 },
    { key: "client", head: "Client", w: 0.22 },
    { key: "eng", head: "Engineer", w: 0.14 },
    { key: "pages", head: "Pages", w: 0.08 },
  ],
];
const register: KindDef = {
  backgrounds: ["wood", "grey desk", "white table", "dark desk"],
  plan(rng, i) {
    const style = rng.pick(["typed", "hand", "mixed", "hand", "typed"]);
    const land = rng.chance(0.6);
    // cap heights spread over 7-11 px within each split (handwriting no smaller than 8 px)
    const slot = [7.2, 8.8, 10.4, 8.0, 9.6][i % 5]! + rng.range(-0.35, 0.35);
    return {
      pw: land ? 1650 : 1275,
      ph: land ? 1275 : 1650,
      variant: style,
      land,
      capTarget: style === "typed" ? slot : Math.max(8, slot),
    };
  },
  draw(rng, plan, k, fonts) {
    const { pw, ph } = plan;
    const style = plan.variant;
    const svg = new Svg(pw, ph);
    const w = new WOs(rng);
    paperBase(rng, svg, rng.pick(["#fbfbf7", "#f6f5ee", "#f9f8f1", "#f3f1e6"]));
    let cols = rng.pick(REGISTER_COLS);
    const pf = font(style === "typed" || style === "mixed" ? fonts.typed : rng.pick(TYPED_NARROW));
    const hf = font(fonts.hand);
    let capFinal = plan.capTarget as number;
    const mL = rng.range(60, 110);
    const mR = rng.range(50, 90);
    const tw = pw - mL - mR;
    // columns whose content has a fixed length get the width they need; the others share the rest. When the
    // writing is large for the page, drop optional columns, then make the writing smaller (not below the minimum).
    const need: Record<string, string> = { wo: "8888-88(H)", date: "12/28/26", pages: "48", inv: "28888" };
    let cap = 0;
    let tsize = 0;
    for (;;) {
      cap = capFinal / k;
      tsize = cap / pf.capH;
      const hfw = (s: string) =>
        Math.max(
          typedWidth(pf, tsize, s, { weight: "bold" }),
          style === "typed" ? 0 : handWidth(makeHandProbe(hf), cap * 1.12, s),
        );
      let fixed = 0;
      const widths = cols.map((c) => {
        const n = need[c.key];
        const wv = n ? Math.max(c.w * tw, Math.max(hfw(n), hfw(c.head)) + cap * 2.2) : 0;
        fixed += wv;
        return wv;
      });
      if (fixed <= tw * 0.5) {
        const flexTot = cols.reduce((a, c, i) => a + (widths[i] ? 0 : c.w), 0);
        cols = cols.map((c, i) => ({ ...c, w: (widths[i] || ((tw - fixed) * c.w) / flexTot) / tw }));
        break;
      }
      const drop = cols.findIndex((c) => c.key === "phone" || c.key === "inv");
      if (drop >= 0 && cols.length > 5) cols = cols.filter((_, i) => i !== drop);
      else if (capFinal > (style === "typed" ? 7 : 8))
        capFinal = Math.max(capFinal * 0.94, style === "typed" ? 7 : 8);
      else throw new Error("register: columns do not fit");
    }
    let y = rng.range(70, 110);
    const titleSize = Math.max(tsize * 1.7, 30);
    const availEst = ph - y - titleSize * 1.8 - 90;
    const rowsWanted = rng.int(8, 16);
    const rowH = clamp(cap * rng.range(2.1, 2.9), cap * 1.75, availEst / (rowsWanted * 1.15 + 0.3));
    typed(
      svg,
      pf,
      titleSize,
      mL,
      y + titleSize * 0.8,
      rng.pick(["WORK ORDER REGISTER", "JOB LOG", "Project Register", "W.O. LOG - 2026", "Work Order Log"]),
      { weight: "bold" },
    );
    typed(
      svg,
      pf,
      Math.max(tsize, 18),
      pw - mR,
      y + titleSize * 0.8,
      `Sheet ${rng.int(2, 9)} of ${rng.int(10, 20)}`,
      { anchor: "end" },
    );
    y += titleSize * 1.8;
    const headH = rowH * 1.15;
    const avail = ph - y - headH - rng.range(60, 110);
    const nRows = clamp(Math.min(rowsWanted, Math.floor(avail / rowH)), 8, 16);
    if (nRows * rowH > avail + 1) throw new Error("register: rows do not fit");
    const lineCol = style === "typed" ? "#444" : rng.pick(["#6a8fc0", "#7fa57a", "#555", "#8a6a5a"]);
    const xs: number[] = [mL];
    for (const c of cols) xs.push(xs[xs.length - 1]! + c.w * tw);
    // header
    const shaded = style === "typed" && rng.chance(0.5);
    if (shaded)
      svg.add(`<rect x="${f1(mL)}" y="${f1(y)}" width="${f1(tw)}" height="${f1(headH)}" fill="#2f3b4a"/>`);
    else if (rng.chance(0.5))
      svg.add(
        `<rect x="${f1(mL)}" y="${f1(y)}" width="${f1(tw)}" height="${f1(headH)}" fill="${lineCol}" fill-opacity="0.15"/>`,
      );
    cols.forEach((c, i) => {
      typed(svg, pf, tsize, xs[i]! + cap * 0.5, y + headH / 2 + cap / 2, c.head, {
        weight: "bold",
        fill: shaded ? "#fff" : "#222",
      });
    });
    const top = y;
    y += headH;
    const handRows = style === "hand" ? nRows : style === "mixed" ? rng.int(1, 3) : 0;
    const ink = pickInk(rng);
    const h = makeHand(rng, svg, hf, ink, inkTool(ink));
    h.rotJ = Math.min(h.rotJ, 3);
    const h2 = style === "mixed" ? makeHand(rng, svg, hf, rng.pick(["blue", "black"]), "pen") : h;
    const alt = style === "typed" && rng.chance(0.5);
    let d = "";
    const dateFmt = rng.int(0, 2);
    const truthRows: string[] = [];
    for (let r = 0; r < nRows; r++) {
      const ry = y + r * rowH;
      if (alt && r % 2 === 1)
        svg.add(
          `<rect x="${f1(mL)}" y="${f1(ry)}" width="${f1(tw)}" height="${f1(rowH)}" fill="#000" fill-opacity="0.06"/>`,
        );
      const isHand = r >= nRows - handRows;
      const m = rng.int(1, 12);
      const dd = rng.int(1, 28);
      for (let ci = 0; ci < cols.length; ci++) {
        const c = cols[ci]!;
        const cw = c.w * tw - cap * 1.0;
        let val: string;
        const cands = (list: string[]) => {
          const ok = list.filter(
            (s) => (isHand ? handWidth(h, cap * 1.14, s) + cap * 0.6 : typedWidth(pf, tsize, s)) < cw,
          );
          return ok.length > 0 ? rng.pick(ok) : "";
        };
        switch (c.key) {
          case "date":
            val =
              dateFmt === 0
                ? `${m}/${dd}/26`
                : dateFmt === 1
                  ? `${pad2(m)}/${pad2(dd)}`
                  : `${dd}-${MONTHS[m - 1]}`;
            break;
          case "wo":
            val = w.full();
            truthRows.push(val);
            break;
          case "client":
            val = cands([...CLIENTS, ...CLIENTS_SHORT]);
            break;
          case "project":
            val = cands([...PROJECTS, ...SITES.map((s) => `${rng.pick(PROJECTS)}, ${s}`)]);
            break;
          case "eng":
            val =
              cw > (isHand ? handWidth(h, cap, "D. Nakamura") : typedWidth(pf, tsize, "D. Nakamura"))
                ? rng.pick(NAMES)
                : rng.pick(NAMES).replace(/^(\w)\. (\w).*/, "$1$2");
            break;
          case "inv":
            val = rng.chance(0.25) ? "-" : `${rng.int(18000, 29999)}`;
            break;
          case "phone":
            val = cands([D.phone(rng), `${rng.int(200, 989)}-${rng.int(1000, 9999)}`]);
            break;
          default:
            val = `${rng.int(1, 48)}`;
        }
        if (!val) continue;
        const tx = xs[ci]! + cap * 0.5 + (isHand ? rng.range(0, cap * 0.6) : 0);
        const ty = ry + rowH / 2 + cap / 2 + (isHand ? rng.gauss() * cap * 0.08 : 0);
        if (isHand)
          hand(
            rng,
            svg,
            style === "mixed" ? h2 : h,
            tx,
            ty,
            cap * rng.range(0.98, 1.12),
            val,
            rng.gauss() * 0.8,
          );
        else typed(svg, pf, tsize, tx, ty, val);
      }
      d += `M${f1(mL)},${f1(ry + rowH)} H${f1(mL + tw)} `;
    }
    // a ledger is ruled to the bottom of the page; a printout with added rows has a few empty ones
    const maxRows = Math.floor(avail / rowH);
    const tableRows =
      style === "hand" ? maxRows : style === "mixed" ? Math.min(maxRows, nRows + rng.int(1, 4)) : nRows;
    for (let r = nRows; r < tableRows; r++) d += `M${f1(mL)},${f1(y + (r + 1) * rowH)} H${f1(mL + tw)} `;
    for (let i = 0; i < xs.length; i++) d += `M${f1(xs[i]!)},${f1(top)} V${f1(y + tableRows * rowH)} `;
    d += `M${f1(mL)},${f1(top)} H${f1(mL + tw)} M${f1(mL)},${f1(y)} H${f1(mL + tw)}`;
    svg.add(`<path d="${d}" stroke="${lineCol}" stroke-width="${f1(rng.range(1.3, 2.4))}" fill="none"/>`);
    if (style !== "typed" && rng.chance(0.5))
      svg.add(
        `<path d="M${f1(xs[1]!)},${f1(top)} V${f1(y + tableRows * rowH)}" stroke="#c04040" stroke-width="2" stroke-opacity="0.7"/>`,
      );
    typed(
      svg,
      pf,
      Math.max(tsize * 0.9, 15),
      mL,
      y + tableRows * rowH + cap * 3,
      rng.pick([
        `Printed ${D.date(rng)}`,
        `Page ${rng.int(2, 9)}`,
        `Form R-${rng.int(2, 12)} (rev ${rng.int(2019, 2025)})`,
      ]),
      { fill: "#555" },
    );
    stains(rng, svg, rng.int(0, 2));
    const fname =
      style === "typed"
        ? disp(pf)
        : style === "hand"
          ? `${disp(pf)} (print) + ${disp(hf)} (entries)`
          : `${disp(pf)} + ${disp(hf)} (added rows)`;
    return {
      svg,
      truth: truthRows,
      font: fname,
      minCap: cap,
      notes: [`${nRows} rows, ${style}, cap ${f1(capFinal)} px`],
      paper: true,
    };
  },
};

// ---- label ------------------------------------------------------------------------------------------------------

const label: KindDef = {
  backgrounds: ["concrete", "shelf", "core shed", "wood", "truck bed"],
  plan(rng) {
    const variant = rng.pick(["box", "corebox", "bag", "tape", "box"]);
    if (variant === "box") return { pw: rng.int(1250, 1450), ph: rng.int(900, 1100), variant };
    if (variant === "corebox") return { pw: rng.int(1400, 1600), ph: rng.int(500, 580), variant };
    if (variant === "bag") return { pw: rng.int(900, 1000), ph: rng.int(1200, 1320), variant };
    return { pw: rng.int(1300, 1450), ph: rng.int(360, 430), variant };
  },
  draw(rng, plan, k, fonts) {
    const { pw, ph, variant } = plan;
    const svg = new Svg(pw, ph);
    const w = new WOs(rng);
    const hf = font(fonts.hand);
    let alpha = false;
    const ink = rng.weighted<string>([
      ["black", 6],
      ["blue", 2],
      ["red", 1],
      ["green", 1],
    ]);
    const h = makeHand(rng, svg, hf, ink, "marker");
    // a box side or a core box end has room for three work orders; a bag or a strip of tape for two
    const nWo =
      variant === "box" || variant === "corebox"
        ? rng.weighted<number>([
            [1, 1],
            [2, 1],
            [3, 3],
          ])
        : rng.weighted<number>([
            [1, 2],
            [2, 3],
          ]);
    const boxN = rng.int(2, 8);
    const d1 = rng.int(0, 12) * 5;
    const woLines: string[] = [];
    const lab = rng.pick(WO_BARE_LABELS.map((s) => s.toUpperCase()).concat(["W.O.", "WO#", "JOB #"]));
    woLines.push(w.withLabel(lab, 0.25));
    for (let i = 1; i < nWo; i++) woLines.push(rng.chance(0.5) ? `W.O. ${w.full()}` : w.full());
    const extras = rng.shuffle([
      `BOX ${rng.int(1, boxN)} OF ${boxN}`,
      `B-${rng.int(1, 9)}`,
      `${d1}-${d1 + 5} FT`,
      `${D.date(rng)}`,
      `${rng.pick(SITES).toUpperCase()}`,
      rng.chance(0.5) ? `S-${rng.int(1, 20)}` : `S-${rng.int(1, 9)} TO S-${rng.int(10, 19)}`,
      `${d1}' - ${d1 + rng.pick([5, 10])}'`,
      `NQ CORE`,
      `RUN ${rng.int(1, 9)}`,
    ]);
    let x0 = pw * 0.08;
    let y0 = ph * 0.15;
    let areaW = pw * 0.84;
    let areaH = ph * 0.75;
    let extraMax = 4;
    let note = "";
    if (variant === "box" || variant === "corebox") {
      const base = rng.pick(["#b88a5a", "#c09363", "#a97d4f", "#c8a070"]);
      svg.add(`<rect width="${pw}" height="${ph}" fill="${base}"/>`);
      noiseLayer(rng, svg, "0.02 0.004", 3, [90, 60, 30], 0.5, -0.15);
      noiseLayer(rng, svg, "0.9", 2, [60, 40, 20], 0.6, -0.22);
      if (variant === "box") {
        note = "cardboard box";
        const ty = rng.range(0, ph * 0.08);
        svg.add(
          `<rect x="0" y="${f1(ty)}" width="${pw}" height="${f1(rng.range(80, 110))}" fill="#d8c49a" fill-opacity="0.55"/>`,
        );
        if (rng.chance(0.6)) {
          const cx = rng.chance(0.5) ? pw * 0.9 : pw * 0.1;
          const cy = ph * 0.86;
          svg.add(
            `<circle cx="${f1(cx)}" cy="${f1(cy)}" r="66" fill="none" stroke="#3b2a1a" stroke-opacity="0.6" stroke-width="3"/>`,
          );
          const sf = font("TeX Gyre Heros");
          typed(svg, sf, 13, cx, cy - 20, "BOX CERTIFICATE", {
            anchor: "middle",
            fill: "#3b2a1a",
            opacity: 0.7,
          });
          typed(svg, sf, 13, cx, cy + 2, "32 ECT", { anchor: "middle", fill: "#3b2a1a", opacity: 0.7 });
          typed(svg, sf, 11, cx, cy + 22, "SINGLE WALL", { anchor: "middle", fill: "#3b2a1a", opacity: 0.7 });
        }
        y0 = ph * 0.16;
        areaH = ph * 0.66;
        x0 = pw * 0.18;
        areaW = pw * 0.64;
      } else {
        note = "core box end";
        svg.add(
          `<rect x="6" y="6" width="${pw - 12}" height="${ph - 12}" fill="none" stroke="#5a3d20" stroke-opacity="0.5" stroke-width="8"/>`,
        );
        x0 = pw * 0.05;
        areaW = pw * 0.9;
        y0 = ph * 0.1;
        areaH = ph * 0.8;
        extraMax = 2;
      }
    } else if (variant === "bag") {
      note = "sample bag";
      alpha = true;
      // clear bag with soil in the bottom and a white write-on panel
      svg.add(`<rect width="${pw}" height="${ph}" rx="14" fill="#e8eef0" fill-opacity="0.28"/>`);
      const bl = svg.blurFilter(10);
      svg.add(
        `<ellipse cx="${pw / 2}" cy="${ph * 0.9}" rx="${pw * 0.44}" ry="${ph * 0.12}" fill="${rng.pick(["#6b4a2c", "#7a3d22", "#5d5146"])}" fill-opacity="0.85" filter="url(#${bl})"/>`,
      );
      noiseLayer(
        rng,
        svg,
        "0.08",
        3,
        [40, 25, 10],
        0.9,
        -0.3,
        0,
        Math.round(ph * 0.8),
        pw,
        Math.round(ph * 0.2),
      );
      svg.add(
        `<rect x="0" y="40" width="${pw}" height="10" fill="#c03030" fill-opacity="0.7"/><rect x="0" y="56" width="${pw}" height="6" fill="#3050c0" fill-opacity="0.6"/>`,
      );
      const px = pw * 0.06;
      const py = ph * 0.1;
      const pW = pw * 0.88;
      const pH = ph * 0.52;
      svg.add(`<rect x="${f1(px)}" y="${f1(py)}" width="${f1(pW)}" height="${f1(pH)}" fill="#f7f7f2"/>`);
      noiseLayer(
        rng,
        svg,
        "0.8",
        1,
        [100, 100, 100],
        0.3,
        -0.1,
        Math.round(px),
        Math.round(py),
        Math.round(pW),
        Math.round(pH),
      );
      const sf = font(rng.pick(TYPED_SANS));
      const caps = ["PROJECT", "BORING", "SAMPLE", "DEPTH", "DATE"];
      const rowH = pH / (caps.length + 0.3);
      const fx = px + 150;
      caps.forEach((c, i) => {
        const yy = py + (i + 0.85) * rowH;
        typed(svg, sf, 19, px + 14, yy, c, { fill: "#1b3f8f", weight: "bold" });
        svg.add(
          `<path d="M${f1(fx - 6)},${f1(yy + 4)} H${f1(px + pW - 16)}" stroke="#1b3f8f" stroke-width="1.5"/>`,
        );
      });
      const fW = px + pW - 20 - fx;
      const vals = [
        woLines[0]!,
        `B-${rng.int(1, 9)}`,
        `S-${rng.int(1, 20)}`,
        `${d1}-${d1 + rng.pick([1.5, 5])} ft`,
        D.date(rng),
      ];
      let minCap = Infinity;
      vals.forEach((v, i) => {
        const yy = py + (i + 0.85) * rowH;
        let cap = rowH * rng.range(0.42, 0.52);
        const ww = handWidth(h, cap, v);
        if (ww > fW - 10) cap *= (fW - 10) / ww;
        hand(rng, svg, h, fx + rng.range(0, 12), yy - rowH * 0.05, cap, v, rng.gauss() * 1.5);
        if (i === 0) minCap = Math.min(minCap, cap);
      });
      // further work orders written on the clear plastic below the panel
      let yy = py + pH + rowH * 0.9;
      for (const l of woLines.slice(1)) {
        let cap = rowH * 0.5;
        const ww = handWidth(h, cap, l);
        if (ww > pw * 0.85) cap *= (pw * 0.85) / ww;
        hand(rng, svg, h, pw * 0.08, yy, cap, l, rng.gauss() * 2);
        minCap = Math.min(minCap, cap);
        yy += rowH * 0.9;
      }
      const hb = svg.blurFilter(6);
      svg.add(
        `<path d="M${f1(pw * 0.1)},${f1(ph * 0.68)} Q${f1(pw * 0.5)},${f1(ph * 0.64)} ${f1(pw * 0.9)},${f1(ph * 0.74)}" stroke="#fff" stroke-opacity="0.45" stroke-width="14" fill="none" filter="url(#${hb})"/>`,
      );
      if (minCap * k < 12) throw new Error(`label bag: text too small ${f1(minCap * k)} px`);
      return { svg, truth: w.truth, font: disp(hf), minCap, notes: [note], paper: false, alpha };
    } else {
      note = "masking tape";
      alpha = true;
      let d = "M0,6";
      for (let x = 0; x <= pw; x += 40) d += ` L${x},${f1(rng.range(0, 12))}`;
      d += ` L${pw},${ph - 6}`;
      for (let x = pw; x >= 0; x -= 40) d += ` L${x},${f1(ph - rng.range(0, 12))}`;
      d += " Z";
      const clip = svg.id("c");
      svg.defs.push(`<clipPath id="${clip}"><path d="${d}"/></clipPath>`);
      svg.add(`<path d="${d}" fill="${rng.pick(["#e9dcb5", "#efe3bd", "#e3d3a6"])}"/>`);
      noiseLayer(rng, svg, "0.05 0.5", 2, [120, 100, 60], 0.5, -0.2, 0, 0, pw, ph, clip);
      x0 = pw * 0.04;
      areaW = pw * 0.92;
      y0 = ph * 0.08;
      areaH = ph * 0.84;
      extraMax = 1;
    }
    // write the lines large; drop extras (and split a tape's joined work orders) until the writing is big enough
    const minFinal = 14;
    let extraN = Math.min(extraMax, rng.int(1, 4));
    let join = variant === "tape" && woLines.length > 1;
    let lines: string[] = [];
    let cap = 0;
    for (let _attempt = 0; ; _attempt++) {
      const woPart = join ? [woLines.join("  ")] : woLines;
      lines = [woPart[0]!, ...rng.shuffle([...woPart.slice(1), ...extras.slice(0, extraN)])];
      cap = (areaH / lines.length) * rng.range(0.52, 0.62);
      const mw = Math.max(...lines.map((l) => handWidth(h, cap, l)));
      if (mw > areaW) cap *= areaW / mw;
      if (cap * k >= minFinal) break;
      if (join) join = false;
      else if (extraN > 0) extraN--;
      else throw new Error(`label: marker writing too small (${f1(cap * k)} px)`);
    }
    const n = lines.length;
    const center = rng.chance(0.5);
    const slope = rng.gauss() * 2.5;
    lines.forEach((l, i) => {
      const c = cap * rng.range(0.92, 1.0);
      const lw = handWidth(h, c, l);
      const x = center ? x0 + (areaW - lw) / 2 : x0 + rng.range(0, Math.max(0, areaW - lw) * 0.3);
      const y = y0 + (areaH / n) * (i + 0.5) + c / 2;
      hand(rng, svg, h, x, y, c, l, slope + rng.gauss());
    });
    if (variant === "box" || variant === "corebox") stains(rng, svg, rng.int(1, 3));
    return { svg, truth: w.truth, font: disp(hf), minCap: cap * 0.92, notes: [note], paper: false, alpha };
  },
};
// ---- form -------------------------------------------------------------------------------------------------------

const form: KindDef = {
  backgrounds: ["clipboard", "wood", "tailgate", "grey desk", "clipboard"],
  plan(rng) {
    const half = rng.chance(0.3);
    return { pw: 1275, ph: half ? rng.int(900, 1000) : 1650, variant: half ? "half" : "full" };
  },
  draw(rng, plan, k, fonts) {
    const { pw, ph } = plan;
    const svg = new Svg(pw, ph);
    const w = new WOs(rng);
    const carbon = rng.chance(0.3);
    paperBase(
      rng,
      svg,
      carbon ? rng.pick(["#f7d9e0", "#f7f0c0", "#fdfdf8"]) : rng.pick(["#fbfbf7", "#f9f9f3"]),
    );
    const pf = font(fonts.typed);
    const hf = font(fonts.hand);
    const printCol = rng.pick(["#1a1a1a", "#1d3d7a", "#2d5a2d", "#7a1d1d"]);
    const ink = carbon ? "blue" : pickInk(rng);
    const h = makeHand(rng, svg, hf, ink, carbon ? "felt" : inkTool(ink));
    const mL = 70;
    const mR = 70;
    const tw = pw - mL - mR;
    let y = 70;
    // leave the top 90 px clear for a clipboard clip
    y += 40;
    typed(svg, pf, 30, mL, y, rng.pick(COMPANIES), { weight: "bold", fill: printCol });
    typed(
      svg,
      pf,
      16,
      pw - mR,
      y - 12,
      `Form GL-${pad2(rng.int(1, 40))} (rev ${rng.int(1, 12)}/${rng.int(19, 25)})`,
      { anchor: "end", fill: printCol },
    );
    typed(svg, pf, 22, pw - mR, y + 16, `No. ${rng.int(100000, 999999)}`, { anchor: "end", fill: "#b02020" });
    y += 44;
    const title = rng.pick([
      "DAILY FIELD REPORT",
      "FIELD DENSITY TEST",
      "SAMPLE TRANSMITTAL",
      "BORING LOG - FIELD COPY",
      "FIELD INSPECTION REPORT",
    ]);
    typed(svg, pf, 26, mL, y, title, { weight: "bold", fill: printCol, spacing: 1.5 });
    y += 24;
    // grid of boxes
    const capSize = 15;
    const boxH = rng.range(72, 92);
    const fillCap = Math.max(boxH * rng.range(0.3, 0.4), 11 / k);
    const fields: string[][] = [
      ["Job No.", "Date", "Sheet"],
      ["Client", "Location"],
      ["Technician", rng.pick(["Emp. ID", "Emp. No."]), "Truck #"],
      [rng.pick(["Weather", "Rig"]), "Time In", "Time Out"],
      ["Boring No.", "Sample No.", "Depth (ft)"],
    ];
    if (rng.chance(0.4)) fields[0] = ["Date", "Job No.", "Sheet"];
    const rows =
      plan.variant === "half"
        ? [fields[0]!, fields[1]!, rng.pick([fields[2]!, fields[4]!])]
        : rng.chance(0.5)
          ? fields
          : [fields[0]!, fields[1]!, fields[2]!, fields[4]!];
    let nTruth = 0;
    const nWo = rng.weighted<number>([
      [1, 3],
      [2, 3],
      [3, 2],
    ]);
    let minCap = fillCap;
    const value = (fname: string): string => {
      switch (fname) {
        case "Job No.": {
          nTruth++;
          const v = w.labelled(0.25);
          svg.labelled.push(v);
          return v;
        }
        case "Date":
          return D.date(rng);
        case "Sheet":
          return `${rng.int(1, 3)} of ${rng.int(3, 6)}`;
        case "Client":
          return rng.pick(CLIENTS);
        case "Location":
          return `${rng.pick(PROJECTS)}, ${rng.pick(SITES)}`;
        case "Technician":
          return rng.pick(NAMES);
        case "Emp. ID":
        case "Emp. No.":
          return `${rng.int(1000, 9999)}`;
        case "Truck #":
          return `${rng.pick(["", "T-", "#"])}${rng.int(3, 240)}`;
        case "Weather":
          return rng.pick(["sunny 84F", "light rain", "overcast", "windy, dry"]);
        case "Rig":
          return rng.pick(["CME-55", "CME-75", "Mobile B-61", "hand auger"]);
        case "Time In":
        case "Time Out":
          return D.time(rng);
        case "Boring No.":
          return `B-${rng.int(1, 12)}`;
        case "Sample No.":
          return `S-${rng.int(1, 20)}`;
        default:
          return `${rng.int(1, 12) * 2.5}`;
      }
    };
    for (const row of rows) {
      const ws = row.map((f) => (f === "Client" || f === "Location" ? 2 : 1));
      const tot = ws.reduce((a, b) => a + b, 0);
      let x = mL;
      row.forEach((f, i) => {
        const bw = (ws[i]! / tot) * tw;
        svg.add(
          `<rect x="${f1(x)}" y="${f1(y)}" width="${f1(bw)}" height="${f1(boxH)}" fill="none" stroke="${printCol}" stroke-width="2"/>`,
        );
        typed(svg, pf, capSize, x + 8, y + capSize + 4, f, { fill: printCol });
        if (rng.chance(f === "Job No." ? 1 : 0.88)) {
          let v = value(f);
          let cap = fillCap * rng.range(0.95, 1.1);
          const avail = (bw - 30) * 0.9;
          const ww = handWidth(h, cap, v);
          if (ww > avail) {
            if (f === "Job No.") cap *= avail / ww;
            else if (f === "Client" || f === "Location") v = v.split(",")[0]!;
          }
          if (handWidth(h, cap, v) <= avail || f === "Job No.") {
            hand(
              rng,
              svg,
              h,
              x + 14 + rng.range(0, 20),
              y + boxH * 0.8 + rng.gauss() * 3,
              cap,
              v,
              rng.gauss(),
            );
            if (f === "Job No.") minCap = Math.min(minCap, cap);
          }
        }
        x += bw;
      });
      y += boxH;
    }
    y += 30;
    // sample table
    if (plan.variant === "full") {
      const cols = ["Sample No.", "Depth (ft)", "Description", "Blows / 6 in."];
      const cw = [0.16, 0.16, 0.46, 0.22];
      const rh = rng.range(52, 64);
      typed(svg, pf, 18, mL, y, "SAMPLES", { weight: "bold", fill: printCol });
      y += 10;
      let x = mL;
      const nr = rng.int(4, 6);
      cols.forEach((c, i) => {
        typed(svg, pf, capSize, x + 8, y + rh * 0.6, c, { fill: printCol, weight: "bold" });
        x += cw[i]! * tw;
      });
      let d = "";
      for (let r = 0; r <= nr + 1; r++) d += `M${mL},${f1(y + r * rh)} H${mL + tw} `;
      x = mL;
      for (let i = 0; i <= cols.length; i++) {
        d += `M${f1(x)},${f1(y)} V${f1(y + (nr + 1) * rh)} `;
        x += (cw[i] ?? 0) * tw;
      }
      svg.add(`<path d="${d}" stroke="${printCol}" stroke-width="1.6" fill="none"/>`);
      const filled = rng.int(2, nr);
      const scap = Math.max(rh * 0.36, 10 / k);
      let dep = rng.int(0, 3) * 2.5;
      for (let r = 0; r < filled; r++) {
        const ry = y + (r + 1) * rh + rh * 0.72;
        const vals = [`S-${r + 1}`, `${dep}-${dep + 1.5}`, rng.pick(SOILS), D.blows(rng)];
        dep += rng.pick([2.5, 5]);
        x = mL;
        vals.forEach((v, i) => {
          hand(rng, svg, h, x + 12 + rng.range(0, 10), ry + rng.gauss() * 2, scap, v, rng.gauss() * 0.8);
          x += cw[i]! * tw;
        });
      }
      y += (nr + 1) * rh + 40;
    }
    // remarks
    const remH = Math.min(ph - y - 170, rng.range(160, 260));
    typed(svg, pf, 18, mL, y, "REMARKS", { weight: "bold", fill: printCol });
    y += 10;
    svg.add(
      `<rect x="${mL}" y="${f1(y)}" width="${tw}" height="${f1(remH)}" fill="none" stroke="${printCol}" stroke-width="2"/>`,
    );
    const rl = Math.max(fillCap * 2.1, 44);
    let d = "";
    for (let ly = y + rl; ly < y + remH - 8; ly += rl) d += `M${mL + 10},${f1(ly)} H${mL + tw - 10} `;
    svg.add(`<path d="${d}" stroke="${printCol}" stroke-opacity="0.5" stroke-width="1"/>`);
    const remarks: string[] = [];
    const extra = nWo - nTruth;
    const woRemarks = [
      () => `also samples for W.O. ${w.full()}`,
      () => `Related W.O. ${w.labelled(0.25)} - ${rng.pick(TASKS)}`,
      () => `bill standby to ${w.full()}`,
      () => `see ${w.full()} for earlier tests`,
    ];
    for (let i = 0; i < extra; i++) remarks.push(rng.pick(woRemarks)());
    const otherRemarks = [
      () => `called ${rng.pick(FIRST)} ${D.phone(rng)}`,
      () => `GW @ ${D.depth(rng)}, caved at ${rng.int(8, 20)} ft`,
      () => `standby ${D.time(rng)} - ${D.time(rng)}`,
      () => `${D.emp(rng)} relieved ${D.time(rng)}`,
      () => `PO ${rng.int(40000, 49999)} per ${rng.pick(FIRST)}`,
    ];
    const fits = Math.floor((remH - 8) / rl);
    if (fits < extra) throw new Error("form: remarks box too small");
    while (remarks.length < Math.min(fits, Math.max(2, extra + rng.int(0, 2))))
      remarks.push(rng.pick(otherRemarks)());
    const rem = rng.shuffle(remarks);
    let ly = y + rl - 8;
    for (const r of rem) {
      if (ly > y + remH - 10) throw new Error("form: remarks do not fit");
      let cap = fillCap;
      const ww = handWidth(h, cap, r);
      if (ww > tw - 60) cap *= (tw - 60) / ww;
      hand(rng, svg, h, mL + 20 + rng.range(0, 30), ly, cap, r, rng.gauss() * 0.8);
      if (/\d{4}/.test(r)) minCap = Math.min(minCap, cap);
      ly += rl;
    }
    y += remH + 60;
    typed(svg, pf, capSize, mL, y, "Technician signature", { fill: printCol });
    svg.add(`<path d="M${mL + 170},${y + 4} H${mL + 600}" stroke="${printCol}" stroke-width="1.5"/>`);
    signature(
      rng,
      svg,
      hf,
      mL + 200,
      y - 4,
      fillCap * 1.2,
      rng.pick(FULLNAMES),
      ink === "pencil" ? "black" : ink,
    );
    typed(svg, pf, capSize, mL + 650, y, "Reviewed by", { fill: printCol });
    svg.add(`<path d="M${mL + 760},${y + 4} H${pw - mR}" stroke="${printCol}" stroke-width="1.5"/>`);
    stains(rng, svg, rng.int(0, 3));
    if (w.truth.length < 1 || w.truth.length > 3) throw new Error(`form: ${w.truth.length} work orders`);
    return {
      svg,
      truth: w.truth,
      font: `${disp(pf)} (print) + ${disp(hf)} (filled)`,
      minCap,
      notes: [carbon ? "carbonless copy" : "form"],
      paper: true,
    };
  },
};

// ---- sticky -----------------------------------------------------------------------------------------------------

const sticky: KindDef = {
  backgrounds: ["monitor", "wood", "grey desk", "dark desk", "white table", "monitor"],
  plan(rng) {
    const rect = rng.chance(0.25);
    return {
      pw: rect ? 600 : 520,
      ph: rect ? 760 : 520,
      variant: rng.pick(["yellow", "yellow", "pink", "green"]),
    };
  },
  draw(rng, plan, k, fonts) {
    const { pw, ph, variant } = plan;
    const svg = new Svg(pw, ph);
    const col = {
      yellow: ["#f6e66b", "#f8e97e", "#f3df5c"],
      pink: ["#f5a8c4", "#f7b3c9", "#f29bb8"],
      green: ["#b8e6a0", "#c2eaa8", "#abdf94"],
    }[variant]!;
    const base = rng.pick(col);
    svg.add(`<rect width="${pw}" height="${ph}" fill="${base}"/>`);
    noiseLayer(rng, svg, "0.6", 2, [120, 110, 60], 0.4, -0.15);
    // curl shading near the bottom and the glue strip at the top
    const gid = svg.id("l");
    svg.defs.push(
      `<linearGradient id="${gid}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0.06"/><stop offset="0.15" stop-color="#000" stop-opacity="0"/><stop offset="0.8" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="${f2(rng.range(0.08, 0.2))}"/></linearGradient>`,
    );
    svg.add(`<rect width="${pw}" height="${ph}" fill="url(#${gid})"/>`);
    if (ph > pw && rng.chance(0.7)) {
      let d = "";
      for (let y = 110; y < ph - 30; y += 62) d += `M30,${y} H${pw - 30} `;
      svg.add(`<path d="${d}" stroke="#6a8caf" stroke-opacity="0.35" stroke-width="1.5"/>`);
    }
    const hf = font(fonts.hand);
    const ink = rng.weighted<string>([
      ["blue", 3],
      ["black", 4],
      ["red", 1],
      ["pencil", 1],
    ]);
    const tool: Tool = ink === "pencil" ? "pencil" : rng.chance(0.4) ? "felt" : "pen";
    const h = makeHand(rng, svg, hf, ink, tool);
    const nWo = rng.weighted<number>([
      [1, 4],
      [2, 3],
      [3, 2],
    ]);
    const woL: ((r: Rng, w: WOs) => string)[] = [
      (r, w) => `re: ${w.withLabel(r.pick(["W.O.", "WO#", "Job No."]), 0.25)}`,
      (_r, w) => `${w.full()}`,
      (r, w) => `${w.full()} -> ${r.pick(FIRST)}`,
      (r, w) => `W.O. ${w.full()} ${r.pick(["rush!", "lab", "invoice", "redo", "call"])}`,
      (r, w) => `${w.full()} ${r.pick(TASKS)}`,
      (r, w) => w.withLabel(r.pick(["WO#", "Job No."]), 0.3),
    ];
    const other: ((r: Rng) => string)[] = [
      (r) => `Call ${r.pick(FIRST)}`,
      (r) => D.phone(r),
      (r) => `${r.pick(DAYS)} ${D.time(r)}`,
      (r) => `${D.suite(r)}`,
      (r) => `by ${D.dateShort(r)}`,
      (r) => `${r.pick(FIRST)} x${r.int(100, 499)}`,
      (r) => `${D.pr(r)}?`,
      (r) => `${r.int(2, 9)} boxes`,
    ];
    let lines: string[] = [];
    let woIdx = new Set<number>();
    let nOther = rng.int(1, 3);
    const margin = pw * 0.08;
    const areaW = pw - margin * 2;
    let lh = 0;
    let cap = 0;
    let w = new WOs(rng);
    for (let attempt = 0; ; attempt++) {
      w = new WOs(rng);
      lines = [];
      woIdx = new Set<number>();
      const slots = rng.shuffle([...Array(nWo).fill("w"), ...Array(nOther).fill("o")]);
      for (const s of slots) {
        if (s === "w") {
          woIdx.add(lines.length);
          lines.push(rng.pick(woL)(rng, w));
        } else lines.push(rng.pick(other)(rng));
      }
      lh = (ph - margin * 2) / lines.length;
      cap = lh * rng.range(0.38, 0.5);
      const maxW = Math.max(...lines.map((l) => handWidth(h, cap, l)));
      if (maxW > areaW) cap *= areaW / maxW;
      if (cap * 0.9 * k >= 12) break;
      if (attempt > 40) throw new Error("sticky: cannot fit the note");
      if (nOther > 0 && attempt % 3 === 2) nOther--;
    }
    const slope = rng.gauss() * 3;
    let minCap = Infinity;
    lines.forEach((l, i) => {
      const c = cap * rng.range(0.9, 1.05);
      const lw = handWidth(h, c, l);
      const x = margin + rng.range(0, Math.max(0, areaW - lw) * 0.5);
      const y = margin + lh * (i + 0.5) + c / 2;
      const r = hand(rng, svg, h, x, y, c, l, slope + rng.gauss() * 1.5);
      if (woIdx.has(i)) {
        minCap = Math.min(minCap, c);
        if (rng.chance(0.2))
          svg.add(
            `<path d="${wobblyLine(rng, x, y + c * 0.3, r.x1, y + c * 0.35 + (r.x1 - x) * Math.tan((slope * Math.PI) / 180), c * 0.05)}" stroke="${h.color}" stroke-width="${f1(c * 0.08)}" fill="none" opacity="0.8"/>`,
          );
      }
    });
    if (minCap * k < 11) throw new Error(`sticky: text too small (${f1(minCap * k)} px)`);
    return { svg, truth: w.truth, font: disp(hf), minCap, notes: [`${variant} sticky`], paper: false };
  },
};

const KIND_DEFS: Record<Kind, KindDef> = { notebook, letter, register, label, form, sticky };

// ---------------------------------------------------------------------------------------------------------------
// The photograph
// ---------------------------------------------------------------------------------------------------------------

type Pt = [number, number];
function homography(src: Pt[], dst: Pt[]): number[] {
  // solve for h (8 unknowns, h8 = 1) mapping src -> dst
  const A: number[][] = [];
  const b: number[] = [];
  for (let i = 0; i < 4; i++) {
    const [x, y] = src[i]!;
    const [u, v] = dst[i]!;
    A.push([x, y, 1, 0, 0, 0, -u * x, -u * y]);
    b.push(u);
    A.push([0, 0, 0, x, y, 1, -v * x, -v * y]);
    b.push(v);
  }
  const n = 8;
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(A[r]![c]!) > Math.abs(A[p]![c]!)) p = r;
    [A[c], A[p]] = [A[p]!, A[c]!];
    [b[c], b[p]] = [b[p]!, b[c]!];
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const f = A[r]![c]! / A[c]![c]!;
      for (let k = c; k < n; k++) A[r]![k]! -= f * A[c]![k]!;
      b[r]! -= f * b[c]!;
    }
  }
  const h = b.map((v, i) => v / A[i]![i]!);
  return [...h, 1];
}
const applyH = (H: number[], x: number, y: number): Pt => {
  const w = H[6]! * x + H[7]! * y + H[8]!;
  return [(H[0]! * x + H[1]! * y + H[2]!) / w, (H[3]! * x + H[4]! * y + H[5]!) / w];
};

interface Shot {
  Wf: number;
  Hf: number;
  k: number; // final px per page px
  H: number[]; // page -> working frame
  corners: Pt[]; // in working frame
  rot: number;
  base: number; // 0, 90, 180, 270
  persp: number;
  perspDir: string;
  bow: number;
}
function planShot(rng: Rng, pw: number, ph: number, kind: Kind, base: number): Shot {
  const Wf = 2 * Math.round(rng.range(700, 1100) / 2);
  const tilt = rng.range(2, 8) * rng.sign();
  const rot = base + tilt;
  const persp = rng.range(0.02, 0.12);
  const perspDir = rng.pick(["top", "bottom", "left", "right"]);
  const fill =
    kind === "register"
      ? rng.range(0.86, 0.95)
      : kind === "sticky"
        ? rng.range(0.45, 0.75)
        : kind === "label"
          ? rng.range(0.65, 0.88)
          : rng.range(0.72, 0.9);
  // page corners, centred, after keystone
  let c: Pt[] = [
    [-pw / 2, -ph / 2],
    [pw / 2, -ph / 2],
    [pw / 2, ph / 2],
    [-pw / 2, ph / 2],
  ];
  c = c.map(([x, y]) => {
    let X = x;
    let Y = y;
    if (perspDir === "top" && y < 0) {
      X *= 1 - persp;
      Y *= 1 - persp * 0.4;
    }
    if (perspDir === "bottom" && y > 0) {
      X *= 1 - persp;
      Y *= 1 - persp * 0.4;
    }
    if (perspDir === "left" && x < 0) {
      Y *= 1 - persp;
      X *= 1 - persp * 0.4;
    }
    if (perspDir === "right" && x > 0) {
      Y *= 1 - persp;
      X *= 1 - persp * 0.4;
    }
    return [X + rng.gauss() * pw * 0.004, Y + rng.gauss() * ph * 0.004];
  });
  const a = (rot * Math.PI) / 180;
  const ca = Math.cos(a);
  const sa = Math.sin(a);
  c = c.map(([x, y]) => [x * ca - y * sa, x * sa + y * ca]);
  const minX = Math.min(...c.map((p) => p[0]));
  const maxX = Math.max(...c.map((p) => p[0]));
  const minY = Math.min(...c.map((p) => p[1]));
  const maxY = Math.max(...c.map((p) => p[1]));
  const bw = maxX - minX;
  const bh = maxY - minY;
  const W2 = Wf * SS;
  let s = (fill * W2) / bw;
  const fillH = kind === "register" ? rng.range(0.86, 0.95) : rng.range(0.7, 0.9);
  let H2 = (s * bh) / fillH;
  const aspect = clamp(H2 / W2, 0.62, 1.45);
  H2 = aspect * W2;
  s = Math.min(s, (0.95 * H2) / bh);
  const Hf = 2 * Math.round(H2 / SS / 2);
  const H2i = Hf * SS;
  const slackX = W2 - s * bw;
  const slackY = H2i - s * bh;
  const ox = slackX * rng.range(0.3, 0.7) - s * minX;
  const oy = slackY * rng.range(0.3, 0.7) - s * minY;
  const corners: Pt[] = c.map(([x, y]) => [x * s + ox, y * s + oy]);
  const src: Pt[] = [
    [0, 0],
    [pw, 0],
    [pw, ph],
    [0, ph],
  ];
  const H = homography(src, corners);
  return { Wf, Hf, k: s / SS / 1, H, corners, rot, base, persp, perspDir, bow: 0 };
}

// --- backgrounds (SVG in working-frame pixels) ---

function background(
  rng: Rng,
  name: string,
  W: number,
  H: number,
  shot: Shot,
  pw: number,
  ph: number,
): { svg: string; over: string } {
  const svg = new Svg(W, H);
  let over = "";
  const s = W / 1800; // texture scale
  switch (name) {
    case "wood": {
      const base = rng.pick(["#8a5a33", "#a0703f", "#6e4526", "#b98a5a", "#5e3b22"]);
      svg.add(`<rect width="${W}" height="${H}" fill="${base}"/>`);
      const ang = rng.range(-20, 20) + (rng.chance(0.5) ? 90 : 0);
      const id = svg.id("w");
      const Dg = Math.ceil(Math.hypot(W, H));
      const rx = Math.round(W / 2 - Dg / 2);
      const ry = Math.round(H / 2 - Dg / 2);
      svg.defs.push(
        `<filter id="${id}" filterUnits="userSpaceOnUse" x="${rx}" y="${ry}" width="${Dg}" height="${Dg}"><feTurbulence type="fractalNoise" baseFrequency="${f2(0.0025 / s)} ${f2(0.06 / s)}" numOctaves="3" seed="${rng.seed()}"/><feColorMatrix type="matrix" values="0 0 0 0 0.2  0 0 0 0 0.1  0 0 0 0 0.04  1.4 0 0 0 -0.45"/></filter>`,
      );
      svg.add(
        `<rect x="${rx}" y="${ry}" width="${Dg}" height="${Dg}" filter="url(#${id})" transform="rotate(${f1(ang)} ${W / 2} ${H / 2})"/>`,
      );
      const pl = rng.range(260, 420) * s;
      let d = "";
      for (let x = -W; x < 2 * W; x += pl) d += `M${f1(x)},${-H} V${2 * H} `;
      svg.add(
        `<path d="${d}" stroke="#2a180c" stroke-opacity="0.55" stroke-width="${f1(3 * s)}" transform="rotate(${f1(ang + 90)} ${W / 2} ${H / 2})"/>`,
      );
      break;
    }
    case "grey desk":
    case "white table":
    case "dark desk":
    case "tailgate": {
      const base =
        name === "grey desk"
          ? rng.pick(["#8d9094", "#7c8086", "#9a9890"])
          : name === "white table"
            ? rng.pick(["#dcdcd6", "#e4e2da", "#d2d4d2"])
            : name === "dark desk"
              ? rng.pick(["#2f2c2a", "#26282c", "#3a3530"])
              : rng.pick(["#c9cbcd", "#5a6b7a", "#b32d2a"]);
      svg.add(`<rect width="${W}" height="${H}" fill="${base}"/>`);
      noiseLayer(rng, svg, f2(0.5 / s), 2, [40, 40, 40], 0.35, -0.12);
      if (name === "tailgate") {
        let d = "";
        for (let y = rng.range(0, 200) * s; y < H; y += 260 * s) d += `M0,${f1(y)} H${W} `;
        svg.add(`<path d="${d}" stroke="#000" stroke-opacity="0.25" stroke-width="${f1(30 * s)}"/>`);
      }
      break;
    }
    case "concrete": {
      svg.add(`<rect width="${W}" height="${H}" fill="${rng.pick(["#9a9a95", "#8c8d88", "#a8a59c"])}"/>`);
      noiseLayer(rng, svg, f2(0.01 / s), 4, [60, 60, 55], 0.8, -0.3);
      noiseLayer(rng, svg, f2(0.3 / s), 2, [50, 50, 50], 0.7, -0.3);
      break;
    }
    case "cutting mat": {
      svg.add(`<rect width="${W}" height="${H}" fill="${rng.pick(["#2f6b4f", "#275e47", "#3a4f7a"])}"/>`);
      const g = 36 * s;
      let d = "";
      let d2 = "";
      for (let i = 0; i * g < Math.max(W, H) * 1.5; i++) {
        const p = i * g;
        (i % 5 === 0 ? (x: string) => (d2 += x) : (x: string) => (d += x))(
          `M${f1(p)},0 V${H} M0,${f1(p)} H${W} `,
        );
      }
      const ang = rng.range(-10, 10);
      svg.add(
        `<g transform="rotate(${f1(ang)} ${W / 2} ${H / 2})"><path d="${d}" stroke="#d9e6d0" stroke-opacity="0.35" stroke-width="${f1(1.2 * s)}"/><path d="${d2}" stroke="#e6f0dd" stroke-opacity="0.55" stroke-width="${f1(2.4 * s)}"/></g>`,
      );
      noiseLayer(rng, svg, f2(0.4 / s), 2, [30, 30, 30], 0.3, -0.1);
      break;
    }
    case "truck seat": {
      svg.add(`<rect width="${W}" height="${H}" fill="${rng.pick(["#3b3d42", "#45423d", "#303236"])}"/>`);
      noiseLayer(rng, svg, f2(0.7 / s), 3, [10, 10, 10], 1.0, -0.35);
      noiseLayer(rng, svg, f2(0.004 / s), 2, [0, 0, 0], 0.9, -0.35);
      break;
    }
    case "shelf": {
      svg.add(`<rect width="${W}" height="${H}" fill="${rng.pick(["#4f6070", "#5c6b5a", "#6a6c70"])}"/>`);
      noiseLayer(rng, svg, f2(0.3 / s), 2, [20, 20, 20], 0.4, -0.15);
      const yy = rng.range(0.05, 0.2) * H;
      svg.add(
        `<rect x="0" y="${f1(yy)}" width="${W}" height="${f1(60 * s)}" fill="#000" fill-opacity="0.25"/>`,
      );
      let d = "";
      for (let x = 40 * s; x < W; x += 70 * s) d += `M${f1(x)},${f1(yy + 30 * s)} h${f1(14 * s)} `;
      svg.add(`<path d="${d}" stroke="#111" stroke-width="${f1(10 * s)}" stroke-linecap="round"/>`);
      break;
    }
    case "core shed": {
      svg.add(`<rect width="${W}" height="${H}" fill="#3a2e22"/>`);
      let y = -rng.range(0, 300) * s;
      while (y < H) {
        const bh = rng.range(250, 420) * s;
        let x = -rng.range(0, 300) * s;
        while (x < W) {
          const bw = rng.range(500, 900) * s;
          svg.add(
            `<rect x="${f1(x + 6 * s)}" y="${f1(y + 6 * s)}" width="${f1(bw - 12 * s)}" height="${f1(bh - 12 * s)}" fill="${rng.pick(["#a27a4c", "#8e6a40", "#b48b5b", "#7d5c37"])}"/>`,
          );
          x += bw;
        }
        y += bh;
      }
      noiseLayer(rng, svg, f2(0.02 / s), 3, [50, 35, 20], 0.6, -0.2);
      break;
    }
    case "truck bed": {
      svg.add(`<rect width="${W}" height="${H}" fill="#232323"/>`);
      let d = "";
      for (let x = 0; x < W * 1.5; x += 120 * s) d += `M${f1(x)},${-H} V${2 * H} `;
      svg.add(
        `<path d="${d}" stroke="#3a3a3a" stroke-width="${f1(45 * s)}" transform="rotate(${f1(rng.range(-15, 15))} ${W / 2} ${H / 2})"/>`,
      );
      noiseLayer(rng, svg, f2(0.5 / s), 2, [90, 80, 70], 0.5, -0.2);
      break;
    }
    case "clipboard": {
      svg.add(
        `<rect width="${W}" height="${H}" fill="${rng.pick(["#8d9094", "#6e4526", "#2f2c2a", "#dcdcd6"])}"/>`,
      );
      noiseLayer(rng, svg, f2(0.5 / s), 2, [40, 40, 40], 0.3, -0.1);
      // board: a rectangle a little larger than the page, in the same perspective
      const m = 0.045;
      const bc = [
        applyH(shot.H, -pw * m, -ph * m * 2.2),
        applyH(shot.H, pw * (1 + m), -ph * m * 2.2),
        applyH(shot.H, pw * (1 + m), ph * (1 + m)),
        applyH(shot.H, -pw * m, ph * (1 + m)),
      ];
      const bl = svg.blurFilter(14 * s);
      svg.add(
        `<polygon points="${bc.map((p) => `${f1(p[0] + 18 * s)},${f1(p[1] + 22 * s)}`).join(" ")}" fill="#000" fill-opacity="0.45" filter="url(#${bl})"/>`,
      );
      svg.add(
        `<polygon points="${bc.map((p) => `${f1(p[0])},${f1(p[1])}`).join(" ")}" fill="${rng.pick(["#7a5232", "#8b6238", "#3a3d42"])}"/>`,
      );
      // clip at the top centre, drawn over the page
      const [cx, cy] = applyH(shot.H, pw / 2, ph * 0.005);
      const cw = pw * 0.3 * shot.k * SS;
      const ch = ph * 0.045 * shot.k * SS;
      const bl2 = `cb${rng.int(0, 9999)}`;
      over = `<defs><filter id="${bl2}" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${f1(6 * s)}"/></filter></defs><g transform="translate(${f1(cx)},${f1(cy)}) rotate(${f1(shot.rot)})"><rect x="${f1(-cw / 2 + 8 * s)}" y="${f1(-ch * 0.3 + 12 * s)}" width="${f1(cw)}" height="${f1(ch)}" rx="${f1(ch * 0.2)}" fill="#000" fill-opacity="0.45" filter="url(#${bl2})"/><rect x="${f1(-cw / 2)}" y="${f1(-ch * 0.3)}" width="${f1(cw)}" height="${f1(ch)}" rx="${f1(ch * 0.2)}" fill="#b9bcc0"/><rect x="${f1(-cw / 2)}" y="${f1(-ch * 0.3)}" width="${f1(cw)}" height="${f1(ch * 0.35)}" rx="${f1(ch * 0.15)}" fill="#e3e5e8" fill-opacity="0.8"/><rect x="${f1(-cw * 0.3)}" y="${f1(-ch * 0.9)}" width="${f1(cw * 0.6)}" height="${f1(ch * 0.7)}" rx="${f1(ch * 0.3)}" fill="none" stroke="#9a9da2" stroke-width="${f1(8 * s)}"/></g>`;
      break;
    }
    case "monitor": {
      // a screen with blurry windows above, a bezel, and the desk below
      const by = clamp(rng.range(0.55, 0.8) * H, 0, H);
      svg.add(`<rect width="${W}" height="${H}" fill="${rng.pick(["#6a6660", "#3a3632", "#8d9094"])}"/>`);
      svg.add(`<rect x="${f1(-0.1 * W)}" y="0" width="${f1(1.2 * W)}" height="${f1(by)}" fill="#141517"/>`);
      const bz = 45 * s;
      svg.add(
        `<rect x="${f1(-0.1 * W + bz)}" y="0" width="${f1(1.2 * W - 2 * bz)}" height="${f1(by - bz * 1.4)}" fill="${rng.pick(["#203048", "#e8ecf0", "#2a2a36"])}"/>`,
      );
      const bl = svg.blurFilter(18 * s);
      for (let i = 0; i < 6; i++)
        svg.add(
          `<rect x="${f1(rng.range(0, W))}" y="${f1(rng.range(0, by - 200 * s))}" width="${f1(rng.range(200, 700) * s)}" height="${f1(rng.range(120, 400) * s)}" fill="${rng.pick(["#4b7bd0", "#f0f0f0", "#3d4a5c", "#7fb2e0", "#d0d8e0"])}" fill-opacity="0.8" filter="url(#${bl})"/>`,
        );
      svg.add(
        `<rect x="${f1(-0.1 * W)}" y="${f1(by - bz * 1.4)}" width="${f1(1.2 * W)}" height="${f1(bz * 1.4)}" fill="#0e0f10"/>`,
      );
      noiseLayer(rng, svg, f2(0.5 / s), 1, [40, 40, 40], 0.2, -0.08);
      break;
    }
    default:
      throw new Error(`unknown background ${name}`);
  }
  // the page's own shadow on the surface
  const bl = svg.blurFilter(rng.range(6, 16) * s);
  const dx = rng.range(-10, 18) * s;
  const dy = rng.range(4, 20) * s;
  svg.add(
    `<polygon points="${shot.corners.map((p) => `${f1(p[0] + dx)},${f1(p[1] + dy)}`).join(" ")}" fill="#000" fill-opacity="${f2(rng.range(0.25, 0.5))}" filter="url(#${bl})"/>`,
  );
  // rendered at the final size (its detail would be lost in the downscale anyway) and scaled up for compositing
  return { svg: svg.toString(Math.round(W / SS), Math.round(H / SS)), over };
}

async function rasterRGBA(svg: string, w: number, h: number): Promise<Buffer> {
  const { data, info } = await sharp(Buffer.from(svg), { unlimited: true, limitInputPixels: false })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (info.width !== w || info.height !== h || info.channels !== 4)
    throw new Error(`raster size ${info.width}x${info.height}x${info.channels}, wanted ${w}x${h}`);
  return data;
}

/** Inverse-warp the page into the frame (bilinear, alpha-composited). */
function warpInto(
  frame: Float32Array,
  W: number,
  H: number,
  page: Buffer,
  pw: number,
  ph: number,
  Hm: number[],
  bow: number,
) {
  // inverse homography
  const [a, b, c, d, e, f, g, h, i] = Hm as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const A = e * i - f * h;
  const B = -(d * i - f * g);
  const C = d * h - e * g;
  const Dd = -(b * i - c * h);
  const E = a * i - c * g;
  const F = -(a * h - b * g);
  const G = b * f - c * e;
  const Hh = -(a * f - c * d);
  const I = a * e - b * d;
  const inv = [A, Dd, G, B, E, Hh, C, F, I];
  for (let y = 0; y < H; y++) {
    const Y = y + 0.5;
    for (let x = 0; x < W; x++) {
      const X = x + 0.5;
      const ww = inv[6]! * X + inv[7]! * Y + inv[8]!;
      const u = (inv[0]! * X + inv[1]! * Y + inv[2]!) / ww;
      let v = (inv[3]! * X + inv[4]! * Y + inv[5]!) / ww;
      if (u < -1 || u > pw + 1) continue;
      if (bow !== 0) v += bow * Math.sin((Math.PI * u) / pw) * (0.3 + 0.7 * (v / ph));
      if (v < -1 || v > ph + 1) continue;
      const uf = u - 0.5;
      const vf = v - 0.5;
      const x0 = Math.floor(uf);
      const y0 = Math.floor(vf);
      const fx = uf - x0;
      const fy = vf - y0;
      let r = 0;
      let gg = 0;
      let bb = 0;
      let al = 0;
      for (let k = 0; k < 4; k++) {
        const xx = x0 + (k & 1);
        const yy = y0 + (k >> 1);
        if (xx < 0 || yy < 0 || xx >= pw || yy >= ph) continue;
        const wt = ((k & 1) === 1 ? fx : 1 - fx) * (k >> 1 === 1 ? fy : 1 - fy);
        const o = (yy * pw + xx) * 4;
        const pa = (page[o + 3]! / 255) * wt;
        r += page[o]! * pa;
        gg += page[o + 1]! * pa;
        bb += page[o + 2]! * pa;
        al += pa;
      }
      if (al <= 0) continue;
      const o = (y * W + x) * 3;
      frame[o] = frame[o]! * (1 - al) + r;
      frame[o + 1] = frame[o + 1]! * (1 - al) + gg;
      frame[o + 2] = frame[o + 2]! * (1 - al) + bb;
    }
  }
}
function overlayInto(frame: Float32Array, W: number, H: number, rgba: Buffer) {
  for (let p = 0, q = 0; p < W * H * 3; p += 3, q += 4) {
    const a = rgba[q + 3]! / 255;
    if (a === 0) continue;
    frame[p] = frame[p]! * (1 - a) + rgba[q]! * a;
    frame[p + 1] = frame[p + 1]! * (1 - a) + rgba[q + 1]! * a;
    frame[p + 2] = frame[p + 2]! * (1 - a) + rgba[q + 2]! * a;
  }
}

interface Light {
  desc: string[];
  shadowSvg: string;
  glareSvg: string | null;
}
/** Shadows and glare as SVG masks in final-frame pixels. */
function lighting(rng: Rng, kind: Kind, Wf: number, Hf: number, shot: Shot, capFinal: number): Light {
  const desc: string[] = [];
  const parts: string[] = [];
  const defs: string[] = [];
  let n = 0;
  const blur = (sd: number) => {
    n++;
    defs.push(
      `<filter id="s${n}" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${f1(sd)}"/></filter>`,
    );
    return `s${n}`;
  };
  const cx = shot.corners.reduce((a, p) => a + p[0], 0) / 4 / SS;
  const cy = shot.corners.reduce((a, p) => a + p[1], 0) / 4 / SS;
  const halfPlane = (px: number, py: number, ang: number, str: number, sd: number) => {
    const dx = Math.cos(ang);
    const dy = Math.sin(ang);
    const L = (Wf + Hf) * 2;
    // the shadow covers the side of the line (px,py)+t*(dx,dy) to the left of the direction
    const nx = -dy;
    const ny = dx;
    const pts = [
      [px - dx * L, py - dy * L],
      [px + dx * L, py + dy * L],
      [px + dx * L + nx * L, py + dy * L + ny * L],
      [px - dx * L + nx * L, py - dy * L + ny * L],
    ];
    parts.push(
      `<polygon points="${pts.map((p) => `${f1(p[0]!)},${f1(p[1]!)}`).join(" ")}" fill="#000" fill-opacity="${f2(str)}" filter="url(#${blur(sd)})"/>`,
    );
  };
  const hard = kind === "register" || rng.chance(0.3);
  const maxStr = capFinal < 8.5 ? 0.55 : 0.65;
  if (kind === "register") {
    // across part of the table
    const str = rng.range(0.35, maxStr);
    const ang = rng.range(0, Math.PI * 2);
    const off = rng.range(-0.25, 0.25) * Math.min(Wf, Hf);
    const sd = rng.range(0.004, 0.02) * Wf;
    halfPlane(cx + Math.cos(ang + Math.PI / 2) * off, cy + Math.sin(ang + Math.PI / 2) * off, ang, str, sd);
    desc.push(`${str > 0.48 ? "strong" : "soft"} shadow ${f2(str)} across table`);
    if (rng.chance(0.4)) {
      // a second band: an arm or a pen
      const str2 = rng.range(0.2, 0.4);
      const a2 = rng.range(0, Math.PI);
      const wdt = rng.range(0.05, 0.15) * Hf;
      const L = Wf + Hf;
      const px = cx + rng.gauss() * Wf * 0.15;
      const py = cy + rng.gauss() * Hf * 0.15;
      parts.push(
        `<rect x="${f1(px - L)}" y="${f1(py - wdt / 2)}" width="${f1(2 * L)}" height="${f1(wdt)}" transform="rotate(${f1((a2 * 180) / Math.PI)} ${f1(px)} ${f1(py)})" fill="#000" fill-opacity="${f2(str2)}" filter="url(#${blur(rng.range(0.01, 0.03) * Wf)})"/>`,
      );
      desc.push(`band shadow ${f2(str2)}`);
    }
  } else {
    const t = rng.weighted<string>([
      ["none", 2],
      ["edge", 4],
      ["blob", 3],
    ]);
    if (t === "edge") {
      const str = hard ? rng.range(0.4, maxStr) : rng.range(0.18, 0.4);
      const ang = rng.range(0, Math.PI * 2);
      const off = rng.range(0.05, 0.4) * Math.min(Wf, Hf);
      const sd = hard ? rng.range(0.004, 0.015) * Wf : rng.range(0.02, 0.06) * Wf;
      halfPlane(cx + Math.cos(ang + Math.PI / 2) * off, cy + Math.sin(ang + Math.PI / 2) * off, ang, str, sd);
      desc.push(`${hard ? "strong" : "soft"} shadow edge ${f2(str)}`);
    } else if (t === "blob") {
      const str = rng.range(0.2, 0.45);
      const ex = rng.chance(0.5) ? rng.range(-0.1, 0.25) * Wf : rng.range(0.75, 1.1) * Wf;
      const ey = rng.range(0.1, 1.0) * Hf;
      parts.push(
        `<ellipse cx="${f1(ex)}" cy="${f1(ey)}" rx="${f1(rng.range(0.25, 0.45) * Wf)}" ry="${f1(rng.range(0.2, 0.4) * Hf)}" fill="#000" fill-opacity="${f2(str)}" filter="url(#${blur(rng.range(0.04, 0.08) * Wf)})"/>`,
      );
      desc.push(`shadow blob ${f2(str)}`);
    }
  }
  const shadowSvg = `<svg xmlns="http://www.w3.org/2000/svg" width="${Wf}" height="${Hf}"><defs>${defs.join("")}</defs><rect width="${Wf}" height="${Hf}" fill="#fff"/>${parts.join("")}</svg>`;
  let glareSvg: string | null = null;
  if (kind !== "register" && rng.chance(0.3)) {
    const g = rng.range(0.25, 0.5);
    glareSvg = `<svg xmlns="http://www.w3.org/2000/svg" width="${Wf}" height="${Hf}"><defs><filter id="g" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${f1(rng.range(0.03, 0.07) * Wf)}"/></filter></defs><rect width="${Wf}" height="${Hf}" fill="#000"/><ellipse cx="${f1(rng.range(0.15, 0.85) * Wf)}" cy="${f1(rng.range(0.15, 0.85) * Hf)}" rx="${f1(rng.range(0.08, 0.2) * Wf)}" ry="${f1(rng.range(0.05, 0.14) * Hf)}" transform="rotate(${f1(rng.range(0, 180))} ${f1(Wf / 2)} ${f1(Hf / 2)})" fill="#fff" fill-opacity="${f2(g)}" filter="url(#g)"/></svg>`;
    desc.push(`glare ${f2(g)}`);
  }
  return { desc, shadowSvg, glareSvg };
}

async function photograph(
  rng: Rng,
  kind: Kind,
  page: Page,
  pw: number,
  ph: number,
  shot: Shot,
  bgName: string,
): Promise<{ jpg: Buffer; desc: string }> {
  const W2 = shot.Wf * SS;
  const H2 = shot.Hf * SS;
  const { Wf, Hf } = shot;
  const desc: string[] = [];
  if (shot.base === 180)
    desc.push(`upside down, rotated 180° ${shot.rot - 180 >= 0 ? "+" : "-"}${f1(Math.abs(shot.rot - 180))}°`);
  else if (shot.base === 90 || shot.base === 270)
    desc.push(
      `sideways (${shot.base === 90 ? "90° clockwise" : "90° anticlockwise"}) ${shot.rot - shot.base >= 0 ? "+" : "-"}${f1(Math.abs(shot.rot - shot.base))}°`,
    );
  else desc.push(`rotated ${shot.rot >= 0 ? "+" : "-"}${f1(Math.abs(shot.rot))}°`);
  desc.push(`perspective ${f2(shot.persp)}`);
  desc.push(`on ${bgName}`);
  // page
  const pageRGBA = await rasterRGBA(page.svg.toString(), pw, ph);
  // DUMP=<dir> also writes the flat page, before it is photographed
  if (process.env.DUMP)
    await sharp(pageRGBA, { raw: { width: pw, height: ph, channels: 4 } })
      .png()
      .toFile(join(process.env.DUMP, `page-${kind}-${pw}x${ph}.png`));
  const bg = background(rng, bgName, W2, H2, shot, pw, ph);
  const bgSmall = await rasterRGBA(bg.svg, Wf, Hf);
  const bgRGBA = await sharp(bgSmall, { raw: { width: Wf, height: Hf, channels: 4 } })
    .resize(W2, H2, { kernel: "cubic" })
    .raw()
    .toBuffer();
  const frame = new Float32Array(W2 * H2 * 3);
  for (let p = 0, q = 0; p < frame.length; p += 3, q += 4) {
    frame[p] = bgRGBA[q]!;
    frame[p + 1] = bgRGBA[q + 1]!;
    frame[p + 2] = bgRGBA[q + 2]!;
  }
  let bow = 0;
  if (page.paper && rng.chance(0.4)) {
    bow = rng.range(0.006, 0.018) * ph * rng.sign();
    desc.push("page bowed");
  }
  warpInto(frame, W2, H2, pageRGBA, pw, ph, shot.H, bow);
  if (bg.over)
    overlayInto(
      frame,
      W2,
      H2,
      await rasterRGBA(
        `<svg xmlns="http://www.w3.org/2000/svg" width="${W2}" height="${H2}">${bg.over}</svg>`,
        W2,
        H2,
      ),
    );
  const f8 = Buffer.alloc(W2 * H2 * 3);
  for (let p = 0; p < frame.length; p++) f8[p] = clamp(Math.round(frame[p]!), 0, 255);
  const small = await sharp(f8, { raw: { width: W2, height: H2, channels: 3 } })
    .resize(Wf, Hf, { kernel: "lanczos3" })
    .raw()
    .toBuffer();
  // lighting
  const capFinal = page.minCap * shot.k * (1 - shot.persp);
  const light = lighting(rng, kind, Wf, Hf, shot, capFinal);
  const shadow = await rasterRGBA(light.shadowSvg, Wf, Hf);
  const glare = light.glareSvg ? await rasterRGBA(light.glareSvg, Wf, Hf) : null;
  const grad = rng.range(0.08, 0.4);
  const ga = rng.range(0, Math.PI * 2);
  const gx = Math.cos(ga);
  const gy = Math.sin(ga);
  const vig = rng.range(0.05, 0.3);
  const expo = rng.range(0.88, 1.08);
  const castName = rng.pick(["warm", "warm", "cool", "green", "neutral"]);
  const castStr = rng.range(0.3, 1);
  const castBase: Record<string, [number, number, number]> = {
    warm: [1.04, 0.95, 0.78],
    cool: [0.88, 0.96, 1.06],
    green: [0.93, 1.02, 0.88],
    neutral: [1, 1, 1],
  };
  const cb = castBase[castName]!;
  const cast = cb.map((v) => 1 + (v - 1) * castStr);
  const lift = rng.range(4, 26);
  desc.push(`light gradient ${f2(grad)}`);
  desc.push(...light.desc);
  if (castName !== "neutral") desc.push(`${castName} cast ${f1(castStr)}`);
  const lit = Buffer.alloc(Wf * Hf * 3);
  for (let y = 0; y < Hf; y++) {
    const ny = (y / Hf) * 2 - 1;
    for (let x = 0; x < Wf; x++) {
      const nx = (x / Wf) * 2 - 1;
      const L = expo * (1 + grad * 0.5 * (nx * gx + ny * gy)) * (1 - vig * 0.5 * (nx * nx + ny * ny));
      const q = (y * Wf + x) * 4;
      const m = shadow[q]! / 255;
      const gl = glare ? glare[q]! / 255 : 0;
      const o = (y * Wf + x) * 3;
      for (let ch = 0; ch < 3; ch++) {
        const sm = m ** (ch === 0 ? 1.08 : ch === 2 ? 0.9 : 1); // shade is a little blue
        let v = small[o + ch]! * L * sm * cast[ch]!;
        v = v + (255 - v) * gl;
        v = lift + v * (1 - lift / 255);
        lit[o + ch] = clamp(Math.round(v), 0, 255);
      }
    }
  }
  // blur (some), limited by the text size so that a person can still read it
  let img = sharp(lit, { raw: { width: Wf, height: Hf, channels: 3 } });
  const maxBlur = clamp(capFinal * 0.085, 0.3, 1.3);
  const blurKind = rng.weighted<string>([
    ["none", kind === "register" ? 3 : 5],
    ["gauss", kind === "register" ? 5 : 4],
    ["motion", 1],
  ]);
  if (blurKind === "gauss") {
    const sg = rng.range(0.3, maxBlur);
    img = img.blur(sg);
    desc.push(`blur ${f1(sg)}`);
  } else if (blurKind === "motion") {
    const len = capFinal >= 12 ? 5 : 3;
    const ang = rng.range(0, Math.PI);
    const kern = new Array(len * len).fill(0);
    const c0 = (len - 1) / 2;
    for (let t = -c0; t <= c0; t += 0.25) {
      const xi = Math.round(c0 + t * Math.cos(ang));
      const yi = Math.round(c0 + t * Math.sin(ang));
      kern[yi * len + xi] += 1;
    }
    img = img.convolve({ width: len, height: len, kernel: kern });
    desc.push(`motion blur ${len}px`);
  }
  const blurred = await img.raw().toBuffer();
  // sensor noise
  const sigma = rng.range(2.5, 7);
  const out = Buffer.alloc(blurred.length);
  for (let p = 0; p < blurred.length; p += 3) {
    const l = (blurred[p]! + blurred[p + 1]! + blurred[p + 2]!) / 765;
    const s = sigma * (0.7 + 0.6 * (1 - l));
    const nl = rng.gauss() * s;
    for (let ch = 0; ch < 3; ch++)
      out[p + ch] = clamp(Math.round(blurred[p + ch]! + nl + rng.gauss() * s * 0.35), 0, 255);
  }
  desc.push(`noise σ${f1(sigma)}`);
  const q = kind === "register" && capFinal < 8.5 ? rng.int(35, 60) : rng.int(25, 60);
  desc.push(`JPEG q${q}`);
  desc.push(`${Wf}x${Hf}`);
  const jpg = await sharp(out, { raw: { width: Wf, height: Hf, channels: 3 } })
    .jpeg({ quality: q, chromaSubsampling: "4:2:0" })
    .toBuffer();
  return { jpg, desc: desc.join(", ") };
}

// ---------------------------------------------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------------------------------------------

interface Entry {
  file: string;
  split: string;
  kind: Kind;
  truth: string[];
  font: string;
  distortion: string;
}

/** Smallest cap height of a work order in the final photo, per kind (before perspective). */
const MIN_CAP: Record<Kind, number> = {
  notebook: 10,
  letter: 7,
  register: 6.9,
  label: 14,
  form: 10,
  sticky: 11,
};

/** Which pictures are upside down or sideways: a few labels and sticky notes in each split. */
const ORIENT: Record<string, Record<string, number[]>> = {
  dev: { label: [0, 180, 0, 180, 90], sticky: [0, 0, 270, 0, 0] },
  test: { label: [180, 0, 270, 0, 180], sticky: [0, 90, 0, 0, 0] },
};

async function main() {
  const t0 = performance.now();
  await loadFonts();
  // ONLY=<substring> regenerates just the matching pictures (for looking at them); it leaves the manifest alone.
  const only = process.env.ONLY;
  const outDir = only ? (process.env.OUT ?? OUT_DIR) : OUT_DIR;
  mkdirSync(outDir, { recursive: true });
  if (!only)
    for (const f of readdirSync(OUT_DIR))
      if (f.endsWith(".jpg") || f === "manifest.json") rmSync(join(OUT_DIR, f));
  const manifest: Entry[] = [];
  const hands = HAND_FONTS();
  for (const split of ["dev", "test"]) {
    const srng = new Rng(hashStr(SPLIT_SEEDS[split]!));
    // spread the handwriting fonts evenly over the kinds of each split
    const handOrder = srng.shuffle(hands);
    const typedOrder = srng.shuffle([...TYPED_SANS, ...TYPED_SERIF, "TeX Gyre Cursor", "Roboto Condensed"]);
    const bgOrder = Object.fromEntries(
      KINDS.map((k) => [k, srng.shuffle(KIND_DEFS[k].backgrounds)]),
    ) as Record<Kind, string[]>;
    let hi = 0;
    let ti = 0;
    let idx = 0;
    for (let rep = 0; rep < PER_KIND; rep++) {
      for (const kind of KINDS) {
        idx++;
        const file = `${split}-${pad2(idx)}-${kind}.jpg`;
        if (only && !file.includes(only)) {
          hi++;
          ti++;
          continue;
        }
        const rng = new Rng(hashStr(`${SPLIT_SEEDS[split]}/${file}`));
        const def = KIND_DEFS[kind];
        let handFam = handOrder[hi++ % handOrder.length]!;
        if (kind === "label" && !MARKER_FONTS.includes(handFam)) handFam = rng.pick(MARKER_FONTS);
        let typedFam = typedOrder[ti++ % typedOrder.length]!;
        if (kind === "register" && !TYPED_NARROW.includes(typedFam) && typedFam !== "TeX Gyre Cursor")
          typedFam = rng.pick([...TYPED_NARROW, "TeX Gyre Cursor"]);
        const plan = def.plan(rng.fork("plan"), rep);
        const base = ORIENT[split]![kind]?.[rep] ?? 0;
        const shot = planShot(rng.fork("shot"), plan.pw, plan.ph, kind, base);
        const page = def.draw(rng.fork("page"), plan, shot.k, { hand: handFam, typed: typedFam });
        checkTruth(page.svg.texts, page.svg.labelled, page.truth, file);
        // fair: the smallest work order on the page must come out at least this tall (cap height, final px)
        const capPx = page.minCap * shot.k;
        if (capPx < MIN_CAP[kind])
          throw new Error(`${file}: work order ${capPx.toFixed(1)} px high, below ${MIN_CAP[kind]}`);
        const bgName = bgOrder[kind][rep % bgOrder[kind].length]!;
        const { jpg, desc } = await photograph(rng.fork("photo"), kind, page, plan.pw, plan.ph, shot, bgName);
        writeFileSync(join(outDir, file), jpg);
        manifest.push({ file, split, kind, truth: page.truth, font: page.font, distortion: desc });
        console.log(
          `${file.padEnd(24)} ${String(page.truth.length).padStart(2)} WO  cap ${f1(page.minCap * shot.k)}px  ${(jpg.length / 1024).toFixed(0)} KB  ${page.font} | ${page.notes.join("; ")}`,
        );
      }
    }
  }
  if (only) return;
  const J = JSON.stringify;
  // laid out as the project's formatter (biome, 110 columns) would: a long truth list goes one per line
  const truthLine = (t: string[]) => {
    const one = `    "truth": [${t.map((x) => J(x)).join(", ")}],`;
    return one.length <= 110 ? one : `    "truth": [\n${t.map((x) => `      ${J(x)}`).join(",\n")}\n    ],`;
  };
  const lines = manifest.map(
    (e) =>
      `  {\n    "file": ${J(e.file)},\n    "split": ${J(e.split)},\n    "kind": ${J(e.kind)},\n${truthLine(e.truth)}\n    "font": ${J(e.font)},\n    "distortion": ${J(e.distortion)}\n  }`,
  );
  writeFileSync(join(OUT_DIR, "manifest.json"), `[\n${lines.join(",\n")}\n]\n`);
  let total = 0;
  for (const f of readdirSync(OUT_DIR)) total += statSync(join(OUT_DIR, f)).size;
  console.log(
    `${manifest.length} images, ${(total / 1024 / 1024).toFixed(2)} MB, ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
}

await main();
