import type { InStatement } from "@libsql/client";
import {
  CHAT_MESSAGES,
  type ChatFeedbackEntry,
  type ChatHistoryElsewhere,
  type ChatHistoryEntry,
  type ChatSource,
  type DeleteHistoryInput,
  type FeedbackInput,
  type FeedbackListInput,
  HISTORY_LIMIT,
  type HistoryInput,
  type SourceLinksInput,
} from "@shared/chat";
import { can, REFUSED } from "@shared/permissions";
import { and, count, desc, eq, inArray, ne } from "drizzle-orm";
import type { Db } from "../../db/client";
import { chatFeedback, chatHistory, docDocuments } from "../../db/schema";
import { forbidden, notFound } from "../../lib/errors";
import type { ServiceCtx } from "../../lib/service-ctx";
import { signedLinks } from "../../storage/links";
import { chatTargets, requireTarget } from "./targets";

/** The databases a question can be asked of, by name and display name. */
export async function listTargets(ctx: ServiceCtx) {
  return (await chatTargets(ctx.db)).map((t) => ({ name: t.name, label: t.label }));
}

/** Whether "Web" can add anything: only a configured AI service has general knowledge (the built-in model none). */
export const webKnowledge = (ctx: ServiceCtx) => ctx.deps.ai.answer.kind !== "local";

/**
 * Ask AI's service (answering itself is ask.ts): the databases a question can be asked of, the caller's history
 * and feedback, the answer log, and fresh links to cited originals. Whose history is always the signed-in
 * person's (ctx.user), never the request's `user` field: one person can neither read nor delete another's.
 */
export interface SavedAnswer {
  user: string;
  db: string;
  question: string;
  answer: string;
  sources: ChatSource[];
  cached: boolean;
  model: string;
  ms: number;
  /** Asked of this work order's reports only: its own entry, beside the same question asked of them all. */
  workOrder?: string | null;
}

const owner = (email: string) => email.trim().toLowerCase();

/**
 * History entry + answer log row (and `also`: the cache entry), in one batch: one commit per answer, and no
 * await between its statements (the hottest write: every answer makes one). Asking the same question again moves
 * it to the top of the history instead of listing it twice; feedback on the older entry keeps its own copy.
 * Returns the history id (what feedback refers to).
 */
