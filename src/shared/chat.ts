import { z } from "zod";
import { flag, text } from "./common";
import { DB_NAME_PATTERN } from "./documents";
import { workOrderNumber } from "./work-orders";

/**
 * Ask Geolabs AI (/ask-ai): names, inputs, shapes, texts and constants shared by the screen, the REST paths
 * (POST /api/question, GET /api/chat_history, DELETE /api/delete-history, POST /api/chat) and tRPC `chat.*`.
 */

const SELECT_DB = "Please select a database first";

export const HISTORY_PREVIEW_CHARS = 100;
export const SUGGESTIONS_SHOWN = 6;
export const COPY_FEEDBACK_MS = 2000;
export const MAX_QUESTION_CHARS = 2000;
/** Newest questions kept in view per database in the Chat History panel. */
export const HISTORY_LIMIT = 200;

export { prettifyDbName } from "./documents";

/** The first 100 characters of an answer, as the history panel shows it. */
export const historyPreview = (answer: string) =>
  answer.length > HISTORY_PREVIEW_CHARS ? `${answer.slice(0, HISTORY_PREVIEW_CHARS)}…` : answer;

/** A database a question may be asked of: a document database or another source (Reports, later). */
export const chatDbName = z
  .string({ error: SELECT_DB })
  .trim()
  .min(1, SELECT_DB)
  .regex(DB_NAME_PATTERN, "must be a database name like employee_handbook.db");

const question = text(MAX_QUESTION_CHARS).pipe(z.string().min(1, "Please enter a question."));

/** Ask only about one work order's reports (with db reports.db): the work order, as its page names it. */
const workOrderScope = z
  .preprocess((v) => (typeof v === "string" && !v.trim() ? undefined : v), workOrderNumber.optional())
  .transform((ref) => ref?.work_order);

/** POST /api/question. `user` is accepted and ignored: the asker is the signed-in person. */
export const questionInput = z.object({
  query: question,
  user: z.string().optional(),
  use_cache: flag.default(true),
  use_web: flag.default(false),
  db: chatDbName,
  work_order: workOrderScope,
});
export type QuestionInput = z.output<typeof questionInput>;

/** GET /api/chat_history?user&db (and chat.history). `user` never selects whose history: the session does. */
export const historyInput = z.object({ user: z.string().optional(), db: chatDbName });
export type HistoryInput = z.output<typeof historyInput>;

/** DELETE /api/delete-history: removes the caller's entries of that question in that database. */
export const deleteHistoryInput = z.object({
  user: z.string().optional(),
  db: chatDbName,
  /** The scope the question was asked in (only that entry goes); none: the question asked of the whole database. */
  work_order: workOrderScope,
  question: z
    .string({ error: "is required" })
    .min(1, "is required")
    .max(MAX_QUESTION_CHARS + 100),
});
export type DeleteHistoryInput = z.output<typeof deleteHistoryInput>;

export const FEEDBACK_RATINGS = ["up", "down"] as const;
export type FeedbackRating = (typeof FEEDBACK_RATINGS)[number];
export const feedbackInput = z.object({
  id: z.number().int().positive(),
  /** null takes the rating back. */
  rating: z.enum(FEEDBACK_RATINGS).nullable(),
  comment: text(1000).optional(),
});
export type FeedbackInput = z.output<typeof feedbackInput>;

/** chat.feedbackList (Admins and Owners): the newest ratings, optionally only ups or downs. */
export const feedbackListInput = z.object({ rating: z.enum(FEEDBACK_RATINGS).optional() }).default({});
export type FeedbackListInput = z.output<typeof feedbackListInput>;

export const sourceLinksInput = z.object({
  db: chatDbName,
  files: z.array(z.string().min(1).max(500)).max(50),
});
export type SourceLinksInput = z.output<typeof sourceLinksInput>;

/** Body of POST /api/chat (the screen's stream): what useChat sends plus our fields. */
export const chatStreamInput = z.object({
  messages: z
    .array(
      z.object({
        role: z.string(),
        parts: z.array(z.object({ type: z.string(), text: z.string().optional() }).loose()).default([]),
      }),
    )
    .min(1, "must hold the question"),
  db: chatDbName,
  use_web: flag.default(false),
  use_cache: flag.default(true),
  work_order: workOrderScope,
});

/** One passage an answer draws on: the file and the page(s) it comes from. */
export interface ChatSource {
  /** 1-based, as cited in the answer. */
  n: number;
  db: string;
  file: string;
  /** The pages the passage covers (1-based, ascending). */
  pages: number[];
  snippet: string;
}

/** What POST /api/question answers. */
export interface QuestionAnswer {
  answer: string;
  sources: ChatSource[];
  cached: boolean;
}

/** Metadata of a streamed assistant message (useChat's `message.metadata`). */
export interface ChatMessageMeta {
  sources?: ChatSource[];
  cached?: boolean;
  /** The history entry the answer was saved as (feedback goes to it). */
  historyId?: number;
  model?: string;
}

