import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

export const JOB_STATUSES = ["queued", "running", "done", "failed"] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/**
 * Durable background work (indexing a PDF, refreshing embeddings, seeding the demo documents). A worker claims a
 * row with one conditional UPDATE and holds it with a lease it renews; a row left `running` with an expired
 * lease (its process died) is claimed again, up to `max_attempts`. Steps are persisted here as they happen so
 * any process can stream them.
 */
export const jobs = sqliteTable(
  "jobs",
  {
    id: integer().primaryKey({ autoIncrement: true }),
    kind: text().notNull(),
    payload: text({ mode: "json" }).$type<Record<string, unknown>>().notNull(),
    status: text({ enum: JOB_STATUSES }).notNull().default("queued"),
    attempts: integer().notNull().default(0),
    maxAttempts: integer().notNull().default(3),
    leaseOwner: text(),
    /** ms since the epoch; a running job whose lease is past this is free to claim. */
    leaseExpiresAt: integer(),
    error: text(),
    steps: text({ mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
    result: text({ mode: "json" }).$type<Record<string, unknown>>(),
    createdAt: integer().notNull(),
    updatedAt: integer().notNull(),
  },
  (t) => [
    // The claim reads the oldest queued job, or the oldest running job with an expired lease.
    index("jobs_status_id_idx").on(t.status, t.id),
    index("jobs_status_lease_idx").on(t.status, t.leaseExpiresAt),
    index("jobs_kind_idx").on(t.kind, t.id),
  ],
);
