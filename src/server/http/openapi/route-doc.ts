import type { ZodType } from "zod";

/**
 * The REST door as a contract: every path and method of the app, who may call it, and the shared zod schemas
 * that validate what it takes (the same objects the handlers parse with). `document.ts` turns this into the
 * OpenAPI 3.1 document at GET /api/openapi.json; a test fails when this and the app's routes disagree.
 */
export type Access = "public" | "signed-in" | "admin" | "owner" | "owner-or-token" | "signed-link";

export interface RouteDoc {
  method: "GET" | "HEAD" | "POST" | "PUT" | "DELETE";
  /** Elysia's pattern (`:id`, `*`). */
  path: string;
  summary: string;
  tag: string;
  access: Access;
  query?: ZodType;
  body?: ZodType;
  /** Multipart form: its text fields (a schema) and its file fields. */
  form?: { fields?: ZodType; files: Record<string, string> };
  /** What a success answers, in words; `type` when it is not JSON. */
  returns: string;
  status?: 200 | 201 | 204 | 206;
  type?: "application/json" | "text/csv" | "application/x-ndjson" | "text/plain" | "application/octet-stream";
  /** Errors this path answers beyond the gate's (401/403) and bad input (400). */
  errors?: number[];
}

export const r = (doc: RouteDoc) => doc;
