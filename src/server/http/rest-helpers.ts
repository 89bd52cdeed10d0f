import type { ZodType, z } from "zod";
import { badRequest, parseInput } from "../lib/errors";

/** Parse a JSON request body with a shared schema. A non-object body is a 400, not a crash. */
export function jsonBody<S extends ZodType>(schema: S, body: unknown): z.infer<S> {
  if (body === undefined || body === null || typeof body !== "object" || Array.isArray(body)) {
    throw badRequest("Send a JSON object in the request body (Content-Type: application/json).");
  }
  return parseInput(schema, body);
}

/** Parse query parameters with a shared schema (flags accept true/false and 1/0). */
export function queryParams<S extends ZodType>(schema: S, query: Record<string, unknown>): z.infer<S> {
  return parseInput(schema, query ?? {});
}

/** A path parameter that must be a positive integer id. */
export function idParam(value: string | undefined, what = "id"): number {
  const n = Number(value);
  if (!value || !/^\d{1,15}$/.test(value) || !Number.isSafeInteger(n) || n < 1) {
    throw badRequest(`${what} must be a positive whole number.`);
  }
  return n;
}
