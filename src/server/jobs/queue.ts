import { and, eq, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../db/client";
import { jobs } from "../db/schema";

/**
 * The durable job table's operations. Every write goes through db.transaction(): the embedded driver queues
 * transactions in-process (db/client.ts), and a plain write issued while another transaction is open would block
 * the only thread in SQLite's busy handler. Each claim/renew/finish is one conditional UPDATE, so any number of
 * workers in any number of processes can share the table: whoever's UPDATE matched owns the job.
 */
export type JobRow = typeof jobs.$inferSelect;
export type JobKind = "index-file" | "refresh-embeddings" | "demo-documents" | "demo-reports";

export class LeaseLostError extends Error {
  constructor(id: number) {
    super(`Job ${id} is no longer held by this worker.`);
    this.name = "LeaseLostError";
  }
}

export async function enqueue(
  db: Db,
  kind: JobKind,
  payload: Record<string, unknown>,
  opts: { maxAttempts?: number; now?: number } = {},
): Promise<number> {
  const now = opts.now ?? Date.now();
  const [row] = await db.transaction((tx) =>
    tx
      .insert(jobs)
      .values({ kind, payload, maxAttempts: opts.maxAttempts ?? 3, createdAt: now, updatedAt: now })
      .returning({ id: jobs.id }),
  );
  return row!.id;
}

/** Claim the oldest free job: queued, or running under a lease that expired (its worker died). */
export async function claim(
  db: Db,
  owner: string,
  leaseMs: number,
  now = Date.now(),
): Promise<JobRow | null> {
  const free = sql`(${jobs.status} = 'queued' OR (${jobs.status} = 'running' AND ${jobs.leaseExpiresAt} < ${now} AND ${jobs.attempts} < ${jobs.maxAttempts}))`;
  // Two index seeks (status, id) rather than one OR over the table.
  const oldest = sql`(SELECT min(id) FROM (
      SELECT min(id) AS id FROM jobs WHERE status = 'queued'
      UNION ALL
      SELECT min(id) FROM jobs WHERE status = 'running' AND lease_expires_at < ${now} AND attempts < max_attempts))`;
  const rows = await db.transaction((tx) =>
    tx
      .update(jobs)
      .set({
        status: "running",
        leaseOwner: owner,
        leaseExpiresAt: now + leaseMs,
        attempts: sql`${jobs.attempts} + 1`,
        updatedAt: now,
      })
      .where(and(sql`${jobs.id} = ${oldest}`, free))
      .returning(),
  );
  return rows[0] ?? null;
}

const held = (id: number, owner: string) =>
  and(eq(jobs.id, id), eq(jobs.leaseOwner, owner), eq(jobs.status, "running"));

/** Extend the lease; false when another worker took the job over (ours expired) or it ended. */
export async function renew(db: Db, id: number, owner: string, leaseMs: number, now = Date.now()) {
  const rows = await db.transaction((tx) =>
    tx
      .update(jobs)
      .set({ leaseExpiresAt: now + leaseMs, updatedAt: now })
      .where(held(id, owner))
      .returning({ id: jobs.id }),
  );
  return rows.length > 0;
}

/** Inside a transaction that commits a job's work: abort it unless this worker still holds the job. */
export async function fence(tx: DbOrTx, id: number, owner: string) {
  const rows = await tx
    .update(jobs)
    .set({ updatedAt: Date.now() })
    .where(held(id, owner))
    .returning({ id: jobs.id });
  if (!rows.length) throw new LeaseLostError(id);
}

export async function appendStep(db: Db, id: number, owner: string, step: string) {
  const rows = await db.transaction((tx) =>
    tx
      .update(jobs)
      .set({ steps: sql`json_insert(${jobs.steps}, '$[#]', ${step})`, updatedAt: Date.now() })
      .where(held(id, owner))
      .returning({ id: jobs.id }),
  );
  return rows.length > 0;
}

/**
 * Merge facts into the running job's checkpoint (the `result` column while it runs): what a later attempt, or the
 * clean-up after a final failure, must know (for example that this job put a file in the store). Fenced like a step.
 */
export async function note(db: Db, id: number, owner: string, patch: Record<string, unknown>) {
  const rows = await db.transaction((tx) =>
    tx
      .update(jobs)
      .set({
        result: sql`json_patch(coalesce(${jobs.result}, '{}'), ${JSON.stringify(patch)})`,
        updatedAt: Date.now(),
      })
      .where(held(id, owner))
      .returning({ id: jobs.id }),
  );
  return rows.length > 0;
}

/** Record a job's end; `within` runs in the same transaction when this worker's end is the one recorded. */
export async function finish(
  db: Db,
  id: number,
  owner: string,
  outcome: { status: "done" | "failed"; error?: string | null; result?: Record<string, unknown> },
  within?: (tx: DbOrTx) => Promise<unknown>,
) {
  const rows = await db.transaction(async (tx) => {
    const ended = await tx
      .update(jobs)
      .set({
        status: outcome.status,
        error: outcome.error ?? null,
        result: outcome.result ?? null,
        leaseOwner: null,
        leaseExpiresAt: null,
        updatedAt: Date.now(),
      })
      .where(held(id, owner))
      .returning({ id: jobs.id });
    if (ended.length && within) await within(tx);
    return ended;
  });
  return rows.length > 0;
}

/** Hand a job back (graceful shutdown, or a transient failure with attempts left): another claim re-runs it. */
export async function release(
  db: Db,
  id: number,
  owner: string,
  opts: { refund?: boolean; retryAfterMs?: number; now?: number } = {},
) {
  const now = opts.now ?? Date.now();
  await db.transaction((tx) =>
    tx
      .update(jobs)
      .set({
        // With a retry delay the job stays "running" under nobody's lease until then: claim() takes it back
        // once that lease ran out, as it does for a worker that died.
        status: opts.retryAfterMs ? "running" : "queued",
        leaseOwner: null,
        leaseExpiresAt: opts.retryAfterMs ? now + opts.retryAfterMs : null,
        attempts: opts.refund ? sql`max(${jobs.attempts} - 1, 0)` : jobs.attempts,
        updatedAt: now,
      })
      .where(held(id, owner)),
  );
}

/**
 * Jobs whose worker died on their last allowed attempt: failed, with the reason written down. Answers the rows
 * (with their checkpoint) so the caller can clean up what they left; one conditional UPDATE, so with several
 * processes each abandoned job is answered to exactly one of them.
 */
export async function failAbandoned(
  db: Db,
  now = Date.now(),
  within?: (tx: DbOrTx, failed: JobRow[]) => Promise<unknown>,
): Promise<JobRow[]> {
  return db.transaction(async (tx) => {
    const failed = await tx
      .update(jobs)
      .set({
        status: "failed",
        error: sql`'Stopped after ' || ${jobs.attempts} || ' attempt(s): the server stopped while the job ran.'`,
        steps: sql`json_insert(${jobs.steps}, '$[#]', 'Failed: the server stopped while this job ran, ' || ${jobs.attempts} || ' time(s); giving up.')`,
        leaseOwner: null,
        leaseExpiresAt: null,
        updatedAt: now,
      })
      .where(
        and(
          eq(jobs.status, "running"),
          sql`${jobs.leaseExpiresAt} < ${now}`,
          sql`${jobs.attempts} >= ${jobs.maxAttempts}`,
        ),
      )
      .returning();
    if (failed.length && within) await within(tx, failed);
    return failed;
  });
}

export async function getJob(db: DbOrTx, id: number): Promise<JobRow | null> {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
  return row ?? null;
}

/**
 * Jobs held by a process of this host that is gone (killed, crashed): their lease is ended now rather than when
 * it runs out, so the next claim resumes them at once. Owners are `<host>:<pid>:<id>`; other hosts' jobs are left
 * to their leases. Answers how many were let go.
 */
export async function releaseOrphans(
  db: Db,
  host: string,
  alive: (pid: number) => boolean,
  now = Date.now(),
): Promise<number> {
  const held = await db
    .select({ id: jobs.id, owner: jobs.leaseOwner })
    .from(jobs)
    .where(and(eq(jobs.status, "running"), sql`${jobs.leaseOwner} LIKE ${`${host}:%`}`));
  let released = 0;
  for (const { id, owner } of held) {
    const pid = Number(owner?.slice(host.length + 1).split(":")[0]);
    if (!Number.isInteger(pid) || pid <= 0 || alive(pid)) continue;
    const rows = await db.transaction((tx) =>
      tx
        .update(jobs)
        .set({ leaseExpiresAt: now - 1, updatedAt: now })
        .where(and(eq(jobs.id, id), eq(jobs.leaseOwner, owner!), eq(jobs.status, "running")))
        .returning({ id: jobs.id }),
    );
    released += rows.length;
  }
  return released;
}

/** Whether a process of this host still runs (signal 0 only asks). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as { code?: string }).code === "EPERM";
  }
}
