import {
  type Contact,
  type ContactIdInput,
  type ContactInput,
  type ContactUpdateInput,
  contactInput,
  type ImportInput,
  type ImportResult,
} from "@shared/directory";
import { can, ownsContact, REFUSED } from "@shared/permissions";
import { eq, inArray, lt, sql } from "drizzle-orm";
import { directoryEntries, personalContacts } from "../../db/schema";
import { recordAudit } from "../../lib/audit";
import { forbidden, notFound, parseInput } from "../../lib/errors";
import type { ServiceCtx } from "../../lib/service-ctx";
import { parseStaffCsv } from "./csv-import";
import { findPeopleIn } from "./find";
import { contactsPage, directoryPage, toContact } from "./queries";

/** A page of the directory, or of the caller's own contacts: each person sees only their own. */
export function peoplePage(ctx: ServiceCtx, input: { source: "directory" | "contacts"; cursor: number }) {
  return input.source === "directory"
    ? directoryPage(ctx.db, input.cursor)
    : contactsPage(ctx.db, ctx.user.email, input.cursor);
}

const BATCH = 500;
const NOT_YOURS = "You can only change your own contacts.";

/* The portal-kept directory: each person's own contacts (owner only) and the Admin's CSV import of staff. */

async function ownedRow(ctx: ServiceCtx, id: number) {
  const [row] = await ctx.db.select().from(personalContacts).where(eq(personalContacts.id, id)).limit(1);
  if (!row) throw notFound("That contact does not exist.");
  if (!ownsContact(ctx.user, row)) throw forbidden(NOT_YOURS);
  return row;
}

export async function addContact(ctx: ServiceCtx, input: ContactInput): Promise<Contact> {
  const data = parseInput(contactInput, input);
  const at = ctx.now();
  const [row] = await ctx.db
    .insert(personalContacts)
    .values({ ...data, owner: ctx.user.email.toLowerCase(), createdAt: at, updatedAt: at })
    .returning();
  return toContact(row!, "contact");
}

export async function updateContact(
  ctx: ServiceCtx,
  { id, ...fields }: ContactUpdateInput,
): Promise<Contact> {
  const data = parseInput(contactInput, fields);
  await ownedRow(ctx, id);
  const [row] = await ctx.db
    .update(personalContacts)
    .set({ ...data, updatedAt: ctx.now() })
    .where(eq(personalContacts.id, id))
    .returning();
  return toContact(row!, "contact");
}

export async function removeContact(ctx: ServiceCtx, { id }: ContactIdInput) {
  await ownedRow(ctx, id);
  await ctx.db.delete(personalContacts).where(eq(personalContacts.id, id));
  return { id, deleted: true as const };
}

/**
 * Import staff from CSV. merge: new emails are added and known ones updated. replace: the file becomes the
 * whole directory (entries whose email is not in it are removed). One transaction, one audit record.
 */
export async function importStaff(ctx: ServiceCtx, { csv, mode }: ImportInput): Promise<ImportResult> {
  if (!can(ctx.user, "directory.import")) throw forbidden(REFUSED["directory.import"]);
  const { entries, skipped } = parseStaffCsv(csv);
  const emails = entries.map((e) => e.email);
  return ctx.db.transaction(async (tx) => {
    const at = ctx.now();
    const known = new Set<string>();
    for (let i = 0; i < emails.length; i += BATCH) {
      const rows = await tx
        .select({ email: directoryEntries.email })
        .from(directoryEntries)
        .where(inArray(directoryEntries.email, emails.slice(i, i + BATCH)));
      for (const r of rows) known.add(r.email);
    }
    const kept = ["name", "mobile", "business", "title", "department", "office", "company"] as const;
    const onConflict = {
      ...Object.fromEntries(kept.map((c) => [c, sql.raw(`excluded.${c}`)])),
      updatedAt: sql.raw("excluded.updated_at"),
    };
    for (let i = 0; i < entries.length; i += BATCH) {
      await tx
        .insert(directoryEntries)
        .values(entries.slice(i, i + BATCH).map((e) => ({ ...e, createdAt: at, updatedAt: at })))
        .onConflictDoUpdate({
          target: directoryEntries.email,
          set: onConflict,
        });
    }
    // Every row in the file now carries this import's time; in replace mode the others go.
    const removed =
      mode === "replace"
        ? (
            await tx
              .delete(directoryEntries)
              .where(lt(directoryEntries.updatedAt, at))
              .returning({ id: directoryEntries.id })
          ).length
        : 0;
    const result: ImportResult = {
      inserted: entries.length - known.size,
      updated: known.size,
      removed,
      skipped,
    };
    await recordAudit(
      tx,
      {
        actor: ctx.user.email,
        action: "directory.import",
        target: "staff directory",
        details: {
          after: {
            mode,
            inserted: result.inserted,
            updated: result.updated,
            removed,
            skipped: skipped.length,
          },
        },
      },
      at,
    );
    return result;
  });
}

/** People for the one search: the directory and the caller's own contacts, as the Contacts screen shows them. */
export const findPeople = (ctx: ServiceCtx, input: { q: string; limit: number }) =>
  findPeopleIn(ctx.db, ctx.user.email, input);
