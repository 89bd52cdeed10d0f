import { authHeaders } from "./session";

/** An HTTP error whose message is the server's `error` text (or the caller's fallback). */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** The parsed error body, for callers that read more than `error` (e.g. process-file's `steps`). */
    readonly body?: unknown,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export interface ApiOptions extends Omit<RequestInit, "body"> {
  /** Sent as JSON. */
  json?: unknown;
  body?: BodyInit;
  /** Message to show when the server gives none. */
  fallbackError?: string;
  timeoutMs?: number;
}

/** The `error` text of an answer body from our server (`{ "error": "…" }`), when it holds one. */
export function errorField(body: unknown): string | undefined {
  const error = (body as { error?: unknown } | null)?.error;
  return typeof error === "string" ? error : undefined;
}

/** The `error` text of a failed response, when its body is our server's JSON. */
export async function responseError(res: Response): Promise<string | undefined> {
  return errorField(await res.json().catch(() => null));
}

/** Text parsed as JSON, or null when it is not JSON (an HTML error page, a cut-off answer). */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Fetch a REST path of our own server: JSON in and out, 2xx is success, errors carry the server's text. */
export async function api<T>(path: string, opts: ApiOptions = {}): Promise<T> {
  const { json, fallbackError, timeoutMs, headers, ...init } = opts;
  const h = new Headers(headers);
  for (const [k, v] of Object.entries(await authHeaders())) h.set(k, v);
  if (json !== undefined) h.set("content-type", "application/json");
  const signal = timeoutMs
    ? init.signal
      ? AbortSignal.any([init.signal, AbortSignal.timeout(timeoutMs)])
      : AbortSignal.timeout(timeoutMs)
    : init.signal;
  const res = await fetch(path, {
    ...init,
    headers: h,
    credentials: "same-origin",
    signal,
    body: json !== undefined ? JSON.stringify(json) : init.body,
  });
  if (!res.ok)
    throw new ApiError(
      (await responseError(res)) || (fallbackError ?? `Request failed (${res.status}).`),
      res.status,
    );
  if (res.status === 204) return undefined as T;
  const type = res.headers.get("content-type") ?? "";
  return (type.includes("application/json") ? res.json() : res.text()) as Promise<T>;
}

/** What failed, when the server's own words did not arrive: the portal is unreachable, or its answer unreadable. */
export const UNREACHABLE = "The portal could not be reached. Check your connection, then try again.";
export const UNREADABLE =
  "The portal's answer could not be read (it may be restarting). Try again in a moment.";

/**
 * The server's message for any error thrown by api() or tRPC. When none arrived, the fallback says what failed
 * and a second sentence why (unreachable, or an answer that was not the portal's JSON, e.g. a proxy's error page).
 */
export function errorMessage(err: unknown, fallback: string): string {
  const message = err instanceof Error ? err.message : "";
  if (isNetworkFailure(message)) return `${fallback} ${UNREACHABLE}`;
  // tRPC's and the JSON parser's words for a body that is not our JSON (an HTML error page, a cut-off answer);
  // anchored, so the server's own sentences that mention JSON are shown as they are.
  if (
    /^(Unable to transform response|Unexpected token|JSON Parse error|Unexpected end of JSON)/i.test(message)
  )
    return `${fallback} ${UNREADABLE}`;
  return message || fallback;
}

/** The browser's words for a request that never reached the portal. */
export const isNetworkFailure = (message: string) =>
  /^(Failed to fetch|NetworkError|Load failed|fetch failed)/i.test(message);
