import {
  addCommentInput,
  ticketCreateInput,
  ticketIdInput,
  ticketListInput,
  ticketUpdateInput,
} from "@shared/tickets";
import type { Context } from "../../trpc/context";
import { adminProcedure, authedProcedure, router } from "../../trpc/init";
import { assignees, listTickets, ticketCounts } from "./queries";
import { createTicketsService } from "./service";

const service = (ctx: Context & { user: NonNullable<Context["user"]> }) =>
  createTicketsService({ db: ctx.deps.db, actor: ctx.user });

/** IT support tickets: every signed-in person; row-level rules in the service and in the list's SQL. */
export const ticketsRouter = router({
  list: authedProcedure
    .input(ticketListInput)
    .query(({ ctx, input }) => listTickets(ctx.deps.db, ctx.user, input)),
  counts: authedProcedure.query(({ ctx }) => ticketCounts(ctx.deps.db, ctx.user)),
  byId: authedProcedure.input(ticketIdInput).query(({ ctx, input }) => service(ctx).byId(input.id)),
  create: authedProcedure.input(ticketCreateInput).mutation(({ ctx, input }) => service(ctx).create(input)),
  update: authedProcedure
    .input(ticketUpdateInput)
    .mutation(({ ctx, input: { id, ...changes } }) => service(ctx).update(id, changes)),
  remove: authedProcedure.input(ticketIdInput).mutation(({ ctx, input }) => service(ctx).remove(input.id)),
  addComment: authedProcedure
    .input(addCommentInput)
    .mutation(({ ctx, input }) => service(ctx).addComment(input.id, input.text)),
  assignees: adminProcedure.query(({ ctx }) => assignees(ctx.deps.db)),
});