/** chat.history (the screen); GET /api/chat_history answers only `{ question, answer }` of each. */
export interface ChatHistoryEntry {
  id: number;
  question: string;
  answer: string;
  sources: ChatSource[];
  cached: boolean;
  rating: FeedbackRating | null;
  /** ISO date-time. */
  createdAt: string;
  /** Asked of this work order's reports only. */
  workOrder: string | null;
}

/** chat.history, when this database holds none of the caller's questions: the databases that do. */
export interface ChatHistoryElsewhere {
  db: string;
  label: string;
  count: number;
}

export interface ChatFeedbackEntry {
  id: number;
  user: string;
  db: string;
  question: string;
  answer: string;
  rating: FeedbackRating;
  comment: string | null;
  /** ISO date-time. */
  createdAt: string;
}

/** A citation as answers write it: `[Geolabs_Employee_Handbook_2026.pdf p. 4]` or `pp. 4–5`. */
export const CITATION_PATTERN = /\[([^[\]\n]+?\.pdf),? (?:p|pp)\. ?(\d+)(?:\s*[–-]\s*(\d+))?\]/gi;
export const citation = (file: string, pages: number[]) =>
  pages.length > 1 && pages[pages.length - 1] !== pages[0]
    ? `[${file} pp. ${pages[0]}–${pages[pages.length - 1]}]`
    : `[${file} p. ${pages[0]}]`;

export const CHAT_MESSAGES = {
  selectDb: SELECT_DB,
  emptyQuestion: "Please enter a question.",
  failed: "Failed to get response. Please try again.",
  noResponse: "No response received.",
  stopped: "Request stopped.",
  deleteFailed: "Failed to delete history item.",
  dbMissing: (name: string) => `No database named ${name}.`,
  aiTimeout: (s: number) => `The AI service did not answer within ${s} s. Please try again.`,
  aiUnavailable: (detail: string) => `The AI service could not answer (${detail}). Please try again.`,
  historyMissing: "That answer is no longer in your history.",
  workOrderNeedsReports: "Only the Reports can be asked about one work order.",
} as const;

export const CHAT_TEXTS = {
  readyToHelp: "Ready to Help",
  readyHint:
    "Ask a question about the selected documents. Every answer cites the file and page it comes from.",
  thinking: "Thinking",
  placeholder: "Ask a question… (Enter to send, Shift+Enter for a new line)",
  /** A phone's: the keys are not on its keyboard anyway. */
  placeholderShort: "Ask a question…",
  database: "Database",
  chooseDb: "Select a database",
  web: "Web",
  webHint: "Web knowledge: let the answer add general knowledge, marked as not from the documents",
  cache: "Cache",
  cacheHint: "Cached responses: reuse an earlier answer to the same question on the same documents",
  suggested: "Suggested questions",
  showMore: (n: number) => `Show ${n} More`,
  showLess: "Show Less",
  send: "Send",
  stop: "Stop",
  regenerate: "Regenerate (no cache)",
  copy: "Copy",
  copied: "Copied!",
  copyCode: "Copy code",
  historyTitle: "Chat History",
  noHistory: "No questions yet.",
  noHistoryHere: "No questions in this database yet.",
  /** A history entry asked of one work order's reports only. */
  scopedTo: (workOrder: string) => `Only W.O. ${workOrder}`,
  historyElsewhere: "Your questions in other databases:",
  loadingHistory: "Loading history…",
  deleteHistory: "Delete from history",
  confirmDeleteTitle: "Delete this question?",
  confirmDeleteBody: "It is removed from your chat history in this database. This cannot be undone.",
  cached: "Cached",
  helpful: "Helpful",
  notHelpful: "Not helpful",
  feedbackThanks: "Thanks for the feedback.",
  feedbackFailed: "Could not save the feedback.",
  sources: "Sources",
  noDatabases: "No document databases yet. An Admin can add one in the Index Manager.",
  loadDatabasesFailed: "Could not load the document databases.",
  notFound: (db: string) => `The documents in ${db} don't say.`,
  partialSupport: "The documents answer this only in part; the closest passages:",
  /** Under a part of a two-part question the documents do not answer (not a refusal of the whole). */
  partNotAnswered: "The documents do not answer this part.",
  extracted:
    "_Extracted answer: the sentences above are quoted from the documents by the built-in answer model, not generated._",
  generalKnowledge: "**General knowledge (not from the documents):**",
  noGeneralKnowledge:
    "The built-in answer model only quotes the documents; general knowledge needs an AI service, which an Admin can set up.",
} as const;

export { SUGGESTED_QUESTIONS, suggestionsFor } from "./chat-suggestions";

/** An answer that says the documents do not answer the question (the built-in model's, or a hosted one's). */
export const isRefusal = (answer: string) =>
  /\bdon['’]t say\b|could not find anything/i.test(answer.slice(0, 300));
