import {
  contactIdInput,
  contactInput,
  contactUpdateInput,
  directoryPageInput,
  importInput,
} from "@shared/directory";
import { trpcServiceCtx } from "../../lib/service-ctx";
import { authedProcedure, router } from "../../trpc/init";
import { addContact, importStaff, peoplePage, removeContact, updateContact } from "./service";

/**
 * The directory kept in the portal (local and proxy modes; in Entra mode the browser reads Microsoft Graph).
 * Pages of 200 with a cursor; search and sort happen in the browser over what is loaded, as with Graph.
 */
export const directoryRouter = router({
  page: authedProcedure
    .input(directoryPageInput)
    .query(({ ctx, input }) => peoplePage(trpcServiceCtx(ctx), input)),
  addContact: authedProcedure
    .input(contactInput)
    .mutation(({ ctx, input }) => addContact(trpcServiceCtx(ctx), input)),
  updateContact: authedProcedure
    .input(contactUpdateInput)
    .mutation(({ ctx, input }) => updateContact(trpcServiceCtx(ctx), input)),
  removeContact: authedProcedure
    .input(contactIdInput)
    .mutation(({ ctx, input }) => removeContact(trpcServiceCtx(ctx), input)),
  importStaff: authedProcedure
    .input(importInput)
    .mutation(({ ctx, input }) => importStaff(trpcServiceCtx(ctx), input)),
});
