import { workOrderKey } from "@shared/work-orders";
import type { RegisterProject } from "./register-rows";

/**
 * A believable demo register: work orders numbered upwards through the years (1000 in 1995 to ~7300 now), each
 * with one to six phases (-01, -02 …), a few with letters (1234-05A, 1234-05(B)), and the clients, sites and
 * engineers of a Hawaiian geotechnical practice. Deterministic, so tests and benchmarks see the same rows.
 */
/** A demo project has the register's shape. */
export type DemoProject = RegisterProject;

const CLIENTS = [
  "State of Hawaii DOT",
  "City and County of Honolulu",
  "Board of Water Supply",
  "Hawaiian Electric",
  "Kamehameha Schools",
  "University of Hawaii",
  "Hawaii Housing Finance",
  "Department of Education",
  "Naval Facilities Engineering",
  "US Army Corps of Engineers",
  "Honolulu Authority for Rapid Transportation",
  "Maui County Public Works",
  "Kauai County Public Works",
  "Hawaii County DPW",
  "Queen's Health Systems",
  "Castle & Cooke",
  "Howard Hughes Corporation",
  "Alexander & Baldwin",
  "Kobayashi Group",
  "Stanford Carr Development",
  "Nan Inc.",
  "Hawaiian Dredging Construction",
  "Albert C. Kobayashi",
  "Dck Pacific",
  "Hawaii Pacific Health",
  "Aloha Petroleum",
  "Matson",
  "Young Brothers",
  "Hawaii Gas",
  "Bishop Museum",
];
export const DEMO_PLACES = [
  "Kapiolani Blvd",
  "Ala Moana",
  "Waikiki",
  "Kalihi",
  "Kaneohe",
  "Kailua",
  "Pearl City",
  "Waipahu",
  "Ewa Beach",
  "Kapolei",
  "Mililani",
  "Wahiawa",
  "Haleiwa",
  "Hilo",
  "Kona",
  "Waimea",
  "Kahului",
  "Lahaina",
  "Lihue",
  "Hanapepe",
  "Manoa",
  "Makiki",
  "Nuuanu",
  "Hawaii Kai",
  "Aiea",
  "Salt Lake",
  "Moanalua",
  "Kakaako",
  "Iwilei",
  "Sand Island",
];
export const DEMO_WORKS = [
  "Widening",
  "Seawall Repair",
  "Parking Structure",
  "Elementary School Classroom Building",
  "Water Main Replacement",
  "Substation",
  "Bridge Replacement",
  "Rockfall Mitigation",
  "Slope Stabilization",
  "Affordable Housing",
  "Wastewater Pump Station",
  "Reservoir",
  "Retaining Wall",
  "Fire Station",
  "Community Park",
  "Medical Office Building",
  "Harbor Pier Improvements",
  "Drainage Improvements",
  "Resurfacing",
  "Mixed-Use Tower",
];
const ENGINEERS = ["GS", "AT", "TT", "KM", "RN", "LY", "JH", "DF", "MK", "SW"];

/** mulberry32: small, fast, seeded. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pad = (n: number, w = 2) => String(n).padStart(w, "0");
const DAY = 86_400_000;
const START = Date.UTC(1995, 0, 3);
const END = Date.UTC(2025, 10, 28);
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function demoProjects(count = 20_000, seed = 808): DemoProject[] {
  const r = rng(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)]!;
  const rows: DemoProject[] = [];
  let base = 1000;
  while (rows.length < count) {
    const phases = 1 + Math.floor(r() * 6);
    const client = pick(CLIENTS);
    const site = `${pick(DEMO_PLACES)} ${pick(DEMO_WORKS)}`;
    const t0 = START + Math.min(1, (base - 1000) / 6300) * (END - START);
    for (let p = 1; p <= phases && rows.length < count; p++) {
      let workOrder = `${base}-${pad(p)}`;
      const roll = r();
      if (roll < 0.03) workOrder += pick(["A", "B", "C"]);
      else if (roll < 0.06) workOrder += `(${pick(["A", "B"])})`;
      const date = Math.min(END, t0 + Math.floor(r() * 40 + p * 15) * DAY);
      const final = r() < 0.8 ? isoDay(date + Math.floor(30 + r() * 150) * DAY) : "";
      rows.push({
        workOrder,
        woKey: workOrderKey(workOrder),
        client,
        project: phases > 1 ? `${site}, Phase ${p}` : site,
        pr: String(10000 + Math.floor(((base - 1000) * 6 + p) * 1.37)),
        date: isoDay(date),
        principalEngineer: pick(ENGINEERS),
        invoiceNumber: r() < 0.85 ? String(100000 + Math.floor(r() * 900000)) : "",
        finalReportDate: final,
      });
    }
    // Work orders are not dense: now and then numbers are skipped.
    base += r() < 0.1 ? 2 : 1;
  }
  return rows;
}
