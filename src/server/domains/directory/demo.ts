import { count } from "drizzle-orm";
import type { Db } from "../../db/client";
import { directoryEntries, personalContacts } from "../../db/schema";

const FIRST = [
  "Kai",
  "Leilani",
  "Noah",
  "Malia",
  "Keoni",
  "Pua",
  "Makoa",
  "Alana",
  "Ikaika",
  "Nalani",
  "Kaimana",
  "Mele",
];
const LAST = ["Kahale", "Adams", "Kealoha", "Owens", "Mahoe", "Kalani", "Nakamura", "Silva", "Tanaka", "Lee"];
const DEPARTMENTS: [string, string[]][] = [
  ["Geotechnical Engineering", ["Geotechnical Engineer", "Senior Engineer", "Project Engineer"]],
  ["Drilling", ["Driller", "Drill Crew Lead", "Site Supervisor"]],
  ["Laboratory", ["Lab Technician", "Lab Manager"]],
  ["IT", ["IT Support Specialist", "Systems Administrator"]],
  ["Administration", ["Office Manager", "Administrative Assistant"]],
  ["Accounting", ["Accountant", "Payroll Specialist"]],
];
const OFFICES = ["Honolulu", "Hilo", "Kahului", "Kona"];

/** The demo accounts first (so the directory lists the people you can sign in as), then generated staff. */
const FIXED: [string, string, number][] = [
  ["Malia Kahale", "super@geolabs.example", 4],
  ["Kaimana Owens", "owner@geolabs.example", 0],
  ["Leilani Adams", "admin@geolabs.example", 3],
  ["Noah Kealoha", "user@geolabs.example", 0],
];

/** A multiplicative hash, so department, title and office do not move in step with the name. */
const spread = (n: number) => Math.imul(n + 1, 2654435761) >>> 0;
const phone = (n: number) => `(808) 555-${String(1000 + ((n * 379) % 9000)).padStart(4, "0")}`;

/** Seeded staff directory (local and proxy modes): 60 people across departments and offices, once. */
export async function seedDemoDirectory(db: Db) {
  const [existing] = await db.select({ n: count() }).from(directoryEntries);
  if (existing?.n) return 0;
  const rows = FIXED.map(([name, email, dept], i) => entry(name, email, dept, i));
  // Walk the first × last name grid with a stride co-prime to its size: unique names, varied combinations.
  const grid = FIRST.length * LAST.length;
  for (let i = 0; rows.length < 60; i++) {
    const cell = (i * 37) % grid;
    const first = FIRST[cell % FIRST.length]!;
    const last = LAST[Math.floor(cell / FIRST.length)]!;
    const email = `${first}.${last}@geolabs.example`.toLowerCase();
    if (rows.some((r) => r.email === email || r.name === `${first} ${last}`)) continue;
    rows.push(entry(`${first} ${last}`, email, spread(i) % DEPARTMENTS.length, i + 4));
  }
  await db.insert(directoryEntries).values(rows);
  // A few personal contacts for the demo User: suppliers and a client.
  await db
    .insert(personalContacts)
    .values([
      contact(
        "Pacific Drilling Supply",
        "orders@pacificdrilling.example",
        "Sales Desk",
        "Pacific Drilling Supply",
      ),
      contact("Dana Fujimoto", "dana.fujimoto@hdot.example", "Project Manager", "Hawaii DOT"),
      contact("Island Core Storage", "", "Warehouse", "Island Core Storage"),
    ]);
  return rows.length;
}

function entry(name: string, email: string, dept: number, n: number) {
  const [department, titles] = DEPARTMENTS[dept % DEPARTMENTS.length]!;
  return {
    name,
    email,
    mobile: phone(n),
    business: phone(n + 500),
    title: titles[(spread(n) >>> 8) % titles.length]!,
    department,
    office: OFFICES[(spread(n) >>> 16) % OFFICES.length]!,
    company: "Geolabs",
  };
}

function contact(name: string, email: string, title: string, company: string) {
  return {
    owner: "user@geolabs.example",
    name,
    email,
    mobile: "",
    business: phone(name.length * 13),
    title,
    department: "",
    office: "",
    company,
  };
}
