import { CHAT_MESSAGES, CHAT_TEXTS, type ChatSource, CITATION_PATTERN, isRefusal } from "@shared/chat";
import { REPORTS_DB } from "@shared/reports";
import { parseWorkOrder } from "@shared/work-orders";
import { AnswerStopped } from "../../ai/errors";
import { type Passage, type Retrieval, retrieve } from "../../ai/retrieval";
import { badRequest } from "../../lib/errors";
import { type Admission, GateStopped } from "../../lib/fair-gate";
import { heavyWorkTurn } from "../../lib/one-per-turn";
import type { ServiceCtx } from "../../lib/service-ctx";
import { reportsOfWorkOrder } from "../reports/service";
import { cacheKey, cacheWrites, readCache } from "./cache";
import { type AnswerModel, composeAnswer, termWeights } from "./compose";
import { saveAnswer } from "./service";
import { type ChatTarget, collectionVersion, requireTarget } from "./targets";

/**
 * One answer, whichever door it came through (POST /api/question, the screen's stream): resolve the database,
 * reuse a cached answer when allowed, else retrieve and stream from the configured model; then save it to the
 * asker's history (and the cache). The asker is always the signed-in person (ctx.user).
 */
export interface AskRequest {
  question: string;
  db: string;
  useWeb: boolean;
  useCache: boolean;
  /** Closing the request aborts the answer (no history entry, no cache entry). */
  signal?: AbortSignal;
  /** Only this work order's reports (the database must be reports.db). */
  workOrder?: string;
  /** The caller takes the answer whole (POST /api/question): the built-in model answers in one call. */
  whole?: boolean;
}

export interface AnswerRun {
  cached: boolean;
  model: string;
  /** The passages the answer was made from. */
  sources: ChatSource[];
  /** The answer as it is produced; throws an AppError (502/504, or AnswerStopped) when it fails. */
  pieces(): AsyncGenerator<string>;
  /** Save the finished answer; returns the history entry and the sources the answer cites. */
  finish(answer: string): Promise<{ historyId: number; sources: ChatSource[] }>;
}

const SNIPPET_CHARS = 280;

/** The passage's first SNIPPET_CHARS characters with runs of white space as one space. */
function snippetOf(pages: { text: string }[]): string {
  const text = pages.map((x) => x.text).join(" ");
  // Collapse a prefix only (passages run to thousands of characters); the whole text if that came out short.
  const head = text.slice(0, SNIPPET_CHARS * 4).replace(/\s+/g, " ");
  const snippet =
    head.length >= SNIPPET_CHARS || head.length === text.length ? head : text.replace(/\s+/g, " ");
  return snippet.slice(0, SNIPPET_CHARS);
}

export function toChatSources(passages: Passage[], db: string): ChatSource[] {
  return passages.map((p) => ({
    n: p.n,
    db,
    file: p.file,
    pages: p.pages.map((x) => x.page),
    snippet: snippetOf(p.pages),
  }));
}

/** The sources an answer cites (all of them when it cites none it could be matched to; none for "not found"). */
export function citedSources(answer: string, sources: ChatSource[]): ChatSource[] {
  const cited = new Set<string>();
  for (const m of answer.matchAll(CITATION_PATTERN)) {
    const from = Number(m[2]);
    const to = Number(m[3] ?? m[2]);
    for (let p = from; p <= Math.min(to, from + 50); p++) cited.add(`${m[1]!.toLowerCase()}|${p}`);
  }
  if (!cited.size) return isRefusal(answer) ? [] : sources;
  const isCited = (s: ChatSource, p: number) => cited.has(`${s.file.toLowerCase()}|${p}`);
  // Only the cited pages of each passage: the others were context the answer did not use.
  const hit = sources
    .filter((s) => s.pages.some((p) => isCited(s, p)))
    .map((s) => ({ ...s, pages: s.pages.filter((p) => isCited(s, p)) }));
  return hit.length ? hit : sources;
}

async function* once(text: string) {
  yield text;
}

