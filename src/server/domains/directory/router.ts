import {
  contactIdInput,
  contactInput,
  contactUpdateInput,
  directoryPageInput,
  importInput,
} from "@shared/directory";
import type { Context } from "../../trpc/context";
import { adminProcedure, authedProcedure, router } from "../../trpc/init";
import { contactsPage, directoryPage } from "./queries";
import { createDirectoryService } from "./service";

const service = (ctx: Context & { user: NonNullable<Context["user"]> }) =>
  createDirectoryService({ db: ctx.deps.db, actor: ctx.user });

/**
 * The directory kept in the portal (local and proxy modes; in Entra mode the browser reads Microsoft Graph).
 * Pages of 200 with a cursor; search and sort happen in the browser over what is loaded, as with Graph.
 */
export const directoryRouter = router({
  page: authedProcedure
    .input(directoryPageInput)
    .query(({ ctx, input }) =>
      input.source === "directory"
        ? directoryPage(ctx.deps.db, input.cursor)
        : contactsPage(ctx.deps.db, ctx.user.email, input.cursor),
    ),
  addContact: authedProcedure
    .input(contactInput)
    .mutation(({ ctx, input }) => service(ctx).addContact(input)),
  updateContact: authedProcedure
    .input(contactUpdateInput)
    .mutation(({ ctx, input: { id, ...fields } }) => service(ctx).updateContact(id, fields)),
  removeContact: authedProcedure
    .input(contactIdInput)
    .mutation(({ ctx, input }) => service(ctx).removeContact(input.id)),
  importStaff: adminProcedure
    .input(importInput)
    .mutation(({ ctx, input }) => service(ctx).importStaff(input.csv, input.mode)),
});
