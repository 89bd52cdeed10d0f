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
  if (!res.ok) {
    let message = fallbackError ?? `Request failed (${res.status}).`;
    try {
      const body = (await res.json()) as { error?: unknown };
      if (typeof body?.error === "string" && body.error) message = body.error;
    } catch {
      // not JSON: keep the fallback
    }
    throw new ApiError(message, res.status);
  }
  if (res.status === 204) return undefined as T;
  const type = res.headers.get("content-type") ?? "";
  return (type.includes("application/json") ? res.json() : res.text()) as Promise<T>;
}

/** The server's message for any error thrown by api() or tRPC, else the fallback. */
export function errorMessage(err: unknown, fallback: string): string {
  if (
    err instanceof Error &&
    err.message &&
    !/^(Failed to fetch|NetworkError|Load failed)/.test(err.message)
  ) {
    return err.message;
  }
  return fallback;
}
