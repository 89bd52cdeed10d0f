/** Elysia's `set`: the headers chosen for the request so far. */
export type HeadersToAdopt = { headers: Record<string, string | number> };

/**
 * A Response a handler built itself (tRPC's, the client's files) takes the headers the door chose for the request
 * (security headers, CORS, x-request-id, cache-control) in place, and the door's list is emptied. Otherwise
 * Elysia copies such a Response into a new one to add them, and the copy carries the body as a stream (a few
 * percent of a tRPC list page's CPU). As in Elysia's merge, a header the Response already has wins and cookies
 * are added; but Vary is the union of both, since a cache must key on everything either side varies by (tRPC
 * varies by trpc-accept, a precompressed file by Accept-Encoding, the door by Origin).
 */
export function adoptHeaders(response: Response, set: HeadersToAdopt): Response {
  const own = response.headers;
  for (const [key, value] of Object.entries(set.headers)) {
    if (key === "set-cookie") own.append(key, String(value));
    else if (key === "vary") own.set(key, mergeVary(own.get(key), String(value)));
    else if (!own.has(key)) own.set(key, String(value));
  }
  for (const key of Object.keys(set.headers)) delete set.headers[key];
  return response;
}

/** Two Vary values as one list: each name once (names are case-insensitive), `*` alone if either has it. */
export function mergeVary(a: string | null, b: string): string {
  const names = new Map<string, string>();
  for (const part of `${a ?? ""},${b}`.split(",")) {
    const name = part.trim();
    if (name && !names.has(name.toLowerCase())) names.set(name.toLowerCase(), name);
  }
  return names.has("*") ? "*" : [...names.values()].join(", ");
}