export async function saveAnswer(db: Db, a: SavedAnswer, also: InStatement[] = []): Promise<number> {
  const user = owner(a.user);
  const cached = a.cached ? 1 : 0;
  const now = Date.now();
  const scope = a.workOrder ?? null;
  const results = await db.$client.batch(
    [
      ...also,
      ...removeQuestion(user, a.db, a.question, scope),
      {
        sql: `INSERT INTO chat_history (user_email, db, question, answer, sources, cached, model, created_at,
            work_order)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
        args: [user, a.db, a.question, a.answer, JSON.stringify(a.sources), cached, a.model, now, scope],
      },
      {
        sql: "INSERT INTO chat_answers (ts, user_email, db, cached, model, ms) VALUES (?, ?, ?, ?, ?, ?)",
        args: [now, user, a.db, cached, a.model, Math.round(a.ms)],
      },
    ],
    "write",
  );
  // Counted from the front: `also`, then removeQuestion's two statements, then the history insert.
  return Number(results[also.length + 2]!.rows[0]!.id);
}

/** The caller's questions in one database, newest first, with their own rating of each answer. */
export async function listHistory(ctx: ServiceCtx, input: HistoryInput): Promise<ChatHistoryEntry[]> {
  const rows = await ctx.db
    .select({ h: chatHistory, rating: chatFeedback.rating })
    .from(chatHistory)
    .leftJoin(chatFeedback, eq(chatFeedback.historyId, chatHistory.id))
    .where(and(eq(chatHistory.userEmail, owner(ctx.user.email)), eq(chatHistory.db, input.db)))
    .orderBy(desc(chatHistory.id))
    .limit(HISTORY_LIMIT);
  return rows.map(({ h, rating }) => ({
    id: h.id,
    question: h.question,
    answer: h.answer,
    sources: JSON.parse(h.sources) as ChatSource[],
    cached: h.cached,
    rating: rating ?? null,
    createdAt: h.createdAt.toISOString(),
    workOrder: h.workOrder ?? null,
  }));
}

/**
 * The caller's other databases holding questions (how many in each): an empty history in this database points to
 * them instead of reading as if the person had never asked anything.
 */
export async function historyElsewhere(ctx: ServiceCtx, dbName: string): Promise<ChatHistoryElsewhere[]> {
  const rows = await ctx.db
    .select({ db: chatHistory.db, n: count() })
    .from(chatHistory)
    .where(and(eq(chatHistory.userEmail, owner(ctx.user.email)), ne(chatHistory.db, dbName)))
    .groupBy(chatHistory.db);
  const targets = await chatTargets(ctx.db);
  return rows.flatMap((r) => {
    const t = targets.find((x) => x.name === r.db);
    return t ? [{ db: t.name, label: t.label, count: Number(r.n) }] : [];
  });
}

/**
 * The statements that remove a person's entries of one question in one database and one scope (a work order's
 * reports, or null: the whole database). Feedback keeps its own copy for review; it just no longer points at a
 * history entry. The second statement's `rowsAffected` is how many went.
 */
function removeQuestion(user: string, dbName: string, question: string, scope: string | null): InStatement[] {
  const same = [user, dbName, question, scope];
  const where = "user_email = ? AND db = ? AND question = ? AND work_order IS ?";
  return [
    {
      sql: `UPDATE chat_feedback SET history_id = NULL WHERE history_id IN (SELECT id FROM chat_history WHERE ${where})`,
      args: same,
    },
    { sql: `DELETE FROM chat_history WHERE ${where}`, args: same },
  ];
}

/** Remove the caller's entries of `question` in `db` (404 when they have none). */
export async function deleteHistory(ctx: ServiceCtx, input: DeleteHistoryInput) {
  const statements = removeQuestion(
    owner(ctx.user.email),
    input.db,
    input.question,
    input.work_order ?? null,
  );
  const [, removed] = await ctx.db.$client.batch(statements, "write");
  const deleted = removed!.rowsAffected;
  if (!deleted) throw notFound(CHAT_MESSAGES.historyMissing);
  return { deleted };
}

/** Rate one of the caller's own answers (null takes the rating back). */
export async function setFeedback(ctx: ServiceCtx, input: FeedbackInput) {
  const [h] = await ctx.db
    .select()
    .from(chatHistory)
    .where(and(eq(chatHistory.id, input.id), eq(chatHistory.userEmail, owner(ctx.user.email))));
  if (!h) throw notFound(CHAT_MESSAGES.historyMissing);
  if (input.rating === null) {
    await ctx.db.delete(chatFeedback).where(eq(chatFeedback.historyId, h.id));
    return { rating: null };
  }
  const values = {
    historyId: h.id,
    userEmail: h.userEmail,
    db: h.db,
    question: h.question,
    answer: h.answer,
    rating: input.rating,
    comment: input.comment || null,
    createdAt: ctx.now(),
  };
  await ctx.db
    .insert(chatFeedback)
    .values(values)
    .onConflictDoUpdate({
      target: chatFeedback.historyId,
      set: { rating: values.rating, comment: values.comment, createdAt: values.createdAt },
    });
  return { rating: input.rating };
}

/** For admins (the procedure's level): the newest 200 ratings, with the question and answer as they were. */
export async function listFeedback(ctx: ServiceCtx, input: FeedbackListInput) {
  if (!can(ctx.user, "feedback.review")) throw forbidden(REFUSED["feedback.review"]);
  const rows = await ctx.db
    .select()
    .from(chatFeedback)
    .where(input.rating ? eq(chatFeedback.rating, input.rating) : undefined)
    .orderBy(desc(chatFeedback.createdAt), desc(chatFeedback.id))
    .limit(200);
  return rows.map<ChatFeedbackEntry>((r) => ({
    id: r.id,
    user: r.userEmail,
    db: r.db,
    question: r.question,
    answer: r.answer,
    rating: r.rating,
    comment: r.comment,
    createdAt: r.createdAt.toISOString(),
  }));
}

/**
 * Fresh signed links to the originals an answer cites (the screen appends `#page=N`). Signed on demand, not
 * stored with the answer, because links expire while history does not.
 */
export async function sourceLinks(ctx: ServiceCtx, input: SourceLinksInput): Promise<Record<string, string>> {
  const target = await requireTarget(ctx.db, input.db);
  if (!input.files.length || !target.collectionIds.length) return {};
  const rows = await ctx.db
    .select({ file: docDocuments.fileName, key: docDocuments.storageKey })
    .from(docDocuments)
    .where(
      and(
        inArray(docDocuments.collectionId, target.collectionIds),
        inArray(docDocuments.fileName, input.files),
      ),
    );
  // A report indexed without its original ("Upload original PDF to S3" off) has nothing to link to.
  const linked = rows.filter((r) => r.key);
  const urls = await signedLinks(
    ctx,
    linked.map((r) => r.key),
  );
  return Object.fromEntries(linked.map((r, i) => [r.file, urls[i]!]));
}

/** The dashboard card this domain owns. */
export { aiAnswersKpi } from "./kpi";

/** A moved original takes the answers that cite it along (storage's move, in its transaction). */
export { carryAnswersToRenames } from "./renamed-files";
