import { pinnedImportInput, pinnedPathInput } from "@shared/pinned";
import { trpcServiceCtx } from "../../lib/service-ctx";
import { authedProcedure, router } from "../../trpc/init";
import { importOldLists, myPinnedPages, recentWorkOrders, recordVisit, toggleFavorite } from "./service";

/**
 * The caller's own page lists. tRPC only, like the directory's personal contacts: they are the portal's own
 * screens' state, not records another client reads. Every procedure acts on the signed-in person's lists.
 */
export const pinnedRouter = router({
  /** Favorites and Recently Used. */
  list: authedProcedure.query(({ ctx }) => myPinnedPages(trpcServiceCtx(ctx))),
  toggleFavorite: authedProcedure
    .input(pinnedPathInput)
    .mutation(({ ctx, input }) => toggleFavorite(trpcServiceCtx(ctx), input)),
  /** The caller opened a page (the shell calls this on each navigation). */
  visit: authedProcedure
    .input(pinnedPathInput)
    .mutation(({ ctx, input }) => recordVisit(trpcServiceCtx(ctx), input)),
  /** A browser's lists from before they were kept on the server, sent once. */
  importOld: authedProcedure
    .input(pinnedImportInput)
    .mutation(({ ctx, input }) => importOldLists(trpcServiceCtx(ctx), input)),
  /** Recently opened work orders with their client and project (the Work Orders screen). */
  workOrders: authedProcedure.query(({ ctx }) => recentWorkOrders(trpcServiceCtx(ctx))),
});
