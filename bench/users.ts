import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../src/server/db/client";
import { applyMigrations } from "../src/server/db/migrate";
import { users } from "../src/server/db/schema";
import { listUsers } from "../src/server/domains/users/queries";
import { userListInput } from "../src/shared/users";
import { type Figure, timeIt } from "./lib";

const ACCOUNTS = 20_000;
const FIRST = ["kai", "leilani", "noah", "malia", "keoni", "pua", "makoa", "alana", "ikaika", "nalani"];
const LAST = ["kahale", "adams", "kealoha", "owens", "mahoe", "kalani", "nakamura", "silva", "tanaka", "lee"];

/** The Admin Console list over 20,000 accounts: search, role filter, both sorts, deep pages. */
export async function usersBench(): Promise<Figure[]> {
  const dir = mkdtempSync(join(tmpdir(), "geolabs-bench-users-"));
  const database = await openDatabase(`file:${join(dir, "bench.db")}`);
  try {
    await applyMigrations(database.db);
    const rows = Array.from({ length: ACCOUNTS }, (_, i) => {
      const first = FIRST[i % FIRST.length]!;
      const last = LAST[Math.floor(i / FIRST.length) % LAST.length]!;
      return {
        email: `${first}.${last}${i}@geolabs.example`,
        name: `${first} ${last}`,
        role: (i % 50 === 0 ? "Owner" : i % 7 === 0 ? "Admin" : "User") as "Owner" | "Admin" | "User",
        source: "bench",
      };
    });
    await database.db.transaction(async (tx) => {
      for (let i = 0; i < rows.length; i += 500) await tx.insert(users).values(rows.slice(i, i + 500));
    });
    const cases = [
      {},
      { q: "malia" },
      { role: "Admin" },
      { sort_by: "email", sort_dir: "desc" },
      { q: "kahale", role: "User", sort_by: "email" },
      { page: 400, page_size: 50 },
      { q: "nobody-matches-this" },
    ].map((c) => userListInput.parse(c));
    let i = 0;
    const list = await timeIt(300, () => listUsers(database.db, cases[i++ % cases.length]!));
    return [
      {
        name: `users list over ${ACCOUNTS.toLocaleString()} accounts p95 (search/filter/sort/page mix)`,
        value: list.p95,
        unit: "ms",
        target: 30,
        better: "lower",
      },
    ];
  } finally {
    database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
