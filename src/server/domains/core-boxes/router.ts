import {
  changesInput,
  coreBoxCreateInput,
  coreBoxIdInput,
  coreBoxIdsInput,
  coreBoxListInput,
  coreBoxUpdateInput,
  expiringInput,
  restoreInput,
} from "@shared/core-boxes";
import { trpcServiceCtx } from "../../lib/service-ctx";
import { authedProcedure, router } from "../../trpc/init";
import { importBoxes, importFormInput } from "./import";
import * as boxes from "./service";

/** Every signed-in staff member reads and edits the inventory (docs/decisions/0016-core-boxes-access-and-history.md). */
export const coreBoxesRouter = router({
  list: authedProcedure
    .input(coreBoxListInput)
    .query(({ ctx, input }) => boxes.list(trpcServiceCtx(ctx), input)),
  /** How many boxes expire within 30, 60 or 90 days (the dashboard; the list takes `expires` the same way). */
  expiring: authedProcedure
    .input(expiringInput)
    .query(({ ctx, input }) => boxes.boxesExpiringWithin(trpcServiceCtx(ctx), input)),
  years: authedProcedure.query(({ ctx }) => boxes.years(trpcServiceCtx(ctx))),
  islands: authedProcedure.query(({ ctx }) => boxes.islands(trpcServiceCtx(ctx))),
  /** What the form needs to show the defaults the server will apply. */
  settings: authedProcedure.query(({ ctx }) => ({ expiry_months: ctx.deps.env.CORE_BOX_EXPIRY_MONTHS })),
  changes: authedProcedure
    .input(changesInput)
    .query(({ ctx, input }) => boxes.changes(trpcServiceCtx(ctx), input)),
  byId: authedProcedure
    .input(coreBoxIdInput)
    .query(({ ctx, input }) => boxes.byId(trpcServiceCtx(ctx), input)),
  create: authedProcedure
    .input(coreBoxCreateInput)
    .mutation(({ ctx, input }) => boxes.createBox(trpcServiceCtx(ctx), input)),
  update: authedProcedure
    .input(coreBoxUpdateInput)
    .mutation(({ ctx, input }) => boxes.updateBox(trpcServiceCtx(ctx), input)),
  remove: authedProcedure
    .input(coreBoxIdInput)
    .mutation(({ ctx, input }) => boxes.removeBox(trpcServiceCtx(ctx), input)),
  removeMany: authedProcedure
    .input(coreBoxIdsInput)
    .mutation(({ ctx, input }) => boxes.removeBoxes(trpcServiceCtx(ctx), input)),
  dumpAndRemove: authedProcedure
    .input(coreBoxIdInput)
    .mutation(({ ctx, input }) => boxes.dumpAndRemove(trpcServiceCtx(ctx), input)),
  restore: authedProcedure
    .input(restoreInput)
    .mutation(({ ctx, input }) => boxes.restoreBox(trpcServiceCtx(ctx), input)),
  /** FormData with `file` (CSV or .xlsx) and optional `dry_run` (true/1): the preview, or the import itself. */
  importFile: authedProcedure
    .input(importFormInput)
    .mutation(({ ctx, input }) => importBoxes(trpcServiceCtx(ctx), input)),
});
