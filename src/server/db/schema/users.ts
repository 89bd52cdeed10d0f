import { ROLES } from "@shared/permissions";
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

export const USER_STATUSES = ["active", "deactivated"] as const;

const now = sql`(cast(unixepoch('subsecond') * 1000 as integer))`;

/** Staff accounts. A removed account is deactivated (kept with who/when) so it can be listed and reinstated. */
export const users = sqliteTable(
  "users",
  {
    id: integer().primaryKey({ autoIncrement: true }),
    email: text().notNull(),
    name: text().notNull().default(""),
    role: text({ enum: ROLES }).notNull().default("User"),
    /** argon2id hash (local accounts only). */
    passwordHash: text(),
    /**
     * Set while the password is a temporary one an Owner was shown (register, reinstate, reset): it must be
     * changed at the first sign-in and stops working at this time.
     */
    passwordTemporaryUntil: integer({ mode: "timestamp_ms" }),
    /** The password is the one published in the README (demo accounts): Owners are warned until it changes. */
    demoPassword: integer({ mode: "boolean" }).notNull().default(false),
    /**
     * `demoPassword` is known for this password: set with every password the portal sets; a password from
     * before the flag existed is checked against the published one once, at a start.
     */
    demoPasswordKnown: integer({ mode: "boolean" }).notNull().default(false),
    passwordChangedAt: integer({ mode: "timestamp_ms" }),
    /**
     * The identity provider's own key for the person (Entra: "<tid>:<oid>"): it never changes, while the email
     * shown may.
     */
    externalId: text(),
    status: text({ enum: USER_STATUSES }).notNull().default("active"),
    /** How the account came to exist: seed, cli, register (by an Owner), sign-in (entra/proxy first sign-in). */
    source: text().notNull().default("register"),
    registeredBy: text(),
    createdAt: integer({ mode: "timestamp_ms" }).notNull().default(now),
    firstSignInAt: integer({ mode: "timestamp_ms" }),
    lastSignInAt: integer({ mode: "timestamp_ms" }),
    deactivatedAt: integer({ mode: "timestamp_ms" }),
    deactivatedBy: text(),
    roleAtRemoval: text({ enum: ROLES }),
    /** Owner 0, Admin 1, User 2: the console's default order, indexable (a CASE in ORDER BY is not). */
    roleRank: integer().generatedAlwaysAs(
      sql`case "role" when 'Owner' then 0 when 'Admin' then 1 else 2 end`,
      {
        mode: "virtual",
      },
    ),
  },
  (t) => [
    uniqueIndex("users_email_uq").on(t.email),
    uniqueIndex("users_external_id_uq").on(t.externalId),
    index("users_status_role_email_idx").on(t.status, t.role, t.email),
    index("users_status_rank_email_idx").on(t.status, t.roleRank, t.email, t.name),
    index("users_status_created_idx").on(t.status, t.createdAt),
    index("users_created_idx").on(t.createdAt),
    index("users_status_deactivated_idx").on(t.status, t.deactivatedAt),
  ],
);

/** Server-side sessions for local accounts; the cookie holds a random token, the table its SHA-256. */
export const sessions = sqliteTable(
  "sessions",
  {
    id: text().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    createdAt: integer({ mode: "timestamp_ms" }).notNull().default(now),
    expiresAt: integer({ mode: "timestamp_ms" }).notNull(),
    ip: text(),
    userAgent: text(),
  },
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_expires_idx").on(t.expiresAt)],
);

/** Failed sign-in counters per key (email, address, email+address) within a window. */
export const loginAttempts = sqliteTable("login_attempts", {
  key: text().primaryKey(),
  failures: integer().notNull().default(0),
  windowStartedAt: integer({ mode: "timestamp_ms" }).notNull(),
});
