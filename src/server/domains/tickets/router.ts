import {
  addCommentInput,
  ticketCreateInput,
  ticketIdInput,
  ticketListInput,
  ticketUpdateInput,
} from "@shared/tickets";
import { trpcServiceCtx } from "../../lib/service-ctx";
import { authedProcedure, router } from "../../trpc/init";
import {
  addTicketComment,
  createTicket,
  removeTicket,
  ticketAssignees,
  ticketById,
  ticketHeader,
  ticketPage,
  updateTicket,
} from "./service";

/** IT support tickets: every signed-in person; row-level rules in the service and in the list's SQL. */
export const ticketsRouter = router({
  list: authedProcedure
    .input(ticketListInput)
    .query(({ ctx, input }) => ticketPage(trpcServiceCtx(ctx), input)),
  counts: authedProcedure.query(({ ctx }) => ticketHeader(trpcServiceCtx(ctx))),
  byId: authedProcedure
    .input(ticketIdInput)
    .query(({ ctx, input }) => ticketById(trpcServiceCtx(ctx), input)),
  create: authedProcedure
    .input(ticketCreateInput)
    .mutation(({ ctx, input }) => createTicket(trpcServiceCtx(ctx), input)),
  update: authedProcedure
    .input(ticketUpdateInput)
    .mutation(({ ctx, input }) => updateTicket(trpcServiceCtx(ctx), input)),
  remove: authedProcedure
    .input(ticketIdInput)
    .mutation(({ ctx, input }) => removeTicket(trpcServiceCtx(ctx), input)),
  addComment: authedProcedure
    .input(addCommentInput)
    .mutation(({ ctx, input }) => addTicketComment(trpcServiceCtx(ctx), input)),
  assignees: authedProcedure.query(({ ctx }) => ticketAssignees(trpcServiceCtx(ctx))),
});
