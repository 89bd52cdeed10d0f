import {
  binderBulkDeleteInput,
  binderCreateInput,
  binderListInput,
  binderUpdateInput,
} from "@shared/reports-binder";
import { z } from "zod";
import { listChanges } from "../../lib/history";
import type { Context } from "../../trpc/context";
import { authedProcedure, router } from "../../trpc/init";
import { binderHealth } from "./health";
import { listBinder } from "./queries";
import { BINDER_ENTITY, createBinderService } from "./service";

const service = (ctx: Context & { user: NonNullable<Context["user"]> }) =>
  createBinderService({ db: ctx.deps.db, user: ctx.user.email });
const id = z.number({ error: "id must be a number" }).int().positive();

/** The reports binder: every signed-in staff member reads and edits it (docs/decisions/0019-reports-binder.md). */
export const reportsBinderRouter = router({
  health: authedProcedure.query(({ ctx }) => binderHealth(ctx.deps.db)),
  list: authedProcedure.input(binderListInput).query(({ ctx, input }) => listBinder(ctx.deps.db, input)),
  create: authedProcedure.input(binderCreateInput).mutation(({ ctx, input }) => service(ctx).create(input)),
  update: authedProcedure
    .input(z.object({ id, values: binderUpdateInput }))
    .mutation(({ ctx, input }) => service(ctx).update(input.id, input.values)),
  remove: authedProcedure.input(z.object({ id })).mutation(({ ctx, input }) => service(ctx).remove(input.id)),
  bulkRemove: authedProcedure
    .input(binderBulkDeleteInput)
    .mutation(({ ctx, input }) => service(ctx).bulkRemove(input.ids)),
  restore: authedProcedure
    .input(z.object({ change_id: id }))
    .mutation(({ ctx, input }) => service(ctx).restore(input.change_id)),
  changes: authedProcedure
    .input(z.object({ limit: z.number().int().min(1).max(200).default(200) }))
    .query(({ ctx, input }) => listChanges(ctx.deps.db, BINDER_ENTITY, { limit: input.limit })),
});
