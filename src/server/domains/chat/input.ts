import { CHAT_MESSAGES } from "@shared/chat";
import type { ZodType, z } from "zod";
import { badRequest, parseInput } from "../../lib/errors";

/**
 * No database chosen is answered with the spec's alert, word for word, before any field message (the shared
 * schema alone would name the field: "db Please select a database first."). Both doors read chat input so.
 */
export function requireDbChosen<T>(input: T): T {
  const db = (input as { db?: unknown } | null)?.db;
  if (typeof input === "object" && input && (db === undefined || db === null || String(db).trim() === "")) {
    throw badRequest(CHAT_MESSAGES.selectDb);
  }
  return input;
}

/** The tRPC door's parser of a chat input: the alert first, then the shared schema (as the REST door reads it). */
export function chatInput<S extends ZodType>(schema: S) {
  return (raw: unknown): z.output<S> => parseInput(schema, requireDbChosen(raw));
}
