import { count } from "drizzle-orm";
import type { Db } from "../../db/client";
import { reportsBinder } from "../../db/schema";
import { demoProjectName } from "../projects/service";

const INITIALS = ["GS", "AT", "TT", "KM", "LA", "NK", "PK", "MO", "JH", "RC"];
const PLACES = [
  "Kapolei",
  "Hilo",
  "Kona",
  "Kahului",
  "Lihue",
  "Kailua",
  "Waipahu",
  "Pearl City",
  "Kaneohe",
  "Lahaina",
];
const WORKS = [
  "Geotechnical Report",
  "Slope Stability",
  "Foundation Review",
  "Boring Logs",
  "Pavement Study",
  "Seawall Assessment",
];
export const DEMO_BINDER_ROWS = 3000;

/** A small deterministic generator so the demo binder is the same on every machine. */
function rng(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}
const pick = <T>(r: () => number, xs: readonly T[]) => xs[Math.floor(r() * xs.length)]!;
const pad = (n: number, w: number) => String(n).padStart(w, "0");

/** A few thousand binder rows (2015–2026), into an empty binder only. */
export async function seedReportsBinder(db: Db) {
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(reportsBinder);
  if (n > 0) return 0;
  const rows = demoBinderRows(new Date().toISOString().slice(0, 10));
  await db.transaction(async (tx) => {
    for (let i = 0; i < rows.length; i += 500) await tx.insert(reportsBinder).values(rows.slice(i, i + 500));
  });
  return rows.length;
}

/**
 * The demo rows: work orders like 1234-56 or 1234-56(A), initials AB:CD, 5-digit billing, and a report file
 * named for the demo register's project of that work order (one work order names one project on every screen).
 */
export function demoBinderRows(today: string) {
  const r = rng(42);
  // Nothing is dated after the day the demo is made.
  const notAfterToday = (d: string) => (d > today ? today : d);
  const rows = Array.from({ length: DEMO_BINDER_ROWS }, (_, i) => {
    const year = 2015 + Math.floor((i / DEMO_BINDER_ROWS) * 12);
    const month = 1 + Math.floor(r() * 12);
    const day = 1 + Math.floor(r() * 28);
    const date = notAfterToday(`${year}-${pad(month, 2)}-${pad(day, 2)}`);
    const base = 1000 + Math.floor(i / 3);
    const letter = r() < 0.15 ? `(${pick(r, ["A", "B", "C"])})` : "";
    const workOrder = `${base}-${pad(1 + (i % 3) + Math.floor(r() * 20), 2)}${letter}`;
    const initials = r() < 0.4 ? `${pick(r, INITIALS)}:${pick(r, INITIALS)}` : pick(r, INITIALS);
    const sent =
      r() < 0.8
        ? notAfterToday(`${year}-${pad(month, 2)}-${pad(Math.min(28, day + 1 + Math.floor(r() * 10)), 2)}`)
        : null;
    const billing = r() < 0.85 ? String(10000 + Math.floor(r() * 89999)) : "";
    // Drawn as before (and unused) so every other field of the demo stays as it was.
    pick(r, PLACES);
    pick(r, WORKS);
    return {
      date,
      workOrder,
      engineerInitials: initials,
      billing,
      dateSent: sent,
      pdfFile: `${workOrder}.${demoProjectName(workOrder)}.pdf`,
      pageLabel: String(1 + Math.floor(r() * 40)),
      createdBy: "seed",
      updatedBy: "seed",
    };
  });
  return rows;
}
