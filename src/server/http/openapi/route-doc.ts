import type { DocumentDecoration } from "elysia";
import type { ZodType } from "zod";

/**
 * A REST route's contract, declared where the route is (its `detail` option): who may call it and the shared zod
 * schemas that validate what it takes (the very objects the handler parses with). `document.ts` walks the app's
 * registered routes and turns their contracts into the OpenAPI 3.1 document at GET /api/openapi.json, so the
 * document cannot list a route the app lacks, and a test fails on a REST route declared without one.
 */
export type Access = "public" | "signed-in" | "admin" | "owner" | "owner-or-token" | "signed-link";

export interface RouteDoc {
  summary: string;
  tag: string;
  access: Access;
  /** Path parameters other than a positive integer id (`:id` needs none). */
  params?: ZodType;
  query?: ZodType;
  body?: ZodType;
  /** Multipart form: its text fields (a schema) and its file fields. */
  form?: { fields?: ZodType; files: Record<string, string> };
  /** What a success answers, in words; `type` when it is not JSON. */
  returns: string;
  status?: 200 | 201 | 204 | 206;
  type?:
    | "application/json"
    | "text/csv"
    | "application/x-ndjson"
    | "text/event-stream"
    | "text/plain"
    | "application/octet-stream";
  /** Errors this path answers beyond the gate's (401/403) and bad input (400). */
  errors?: number[];
}

/** Where the contract rides in a route's `detail`: a symbol, so no OpenAPI tooling mistakes zod for JSON Schema. */
const CONTRACT = Symbol("rest-contract");

type Detail = DocumentDecoration & { [CONTRACT]?: RouteDoc };

/** A route's `detail` option carrying its contract: `.get(path, handler, { detail: rest({ … }) })`. */
export function rest(doc: RouteDoc): DocumentDecoration {
  // A fresh object per route: Elysia merges guard details into a route's detail in place.
  const detail: Detail = { summary: doc.summary, tags: [doc.tag], [CONTRACT]: doc };
  return detail;
}

/** A registered route as `app.routes` lists it (only what the generator reads). */
export interface RegisteredRoute {
  method: string;
  path: string;
  hooks?: { detail?: unknown };
}

/** The contract a route was declared with, if any. */
export const contractOf = (route: RegisteredRoute): RouteDoc | undefined =>
  (route.hooks?.detail as Detail | undefined)?.[CONTRACT];

/** An area's contracts: its tag and usual access said once (a route may still set its own access). */
export const restArea =
  (area: Pick<RouteDoc, "tag" | "access">) => (doc: Omit<RouteDoc, "tag" | "access"> & { access?: Access }) =>
    rest({ ...area, ...doc });