export async function startAnswer(ctx: ServiceCtx, req: AskRequest): Promise<AnswerRun> {
  /** An asker who left (the request closed) costs nothing more: the answer stops at the next step. */
  const stopIfLeft = () => {
    if (req.signal?.aborted) throw new AnswerStopped();
  };
  // One person's questions are limited per minute; past it, a 429 saying when to ask again.
  ctx.deps.limits.rate.questions.take(ctx.user.email);
  // Requests already received (list pages, small reads) go first; answers take their turns one by one.
  await heavyWorkTurn();
  stopIfLeft();
  const started = performance.now();
  const asked = await resolveQuestion(ctx, req);
  const save = answerSaver(ctx, req, asked, started, stopIfLeft);
  if (req.useCache) {
    const hit = await readCache(ctx.db, asked.key);
    if (hit) {
      return {
        cached: true,
        model: asked.model.id,
        sources: hit.sources,
        pieces: () => once(hit.answer),
        finish: (answer) => save(answer, hit.sources, true),
      };
    }
  }
  // Only a few answers compute at once; the others wait their turn, round-robin by person (stop still works).
  const place = await answerPlace(ctx, req.signal);
  const retrieval = await retrieveFor(ctx, req, asked, place, stopIfLeft);
  const sources = toChatSources(retrieval.passages, asked.target.name);
  const base = {
    cached: false,
    model: asked.model.id,
    sources,
    finish: (answer: string) => save(answer, sources, false),
  };
  if (!retrieval.passages.length && !req.useWeb) {
    place.release();
    return { ...base, pieces: () => once(CHAT_TEXTS.notFound(asked.target.label)) };
  }
  const { question, useWeb, whole, signal } = req;
  const { target, model } = asked;
  const terms = termWeights(retrieval);
  const composition = { question, useWeb, whole, signal, target, model, passages: retrieval.passages, terms };
  return { ...base, pieces: () => composeAnswer(ctx, composition, place) };
}

/** A question resolved: the database it asks, the model that answers, and the cache key of its answer. */
interface AskedQuestion {
  target: ChatTarget;
  model: AnswerModel;
  /** The version of the target's documents (see collectionVersion). */
  version: string;
  key: string;
}

/** Resolve the database asked and the answer's cache key. */
async function resolveQuestion(ctx: ServiceCtx, req: AskRequest): Promise<AskedQuestion> {
  if (req.workOrder && req.db !== REPORTS_DB) throw badRequest(CHAT_MESSAGES.workOrderNeedsReports);
  const target = await requireTarget(ctx.db, req.db);
  const model = ctx.deps.ai.answer;
  const version = await collectionVersion(ctx.db, target.collectionIds);
  const key = cacheKey({
    db: target.name,
    version,
    question: req.question,
    useWeb: req.useWeb,
    model: model.id,
    workOrder: req.workOrder,
  });
  return { target, model, version, key };
}

/** Saves a finished answer to the asker's history, and (unless it came from it) to the cache. */
function answerSaver(
  ctx: ServiceCtx,
  req: AskRequest,
  asked: AskedQuestion,
  started: number,
  stopIfLeft: () => void,
) {
  const { target, model, version, key } = asked;
  return async (answer: string, sources: ChatSource[], cached: boolean) => {
    stopIfLeft();
    // Nothing to keep: the screen shows "No response received."
    if (!answer.trim()) return { historyId: 0, sources: [] };
    const used = citedSources(answer, sources);
    const entry = {
      user: ctx.user.email,
      db: target.name,
      question: req.question,
      answer,
      sources: used,
      cached,
      model: model.id,
      ms: performance.now() - started,
      workOrder: req.workOrder ?? null,
    };
    // Cache entry and history entry in one batch: one commit per answer.
    const cacheEntry = { db: target.name, version, answer, sources: used, model: model.id };
    const historyId = await saveAnswer(ctx.db, entry, cached ? [] : cacheWrites(key, cacheEntry));
    return { historyId, sources: used };
  };
}

/** The passages the answer is made from (only the work order's reports for a scoped question). */
async function retrieveFor(
  ctx: ServiceCtx,
  req: AskRequest,
  asked: AskedQuestion,
  place: Admission,
  stopIfLeft: () => void,
): Promise<Retrieval> {
  const { db } = ctx;
  try {
    // A scoped question: only its work order's reports (looked up here, after the cache could have answered).
    const documentIds = req.workOrder
      ? (await reportsOfWorkOrder(ctx, parseWorkOrder(req.workOrder)!)).map((r) => r.file_id)
      : undefined;
    const retrieval = await retrieve(db, asked.target.collectionIds, req.question, {
      embed: ctx.deps.ai.embed,
      documentIds,
    });
    stopIfLeft();
    return retrieval;
  } finally {
    // A hosted model composes elsewhere: its place is only for retrieval. The built-in one keeps it for composing.
    if (asked.model.kind !== "local") place.release();
  }
}

/**
 * A place among the answers computing now (deps.limits.answers). Released by the answer when it is composed,
 * and in any case when the asker leaves, so a stream nobody reads holds no place.
 */
async function answerPlace(ctx: ServiceCtx, signal: AbortSignal | undefined) {
  let place: Admission;
  try {
    place = await ctx.deps.limits.answers.acquire(ctx.user.email, { signal });
  } catch (err) {
    throw err instanceof GateStopped ? new AnswerStopped() : err;
  }
  signal?.addEventListener("abort", () => place.release(), { once: true });
  return place;
}

/** POST /api/question: the whole answer at once. */
export async function answerQuestion(ctx: ServiceCtx, req: AskRequest) {
  const run = await startAnswer(ctx, { ...req, whole: true });
  let answer = "";
  for await (const piece of run.pieces()) answer += piece;
  const { sources } = await run.finish(answer);
  return { answer, sources, cached: run.cached };
}
