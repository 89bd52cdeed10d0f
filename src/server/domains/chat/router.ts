import {
  deleteHistoryInput,
  FEEDBACK_RATINGS,
  feedbackInput,
  historyInput,
  sourceLinksInput,
} from "@shared/chat";
import { z } from "zod";
import { adminProcedure, authedProcedure, router } from "../../trpc/init";
import { deleteHistory, listFeedback, listHistory, setFeedback } from "./history";
import { sourceLinks } from "./links";
import { chatTargets } from "./targets";

/**
 * Ask Geolabs AI for our screen (REST twins and the answer stream in rest.ts). History and feedback are the
 * caller's own; the feedback review is for Admins and Owners.
 */
export const chatRouter = router({
  dbs: authedProcedure.query(async ({ ctx }) => ({
    dbs: (await chatTargets(ctx.deps.db)).map((t) => ({ name: t.name, label: t.label })),
  })),
  history: authedProcedure
    .input(historyInput)
    .query(async ({ ctx, input }) => ({ entries: await listHistory(ctx.deps.db, ctx.user.email, input.db) })),
  deleteHistory: authedProcedure
    .input(deleteHistoryInput)
    .mutation(({ ctx, input }) => deleteHistory(ctx.deps.db, ctx.user.email, input.db, input.question)),
  feedback: authedProcedure
    .input(feedbackInput)
    .mutation(({ ctx, input }) => setFeedback(ctx.deps.db, ctx.user.email, input)),
  feedbackList: adminProcedure
    .input(z.object({ rating: z.enum(FEEDBACK_RATINGS).optional() }).default({}))
    .query(async ({ ctx, input }) => ({ entries: await listFeedback(ctx.deps.db, input) })),
  sourceLinks: authedProcedure
    .input(sourceLinksInput)
    .query(async ({ ctx, input }) => ({ links: await sourceLinks(ctx.deps, input) })),
});
