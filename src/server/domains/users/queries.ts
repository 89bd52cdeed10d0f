import type { Page } from "@shared/common";
import type {
  ActivityEntry,
  AdminUser,
  activityInput,
  OnboardedUser,
  onboardedInput,
  RoleCounts,
  TerminatedUser,
  terminatedInput,
  userListInput,
} from "@shared/users";
import { and, asc, count, desc, eq, gte, lt, type SQL } from "drizzle-orm";
import type { z } from "zod";
import { isSuperOwnerEmail } from "../../auth/identity";
import type { Db, DbOrTx } from "../../db/client";
import { auditLog, users } from "../../db/schema";
import { anyContains, offsetOf } from "../../lib/sql";

/** Role order of the spec's default sort: Owner, Admin, User. */
const roleRank = users.roleRank;
const active = eq(users.status, "active");
/** CSV exports take every matching row up to this bound. */
const EXPORT_LIMIT = 100_000;
const dayStart = (d: string) => new Date(`${d}T00:00:00`);
const dayAfter = (d: string) => new Date(dayStart(d).getTime() + 86_400_000);

export async function findUserByEmail(db: DbOrTx, email: string) {
  const [row] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase())).limit(1);
  return row ?? null;
}

/** The Admin Console list: active accounts, filtered, sorted and paged in SQL. */
export async function listUsers(
  db: Db,
  input: z.infer<typeof userListInput>,
  superOwnerEmail?: string,
  /** Export: every matching row, not one page. */
  opts: { all?: boolean } = {},
): Promise<Page<AdminUser>> {
  const where = and(
    active,
    input.role === "All" ? undefined : eq(users.role, input.role),
    anyContains([users.email, users.name], input.q),
  );
  const dir = input.sort_dir === "desc" ? desc : asc;
  const order = input.sort_by === "email" ? [dir(users.email)] : [dir(roleRank), asc(users.email)];
  const [rows, [total]] = await Promise.all([
    db
      .select({ email: users.email, name: users.name, role: users.role })
      .from(users)
      .where(where)
      .orderBy(...order)
      .limit(opts.all ? EXPORT_LIMIT : input.page_size)
      .offset(opts.all ? 0 : offsetOf(input.page, input.page_size)),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return {
    rows: rows.map((r) => ({ ...r, isSuperOwner: isSuperOwnerEmail(r.email, superOwnerEmail) })),
    total: total?.n ?? 0,
  };
}

export async function roleCounts(db: Db): Promise<RoleCounts> {
  const rows = await db
    .select({ role: users.role, n: count() })
    .from(users)
    .where(active)
    .groupBy(users.role);
  const counts: RoleCounts = { Owner: 0, Admin: 0, User: 0 };
  for (const r of rows) counts[r.role] = r.n;
  return counts;
}

/** GET /api/users: every active account as { email, role } (the spec's shape), Owners first. */
export async function allUsers(db: Db) {
  return db
    .select({ email: users.email, role: users.role })
    .from(users)
    .where(active)
    .orderBy(roleRank, users.email);
}

/** One page of accounts (or all of them, up to EXPORT_LIMIT, for a CSV) and how many match. */
async function accountPage(
  db: Db,
  where: SQL | undefined,
  order: SQL[],
  input: { page: number; page_size: number },
  opts: { all?: boolean },
) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(...order)
      .limit(opts.all ? EXPORT_LIMIT : input.page_size)
      .offset(opts.all ? 0 : offsetOf(input.page, input.page_size)),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function listOnboarded(
  db: Db,
  input: z.infer<typeof onboardedInput>,
  opts: { all?: boolean } = {},
): Promise<Page<OnboardedUser>> {
  const where = and(
    anyContains([users.email, users.name, users.registeredBy], input.q),
    input.date_from ? gte(users.createdAt, dayStart(input.date_from)) : undefined,
    input.date_to ? lt(users.createdAt, dayAfter(input.date_to)) : undefined,
  );
  const { rows, total } = await accountPage(db, where, [desc(users.createdAt), desc(users.id)], input, opts);
  return {
    rows: rows.map((r) => ({
      email: r.email,
      name: r.name,
      role: r.role,
      status: r.status,
      createdAt: r.createdAt.toISOString(),
      firstSignInAt: r.firstSignInAt?.toISOString() ?? null,
      registeredBy: r.registeredBy,
      source: r.source,
    })),
    total,
  };
}

export async function listTerminated(
  db: Db,
  input: z.infer<typeof terminatedInput>,
  opts: { all?: boolean } = {},
): Promise<Page<TerminatedUser>> {
  const where = and(
    eq(users.status, "deactivated"),
    anyContains([users.email, users.name, users.deactivatedBy], input.q),
  );
  const { rows, total } = await accountPage(
    db,
    where,
    [desc(users.deactivatedAt), desc(users.id)],
    input,
    opts,
  );
  return {
    rows: rows.map((r) => ({
      email: r.email,
      name: r.name,
      roleAtRemoval: r.roleAtRemoval,
      deactivatedAt: (r.deactivatedAt ?? r.createdAt).toISOString(),
      deactivatedBy: r.deactivatedBy,
    })),
    total,
  };
}

export async function listActivity(
  db: Db,
  input: z.infer<typeof activityInput>,
): Promise<Page<ActivityEntry>> {
  const where = and(
    anyContains([auditLog.actor], input.actor),
    input.action ? eq(auditLog.action, input.action) : undefined,
    input.date_from ? gte(auditLog.ts, dayStart(input.date_from)) : undefined,
    input.date_to ? lt(auditLog.ts, dayAfter(input.date_to)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.ts), desc(auditLog.id))
      .limit(input.page_size)
      .offset(offsetOf(input.page, input.page_size)),
    db.select({ n: count() }).from(auditLog).where(where),
  ]);
  return {
    rows: rows.map((r) => ({ ...r, ts: r.ts.toISOString(), details: r.details ?? null })),
    total: total?.n ?? 0,
  };
}
