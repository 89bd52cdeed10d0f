import {
  deleteHistoryInput,
  feedbackInput,
  feedbackListInput,
  historyInput,
  sourceLinksInput,
} from "@shared/chat";
import { trpcServiceCtx } from "../../lib/service-ctx";
import { authedProcedure, router } from "../../trpc/init";
import { chatInput } from "./input";
import {
  deleteHistory,
  historyElsewhere,
  listFeedback,
  listHistory,
  listTargets,
  setFeedback,
  sourceLinks,
  webKnowledge,
} from "./service";

/**
 * Ask Geolabs AI for our screen (REST twins and the answer stream in rest.ts). History and feedback are the
 * caller's own; the feedback review is for Admins and Owners.
 */
export const chatRouter = router({
  dbs: authedProcedure.query(async ({ ctx }) => {
    const c = trpcServiceCtx(ctx);
    return { dbs: await listTargets(c), webKnowledge: webKnowledge(c) };
  }),
  history: authedProcedure.input(chatInput(historyInput)).query(async ({ ctx, input }) => {
    const c = trpcServiceCtx(ctx);
    const entries = await listHistory(c, input);
    // None here: where the caller's questions are, so the panel does not read as if there were none at all.
    return { entries, elsewhere: entries.length ? [] : await historyElsewhere(c, input.db) };
  }),
  deleteHistory: authedProcedure
    .input(chatInput(deleteHistoryInput))
    .mutation(({ ctx, input }) => deleteHistory(trpcServiceCtx(ctx), input)),
  feedback: authedProcedure
    .input(feedbackInput)
    .mutation(({ ctx, input }) => setFeedback(trpcServiceCtx(ctx), input)),
  feedbackList: authedProcedure
    .input(feedbackListInput)
    .query(async ({ ctx, input }) => ({ entries: await listFeedback(trpcServiceCtx(ctx), input) })),
  sourceLinks: authedProcedure
    .input(sourceLinksInput)
    .query(async ({ ctx, input }) => ({ links: await sourceLinks(trpcServiceCtx(ctx), input) })),
});
