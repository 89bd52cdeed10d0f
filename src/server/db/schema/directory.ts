import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

const now = sql`(cast(unixepoch('subsecond') * 1000 as integer))`;

/** Fresh column builders per table (Drizzle builders must not be shared between tables). */
const person = () => ({
  name: text().notNull(),
  email: text().notNull().default(""),
  mobile: text().notNull().default(""),
  business: text().notNull().default(""),
  title: text().notNull().default(""),
  department: text().notNull().default(""),
  office: text().notNull().default(""),
  company: text().notNull().default(""),
  createdAt: integer({ mode: "timestamp_ms" }).notNull().default(now),
  updatedAt: integer({ mode: "timestamp_ms" }).notNull().default(now),
});

/**
 * The staff directory kept in the portal when there is no Microsoft Graph (local and proxy modes). An Admin
 * imports it from CSV; one row per email. Read in id order, 200 at a time, like Graph's next links.
 */
export const directoryEntries = sqliteTable(
  "directory_entries",
  { id: integer().primaryKey({ autoIncrement: true }), ...person() },
  (t) => [uniqueIndex("directory_entries_email_uq").on(t.email)],
);

/** Each person's own contacts ("My Contacts"); only the owner reads or changes them. */
export const personalContacts = sqliteTable(
  "personal_contacts",
  {
    id: integer().primaryKey({ autoIncrement: true }),
    /** Lower-cased email of the owner. */
    owner: text().notNull(),
    ...person(),
  },
  (t) => [index("personal_contacts_owner_idx").on(t.owner, t.id)],
);
