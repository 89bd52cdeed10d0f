import {
  chatStreamInput,
  deleteHistoryInput,
  historyInput,
  type QuestionInput,
  questionInput,
} from "@shared/chat";
import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { jsonBodies } from "../../http/body-limit";
import { restArea } from "../../http/openapi/route-doc";
import { jsonBody, queryParams } from "../../http/rest-helpers";
import { parseInput } from "../../lib/errors";
import { restServiceCtx } from "../../lib/service-ctx";
import { answerQuestion } from "./ask";
import { requireDbChosen } from "./input";
import { deleteHistory, listHistory } from "./service";
import { lastUserText, streamAnswer } from "./stream";

const doc = restArea({ tag: "Ask Geolabs AI", access: "signed-in" });

/** A question as the answer service takes it; closing the request stops the answer. */
const askOf = (input: QuestionInput, request: Request) => ({
  question: input.query,
  db: input.db,
  useWeb: input.use_web,
  useCache: input.use_cache,
  workOrder: input.work_order,
  signal: request.signal,
});

/**
 * The spec's Ask AI paths plus the screen's stream, on the same services as tRPC `chat.*`. The `user` field is
 * accepted and ignored everywhere: history is the signed-in person's.
 */
export function chatRest(deps: AppDeps) {
  const ctxOf = (request: Request) => restServiceCtx(deps, request);
  return new Elysia()
    .use(jsonBodies())
    .post(
      "/api/question",
      async ({ request, body }) => {
        const input = jsonBody(questionInput, requireDbChosen(body));
        return answerQuestion(ctxOf(request), askOf(input, request));
      },
      {
        detail: doc({
          summary: "Ask a question of a database",
          body: questionInput,
          returns: "{ answer, sources, history_id }",
          errors: [404, 504],
        }),
      },
    )
    .get(
      "/api/chat_history",
      async ({ request, query }) => {
        const input = queryParams(historyInput, requireDbChosen(query));
        const entries = await listHistory(ctxOf(request), input);
        return entries.map((e) => ({ question: e.question, answer: e.answer }));
      },
      {
        detail: doc({
          summary: "The caller's questions of a database",
          query: historyInput,
          returns: "[{ id, question, answer, sources, time }]",
        }),
      },
    )
    .delete(
      "/api/delete-history",
      ({ request, body }) =>
        deleteHistory(ctxOf(request), jsonBody(deleteHistoryInput, requireDbChosen(body))),
      {
        detail: doc({
          summary: "Delete the caller's entries of a question",
          body: deleteHistoryInput,
          returns: "{ deleted }",
        }),
      },
    )
    .post(
      "/api/chat",
      async ({ request, body }) => {
        const ctx = ctxOf(request);
        const raw = jsonBody(chatStreamInput, requireDbChosen(body));
        const input = parseInput(questionInput, {
          query: lastUserText(raw.messages),
          db: raw.db,
          use_web: raw.use_web,
          use_cache: raw.use_cache,
          work_order: raw.work_order,
        });
        const stream = await streamAnswer(ctx, askOf(input, request));
        const { createUIMessageStreamResponse } = await import("ai");
        return createUIMessageStreamResponse({ stream });
      },
      {
        detail: doc({
          summary: "The answer as a stream (the screen's)",
          body: chatStreamInput,
          returns: "a UI message stream",
          errors: [404, 504],
        }),
      },
    );
}
