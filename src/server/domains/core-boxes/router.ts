import {
  changesInput,
  coreBoxCreateInput,
  coreBoxIdInput,
  coreBoxIdsInput,
  coreBoxListInput,
  coreBoxUpdateInput,
  restoreInput,
} from "@shared/core-boxes";
import { authedProcedure, router } from "../../trpc/init";
import { importBoxes, importFormInput } from "./import";
import { dumpAndRemove, removeBox, removeBoxes, restoreBox } from "./removal";
import * as boxes from "./service";

type Ctx = { deps: import("../../deps").AppDeps; user: { email: string } };

/** Every signed-in staff member reads and edits the inventory (docs/decisions/0016-core-boxes-access-and-history.md). */
const deps = (ctx: Ctx): boxes.CoreBoxDeps => ({
  db: ctx.deps.db,
  user: ctx.user,
  expiryMonths: ctx.deps.env.CORE_BOX_EXPIRY_MONTHS,
});

export const coreBoxesRouter = router({
  list: authedProcedure.input(coreBoxListInput).query(({ ctx, input }) => boxes.list(deps(ctx), input)),
  years: authedProcedure.query(({ ctx }) => boxes.years(deps(ctx))),
  islands: authedProcedure.query(({ ctx }) => boxes.islands(deps(ctx))),
  /** What the form needs to show the defaults the server will apply. */
  settings: authedProcedure.query(({ ctx }) => ({ expiry_months: ctx.deps.env.CORE_BOX_EXPIRY_MONTHS })),
  changes: authedProcedure.input(changesInput).query(({ ctx, input }) => boxes.changes(deps(ctx), input)),
  byId: authedProcedure.input(coreBoxIdInput).query(({ ctx, input }) => boxes.byId(deps(ctx), input.id)),
  create: authedProcedure
    .input(coreBoxCreateInput)
    .mutation(({ ctx, input }) => boxes.createBox(deps(ctx), input)),
  update: authedProcedure
    .input(coreBoxUpdateInput)
    .mutation(({ ctx, input: { id, ...patch } }) => boxes.updateBox(deps(ctx), id, patch)),
  remove: authedProcedure.input(coreBoxIdInput).mutation(({ ctx, input }) => removeBox(deps(ctx), input.id)),
  removeMany: authedProcedure
    .input(coreBoxIdsInput)
    .mutation(({ ctx, input }) => removeBoxes(deps(ctx), input.ids)),
  dumpAndRemove: authedProcedure
    .input(coreBoxIdInput)
    .mutation(({ ctx, input }) => dumpAndRemove(deps(ctx), input.id)),
  restore: authedProcedure
    .input(restoreInput)
    .mutation(({ ctx, input }) => restoreBox(deps(ctx), input.change_id)),
  /** FormData with `file` (CSV or .xlsx) and optional `dry_run` (true/1): the preview, or the import itself. */
  importFile: authedProcedure
    .input(importFormInput)
    .mutation(({ ctx, input }) => importBoxes(deps(ctx), input)),
});
