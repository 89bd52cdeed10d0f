import {
  countedRows,
  type FoundGroup,
  markWords,
  pathWith,
  SEARCH_COUNT_CAP,
  type SearchHit,
} from "@shared/search";
import { type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { containsPattern } from "../../lib/sql";

interface PersonRow {
  id: number;
  name: string;
  email: string;
  title: string;
  department: string;
  office: string;
}

const SEARCHED = ["name", "email", "title", "department", "office"];
const holds = (pattern: string): SQL =>
  sql.join(
    SEARCHED.map((c) => sql`${sql.raw(c)} LIKE ${pattern} ESCAPE '\\'`),
    sql` OR `,
  );

/**
 * People for the one search: the staff directory kept in the portal and the caller's own contacts (nobody
 * else's), whose name, email, title, department or office holds the text, as the Contacts screen filters them.
 * The directory is a few thousand short rows: one bounded scan each gives the count (to the cap) and the rows.
 */
export async function findPeopleIn(
  db: DbOrTx,
  owner: string,
  input: { q: string; limit: number },
): Promise<FoundGroup> {
  const pattern = containsPattern(input.q);
  const staff = sql`directory_entries WHERE (${holds(pattern)})`;
  const mine = sql`personal_contacts WHERE owner = ${owner.toLowerCase()} AND (${holds(pattern)})`;
  const cols = sql.raw("id, name, email, title, department, office");
  const n = sql.raw(String(SEARCH_COUNT_CAP + 1));
  const [a, b] = await Promise.all([
    db.all<PersonRow>(sql`SELECT ${cols} FROM ${mine} ORDER BY name LIMIT ${n}`),
    db.all<PersonRow>(sql`SELECT ${cols} FROM ${staff} ORDER BY id LIMIT ${n}`),
  ]);
  const contacts = countedRows(a, input.limit);
  const entries = countedRows(b, input.limit);
  const hit =
    (source: "c" | "d") =>
    (r: PersonRow): SearchHit => ({
      key: `${source}${r.id}`,
      title: r.name,
      detail: [r.title, r.department, source === "c" ? "My Contacts" : r.office].filter(Boolean).join(" · "),
      snippet: markWords(r.email || r.name, input.q),
      link: pathWith("/contacts", { q: r.email || r.name }),
    });
  const count = contacts.count + entries.count;
  return {
    count: Math.min(count, SEARCH_COUNT_CAP),
    capped: contacts.capped || entries.capped || count > SEARCH_COUNT_CAP,
    hits: [...contacts.rows.map(hit("c")), ...entries.rows.map(hit("d"))].slice(0, input.limit),
    more: pathWith("/contacts", { q: input.q }),
  };
}
