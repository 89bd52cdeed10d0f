import {
  CHAT_MESSAGES,
  chatStreamInput,
  deleteHistoryInput,
  historyInput,
  questionInput,
} from "@shared/chat";
import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { jsonBodies } from "../../http/body-limit";
import { requestLog, requireUser } from "../../http/request-state";
import { jsonBody, queryParams } from "../../http/rest-helpers";
import { badRequest, parseInput } from "../../lib/errors";
import { answerQuestion } from "./ask";
import { deleteHistory, listHistory } from "./history";
import { lastUserText, streamAnswer } from "./stream";

/**
 * The spec's Ask AI paths plus the screen's stream, on the same services as tRPC `chat.*`. The `user` field is
 * accepted and ignored everywhere: history is the signed-in person's.
 */
/** No database chosen is the spec's own alert text, word for word (not a field message). */
function dbChosen<T>(input: T): T {
  const db = (input as { db?: unknown } | null)?.db;
  if (typeof input === "object" && input && (db === undefined || db === null || String(db).trim() === "")) {
    throw badRequest(CHAT_MESSAGES.selectDb);
  }
  return input;
}

export function chatRest(deps: AppDeps) {
  return new Elysia()
    .use(jsonBodies())
    .post("/api/question", async ({ request, body }) => {
      const input = jsonBody(questionInput, dbChosen(body));
      return answerQuestion({ ...deps, log: requestLog(deps.log, request) }, requireUser(request), {
        question: input.query,
        db: input.db,
        useWeb: input.use_web,
        useCache: input.use_cache,
        signal: request.signal,
      });
    })
    .get("/api/chat_history", async ({ request, query }) => {
      const input = queryParams(historyInput, dbChosen(query));
      const entries = await listHistory(deps.db, requireUser(request).email, input.db);
      return entries.map((e) => ({ question: e.question, answer: e.answer }));
    })
    .delete("/api/delete-history", async ({ request, body }) => {
      const input = jsonBody(deleteHistoryInput, dbChosen(body));
      return deleteHistory(deps.db, requireUser(request).email, input.db, input.question);
    })
    .post("/api/chat", async ({ request, body }) => {
      const user = requireUser(request);
      const raw = jsonBody(chatStreamInput, dbChosen(body));
      const input = parseInput(questionInput, {
        query: lastUserText(raw.messages),
        db: raw.db,
        use_web: raw.use_web,
        use_cache: raw.use_cache,
      });
      return streamAnswer({ ...deps, log: requestLog(deps.log, request) }, user, {
        question: input.query,
        db: input.db,
        useWeb: input.use_web,
        useCache: input.use_cache,
        signal: request.signal,
      });
    });
}
