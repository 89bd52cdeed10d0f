import { appRouter } from "@server/compose/router";
import type { TestApp } from "./app";

/**
 * The portal's whole HTTP surface, read from the app and the router themselves (never a hand-kept list), so a
 * path or procedure added later is picked up by the security tests on its own.
 */
export interface RestRoute {
  method: string;
  path: string;
  /** "POST /api/core-boxes/:id" — the key of the permission table. */
  key: string;
}

export function restRoutes(t: TestApp): RestRoute[] {
  const seen = new Set<string>();
  const out: RestRoute[] = [];
  for (const r of t.app.routes as { method: string; path: string }[]) {
    const key = `${r.method} ${r.path}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ method: r.method, path: r.path, key });
  }
  return out;
}

export interface Procedure {
  path: string;
  type: "query" | "mutation" | "subscription";
}

export function trpcProcedures(): Procedure[] {
  const record = (appRouter._def as unknown as { procedures: Record<string, { _def: { type: string } }> })
    .procedures;
  return Object.entries(record).map(([path, p]) => ({ path, type: p._def.type as Procedure["type"] }));
}

export const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE", "ALL"]);

/** A concrete URL path for a route pattern: `:param` → `fill`, a trailing `*` → `rest`. */
export function concretePath(pattern: string, fill = "999999", rest = "no-such-thing") {
  return pattern.replace(/:[A-Za-z_]+/g, fill).replace(/\*$/, rest);
}

/** The method to send for a route (Elysia's ALL catch-all is tried as a POST). */
export const sendMethod = (method: string) => (method === "ALL" ? "POST" : method);

/** A tRPC call over HTTP the way the browser makes it; the raw Response. */
export function trpcRequest(
  t: TestApp,
  proc: Procedure,
  input: unknown,
  init: { cookie?: string; headers?: Record<string, string> } = {},
) {
  if (proc.type === "query") {
    const q = input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify(input))}`;
    return t.request(`/trpc/${proc.path}${q}`, { cookie: init.cookie, headers: init.headers });
  }
  return t.request(`/trpc/${proc.path}`, {
    method: "POST",
    json: input ?? null,
    cookie: init.cookie,
    headers: init.headers,
  });
}

/** A multipart body with one file field (and text fields sent first). */
export function formWith(
  field: string,
  bytes: Uint8Array | string,
  name: string,
  fields: Record<string, string> = {},
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set(field, new File([bytes as BlobPart], name));
  return form;
}

/** Signs of an internal error leaking to the client: stack frames, source paths, driver messages. */
export const LEAK_PATTERNS = [
  /\n\s+at \S+/,
  /\.tsx?:\d+/,
  /node_modules/,
  /\/work\//,
  /SQLITE_[A-Z]/,
  /LibsqlError/,
  /TypeError|ReferenceError|RangeError/,
];
