import { FEEDBACK_RATINGS } from "@shared/chat";
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

const now = sql`(cast(unixepoch('subsecond') * 1000 as integer))`;

/**
 * Ask Geolabs AI. History belongs to the signed-in person (lower-cased email) and is theirs to delete; every
 * answer given is also counted in chat_answers (no text), so deleting history never changes the dashboard's
 * weekly count; feedback keeps its own copy of the question and answer for admins to review.
 */
export const chatHistory = sqliteTable(
  "chat_history",
  {
    id: integer().primaryKey({ autoIncrement: true }),
    userEmail: text().notNull(),
    db: text().notNull(),
    question: text().notNull(),
    answer: text().notNull(),
    /** ChatSource[] as JSON. */
    sources: text().notNull().default("[]"),
    cached: integer({ mode: "boolean" }).notNull().default(false),
    model: text().notNull().default(""),
    createdAt: integer({ mode: "timestamp_ms" }).notNull().default(now),
    /** Asked of one work order's reports only (its page's scope); null for the whole database. */
    workOrder: text(),
  },
  (t) => [index("chat_history_user_db_idx").on(t.userEmail, t.db, t.id)],
);

/** One row per answer given (streamed or REST, cached or not): the dashboard's "AI Answers (wk)". */
export const chatAnswers = sqliteTable(
  "chat_answers",
  {
    id: integer().primaryKey({ autoIncrement: true }),
    ts: integer({ mode: "timestamp_ms" }).notNull().default(now),
    userEmail: text().notNull(),
    db: text().notNull(),
    cached: integer({ mode: "boolean" }).notNull().default(false),
    model: text().notNull().default(""),
    /** Milliseconds from question to the end of the answer. */
    ms: integer().notNull().default(0),
  },
  (t) => [index("chat_answers_ts_idx").on(t.ts)],
);

/** Answers reused for the same collection version, normalised question and toggles. */
export const chatCache = sqliteTable(
  "chat_cache",
  {
    key: text().primaryKey(),
    db: text().notNull(),
    /** The collection version the answer was made from; other versions of the same db are pruned on write. */
    version: text().notNull(),
    answer: text().notNull(),
    sources: text().notNull().default("[]"),
    model: text().notNull().default(""),
    createdAt: integer({ mode: "timestamp_ms" }).notNull().default(now),
  },
  (t) => [index("chat_cache_db_idx").on(t.db, t.version)],
);

export const chatFeedback = sqliteTable(
  "chat_feedback",
  {
    id: integer().primaryKey({ autoIncrement: true }),
    /** The history entry rated; null once its owner deleted it (the copy below stays for review). */
    historyId: integer(),
    userEmail: text().notNull(),
    db: text().notNull(),
    question: text().notNull(),
    answer: text().notNull(),
    rating: text({ enum: FEEDBACK_RATINGS }).notNull(),
    comment: text(),
    createdAt: integer({ mode: "timestamp_ms" }).notNull().default(now),
  },
  (t) => [
    uniqueIndex("chat_feedback_history_idx").on(t.historyId),
    index("chat_feedback_created_idx").on(t.createdAt),
  ],
);
