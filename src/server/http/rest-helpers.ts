import type { SpreadsheetImportResult } from "@shared/common";
import type { ZodType, z } from "zod";
import { badRequest, parseInput } from "../lib/errors";
import { readForm } from "./multipart";

/** A JSON response with a status (and extra headers): the one helper the REST handlers build responses with. */
export const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", ...headers },
  });

/**
 * A long list's page as the spec's REST paths return it, `{ rows, total }`: past the cap `total` stays at the cap
 * (LIST_TOTAL_CAP); the screens read `total_capped` through tRPC and show "10,000+".
 */
export const restPage = <T>({ rows, total }: { rows: T[]; total: number }) => ({ rows, total });

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

/**
 * An all-or-nothing spreadsheet import over REST: multipart `file` (within `maxBytes`), `dry_run` in the query or
 * the form. Refused rows mean nothing was written: a 422 with the message and the full list of them.
 */
export async function spreadsheetImport<S extends ZodType, R extends SpreadsheetImportResult>(
  c: { request: Request; query: Record<string, unknown>; set: { status?: number | string } },
  opts: { schema: S; maxBytes: number; tooLarge: string },
  run: (input: z.infer<S>) => Promise<R>,
) {
  const form = await readForm(c.request, opts.maxBytes, opts.tooLarge);
  const input = parseInput(opts.schema, {
    file: form.get("file") ?? undefined,
    dry_run: c.query.dry_run ?? form.get("dry_run") ?? undefined,
  });
  const result = await run(input);
  if (result.ok || result.dry_run) return result;
  c.set.status = 422;
  return { error: result.message, ...result };
}
