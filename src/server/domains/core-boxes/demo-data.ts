/**
 * Realistic demo boxes, deterministic from a seed: the demo seed takes a few hundred, the benchmark 200,000.
 * Distributions follow the firm's shape: most work on Oahu, older boxes mostly complete and expired.
 */
import { type Complete, type Disposition, defaultExpiry, yearOf } from "@shared/core-boxes";
import type { BoxFields } from "./queries";

const ISLAND_WEIGHTS: [string, number][] = [
  ["Oahu", 52],
  ["Hawaii", 16],
  ["Maui", 16],
  ["Kauai", 10],
  ["Molokai", 3],
  ["Lanai", 3],
];
const PLACES: Record<string, string[]> = {
  Oahu: [
    "Kailua",
    "Kapolei",
    "Kaneohe",
    "Waipahu",
    "Ewa Beach",
    "Manoa",
    "Makiki",
    "Aiea",
    "Pearl City",
    "Haleiwa",
    "Wahiawa",
    "Kakaako",
    "Hawaii Kai",
    "Mililani",
    "Waianae",
    "Kalihi",
  ],
  Hawaii: ["Hilo", "Kona", "Waimea", "Pahoa", "Kau", "Keaau", "Honokaa", "Kohala"],
  Maui: ["Kahului", "Wailuku", "Kihei", "Lahaina", "Makawao", "Paia", "Hana", "Kula"],
  Kauai: ["Lihue", "Kapaa", "Princeville", "Koloa", "Waimea", "Hanapepe"],
  Molokai: ["Kaunakakai", "Kualapuu", "Maunaloa"],
  Lanai: ["Lanai City", "Manele"],
};
const KINDS = [
  "Residence",
  "Single-Family Dwelling",
  "Subdivision Phase 2",
  "Warehouse",
  "Retaining Wall",
  "Bridge Replacement",
  "Elementary School Addition",
  "Water Tank",
  "Roadway Improvements",
  "Condominium",
  "Hotel Renovation",
  "Drainage Improvements",
  "Parking Structure",
  "Wastewater Pump Station",
  "Rockfall Mitigation",
  "Shoreline Protection",
  "Fire Station",
  "Affordable Housing",
  "Solar Farm",
  "Slope Stabilization",
];
const OLD_DISPOSITIONS: [Disposition, number][] = [
  ["Dump", 45],
  ["Keep", 40],
  ["Save", 15],
];
const NEW_DISPOSITIONS: [Disposition, number][] = [
  ["Keep", 80],
  ["Save", 10],
  ["Dump", 10],
];
const ENGINEERS = ["GS", "AT", "TT", "RK", "JL", "MN", "KH", "DW", "LC", "PB", "SY", "EF", "CK", "WM"];

/** A small, fast, seedable PRNG (mulberry32): the same seed gives the same boxes on every machine. */
export function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function weighted<T>(rand: () => number, items: [T, number][]): T {
  const total = items.reduce((s, [, w]) => s + w, 0);
  let r = rand() * total;
  for (const [v, w] of items) {
    r -= w;
    if (r < 0) return v;
  }
  return items[0]![0];
}

const pad = (n: number, w: number) => String(n).padStart(w, "0");

/**
 * `count` boxes with distinct work orders. Work orders look like the firm's (####-##, sometimes a trailing
 * letter); index `i` maps to a distinct number so 200,000 never collide.
 */
export function generateDemoBoxes(
  count: number,
  opts: {
    seed?: number;
    now?: Date;
    expiryMonths?: number;
    firstYear?: number;
    /** The project a work order names elsewhere (the demo register's): the seed passes it, benchmarks do not. */
    projectOf?: (workOrder: string) => string;
  } = {},
): BoxFields[] {
  const rand = prng(opts.seed ?? 7);
  const now = opts.now ?? new Date();
  const nowYear = now.getFullYear();
  // Nothing is submitted after the day the demo is made.
  const today = now.toISOString().slice(0, 10);
  const firstYear = opts.firstYear ?? nowYear - 22;
  const months = opts.expiryMonths ?? 24;
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
  const out: BoxFields[] = [];
  for (let i = 0; i < count; i++) {
    const island = weighted(rand, ISLAND_WEIGHTS);
    // Recent years carry more work than old ones.
    const year = nowYear - Math.floor((nowYear - firstYear + 1) * rand() ** 1.6);
    const month = 1 + Math.floor(rand() * 12);
    const day = 1 + Math.floor(rand() * 28);
    const drawn = `${year}-${pad(month, 2)}-${pad(day, 2)}`;
    const submission = drawn > today ? today : drawn;
    const noDate = rand() < 0.02;
    const age = nowYear - year;
    const complete: Complete = rand() < Math.min(0.95, 0.35 + age * 0.08) ? "Yes" : "No";
    // Old boxes are mostly dumped; recent ones mostly kept.
    const keep = weighted<Disposition>(rand, age > 3 ? OLD_DISPOSITIONS : NEW_DISPOSITIONS);
    const serial = (i * 7919 + 1234) % 1_000_000;
    const letter = rand() < 0.12 ? String.fromCharCode(65 + Math.floor(rand() * 4)) : "";
    const suffix = i >= 1_000_000 ? `-${Math.floor(i / 1_000_000)}` : "";
    const expiry = noDate ? null : defaultExpiry(submission, keep === "Save" ? months * 2 : months);
    const workOrder = `${pad(Math.floor(serial / 100), 4)}-${pad(serial % 100, 2)}${letter}${suffix}`;
    // Drawn even when `projectOf` names it, so every other field stays as it was.
    const drawnName = `${pick(PLACES[island]!)} ${pick(KINDS)}`;
    out.push({
      work_order: workOrder,
      project: opts.projectOf?.(workOrder) ?? drawnName,
      engineer: rand() < 0.15 ? `${pick(ENGINEERS)}/${pick(ENGINEERS)}` : pick(ENGINEERS),
      report_submission_date: noDate ? null : submission,
      storage_expiry_date: expiry,
      complete,
      keep_or_dump: keep,
      island,
      year: noDate ? year : yearOf(submission, expiry),
    });
  }
  return out;
}
