import { type Contact, DIRECTORY_FETCH_SIZE, type DirectoryPage } from "@shared/directory";
import { and, asc, eq, gt } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { directoryEntries, personalContacts } from "../../db/schema";

type EntryRow = typeof directoryEntries.$inferSelect;

export function toContact(row: EntryRow, source: Contact["source"]): Contact {
  return {
    id: `${source === "directory" ? "d" : "c"}${row.id}`,
    source,
    name: row.name,
    email: row.email,
    mobile: row.mobile,
    business: row.business,
    title: row.title,
    department: row.department,
    office: row.office,
    company: row.company,
  };
}

/**
 * One page of 200 in id order with a keyset cursor: the portal's twin of Graph's `$top=200` + next link, so
 * the screen loads both kinds of directory the same way.
 */
export async function directoryPage(db: DbOrTx, cursor: number): Promise<DirectoryPage> {
  const rows = await db
    .select()
    .from(directoryEntries)
    .where(gt(directoryEntries.id, cursor))
    .orderBy(asc(directoryEntries.id))
    .limit(DIRECTORY_FETCH_SIZE + 1);
  return pageOf(rows, "directory");
}

export async function contactsPage(db: DbOrTx, owner: string, cursor: number): Promise<DirectoryPage> {
  const rows = await db
    .select()
    .from(personalContacts)
    .where(and(eq(personalContacts.owner, owner.toLowerCase()), gt(personalContacts.id, cursor)))
    .orderBy(asc(personalContacts.id))
    .limit(DIRECTORY_FETCH_SIZE + 1);
  return pageOf(rows, "contact");
}

function pageOf(rows: EntryRow[], source: Contact["source"]): DirectoryPage {
  const more = rows.length > DIRECTORY_FETCH_SIZE;
  const page = more ? rows.slice(0, DIRECTORY_FETCH_SIZE) : rows;
  return { people: page.map((r) => toContact(r, source)), next: more ? page[page.length - 1]!.id : null };
}
