import { PUBLISHED_DEMO_PASSWORD } from "@shared/auth";
import type { Role } from "@shared/permissions";
import { count, eq, inArray } from "drizzle-orm";
import type { Db } from "../db/client";
import { docCollections, jobs, users } from "../db/schema";
import { seedCoreBoxes } from "../domains/core-boxes/seed";
import { seedDemoDirectory } from "../domains/directory/demo";
import { DEMO_DOCUMENT_DBS } from "../domains/documents/demo";
import { seedDemoProjects } from "../domains/projects/seed";
import { seedReportsBinder } from "../domains/reports-binder/seed";
import { seedDemoTickets } from "../domains/tickets/demo";
import { seedLocalAccounts } from "../domains/users/local-accounts";
import type { JobRunner } from "../jobs/worker";
import type { Logger } from "../lib/logger";

/** Demo accounts (documented in the README). One published password for all, to keep the demo easy. */
export const DEMO_PASSWORD = PUBLISHED_DEMO_PASSWORD;
export const DEMO_ACCOUNTS: { email: string; name: string; role: Role }[] = [
  { email: "super@geolabs.example", name: "Malia Kahale", role: "Owner" },
  { email: "owner@geolabs.example", name: "Kaimana Owens", role: "Owner" },
  { email: "admin@geolabs.example", name: "Leilani Adams", role: "Admin" },
  { email: "user@geolabs.example", name: "Noah Kealoha", role: "User" },
];

/**
 * Seed demo data: accounts into a database without users, the demo project register into an empty projects
 * table. Existing rows are never touched. `deferProjects` returns before the register is written (the server
 * starts listening meanwhile); tests and the CLI wait for everything.
 */
export async function seedDemoData(
  db: Db,
  opts: {
    log: Logger;
    superOwnerEmail?: string;
    force?: boolean;
    deferProjects?: boolean;
    coreBoxExpiryMonths?: number;
  },
) {
  const accounts = await seedDemoAccounts(db, opts);
  // After the accounts: both write, and the register is the slow part.
  const projects = seedDemoProjects(db, opts.log);
  if (opts.deferProjects) projects.catch((err) => opts.log.error("demo projects not seeded", { err }));
  else await projects;
  return accounts;
}

async function seedDemoAccounts(
  db: Db,
  opts: { log: Logger; force?: boolean; coreBoxExpiryMonths?: number },
) {
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(users);
  if (n > 0 && !opts.force) return { seeded: false };
  const started = performance.now();
  await seedLocalAccounts(
    db,
    DEMO_ACCOUNTS.map((account) => ({ ...account, password: DEMO_PASSWORD })),
  );
  const tickets = await seedDemoTickets(db);
  const directory = await seedDemoDirectory(db);
  // Each domain seeds only into its own empty table.
  const coreBoxes = await seedCoreBoxes(db, { expiryMonths: opts.coreBoxExpiryMonths });
  const binderRows = await seedReportsBinder(db);
  opts.log.info("demo data seeded", {
    ms: Math.round(performance.now() - started),
    accounts: DEMO_ACCOUNTS.length,
    tickets,
    directory,
    coreBoxes,
    binderRows,
  });
  return { seeded: true };
}

/**
 * The demo document databases (employee handbook, share plan, retirement plan guide): queued once, as a job
 * that writes the PDFs and queues each for indexing, when none of them exists and no earlier start queued it.
 */
export async function seedDemoDocuments(deps: { db: Db; jobs: JobRunner; log: Logger }) {
  const [present] = await deps.db
    .select({ n: count() })
    .from(docCollections)
    .where(inArray(docCollections.name, DEMO_DOCUMENT_DBS));
  const [queued] = await deps.db.select({ n: count() }).from(jobs).where(eq(jobs.kind, "demo-documents"));
  if ((present?.n ?? 0) > 0 || (queued?.n ?? 0) > 0) return false;
  await deps.jobs.enqueue("demo-documents", {}, { maxAttempts: 2 });
  deps.log.info("demo documents queued", { dbs: DEMO_DOCUMENT_DBS });
  return true;
}
