import { searchInput, suggestInput, workOrderFindInput } from "@shared/search";
import { trpcServiceCtx } from "../../lib/service-ctx";
import { authedProcedure, router } from "../../trpc/init";
import { findWorkOrderLines, searchAll, suggest } from "./service";

/** The one search (GET /api/search for other clients): every group from its own domain's service. */
export const searchRouter = router({
  all: authedProcedure.input(searchInput).query(({ ctx, input }) => searchAll(trpcServiceCtx(ctx), input)),
  /** The header's suggestions as you type: fewer rows, no document databases. */
  suggest: authedProcedure.input(suggestInput).query(({ ctx, input }) => suggest(trpcServiceCtx(ctx), input)),
  /** The Work Orders finder: the register by number prefix, client or project name. */
  workOrders: authedProcedure
    .input(workOrderFindInput)
    .query(({ ctx, input }) => findWorkOrderLines(trpcServiceCtx(ctx), input)),
});
