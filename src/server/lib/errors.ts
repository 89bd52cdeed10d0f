import type { ZodError, ZodType, z } from "zod";

/** Error codes a service may throw, each with its HTTP status. */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE_CONTENT: 422,
  TOO_MANY_REQUESTS: 429,
  INTERNAL_SERVER_ERROR: 500,
  NOT_IMPLEMENTED: 501,
  BAD_GATEWAY: 502,
  SERVICE_UNAVAILABLE: 503,
  GATEWAY_TIMEOUT: 504,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

/** The one error type services throw. `message` is shown to the person, so write it for them. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = "AppError";
  }
  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

/** Seconds a refused request (429, 503) should wait before trying again, when the refusal says (Retry-After). */
export function retryAfterOf(err: unknown): number | undefined {
  const seconds = err instanceof AppError ? err.details?.retryAfterS : undefined;
  return typeof seconds === "number" && seconds > 0 ? Math.ceil(seconds) : undefined;
}

export const badRequest = (message: string) => new AppError("BAD_REQUEST", message);
export const notFound = (message: string) => new AppError("NOT_FOUND", message);
export const conflict = (message: string) => new AppError("CONFLICT", message);
export const forbidden = (message: string) => new AppError("FORBIDDEN", message);

/** "work_order: Work Order is required." — one readable line naming the field(s). */
export function formatZodError(error: ZodError): string {
  const parts = error.issues.slice(0, 3).map((issue) => {
    const field = issue.path.map(String).join(".");
    const msg = issue.message;
    // A message that already reads as a sentence ("Work Order is required.") stands alone.
    if (!field || /^[A-Z].*\.$/.test(msg)) return msg;
    return `${field} ${msg}`;
  });
  // One sentence per problem, never "…fewer.; Initials…".
  return parts.map((p) => (/[.!?]$/.test(p) ? p : `${p}.`)).join(" ");
}

/** Parse input with a shared schema; bad input becomes a 400 naming the field. */
export function parseInput<S extends ZodType>(schema: S, data: unknown): z.infer<S> {
  const result = schema.safeParse(data);
  if (!result.success) throw badRequest(formatZodError(result.error));
  return result.data;
}

/** What the person sees when something the portal depends on is down; the rest of the portal keeps serving. */
export const OUTAGE_MESSAGES = {
  diskFull: "The server's disk is full, so this could not be saved. Nothing was changed; please tell IT.",
  notWritable: "The file store cannot be written to right now. Nothing was changed; please tell IT.",
  unreachable: "The file store cannot be reached right now. Please try again in a few minutes.",
  refused: "The file store refused the portal's request (its settings or credentials). Please tell IT.",
  busy: "The database is busy. Please try again in a moment.",
} as const;

const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EPIPE",
  "ConnectionRefused",
  "ConnectionClosed",
]);
const STORE_REFUSALS = new Set([
  "InvalidAccessKeyId",
  "SignatureDoesNotMatch",
  "AccessDenied",
  "NoSuchBucket",
  "AuthorizationHeaderMalformed",
  "PermanentRedirect",
]);

/**
 * Outages of the disk, the object store or the database, recognised from the error the driver threw, as a 503
 * with a message for the person (instead of a bare 500). Null for anything else: that stays an internal error.
 */
export function outageError(err: unknown): AppError | null {
  if (!err || typeof err !== "object" || err instanceof AppError) return null;
  const e = err as {
    code?: unknown;
    name?: unknown;
    $metadata?: { httpStatusCode?: number };
    cause?: unknown;
  };
  const code = typeof e.code === "string" ? e.code : "";
  const name = typeof e.name === "string" ? e.name : "";
  const unavailable = (message: string) => new AppError("SERVICE_UNAVAILABLE", message);
  if (code === "ENOSPC" || code === "EDQUOT" || code === "SQLITE_FULL")
    return unavailable(OUTAGE_MESSAGES.diskFull);
  if (code === "EACCES" || code === "EPERM" || code === "EROFS")
    return unavailable(OUTAGE_MESSAGES.notWritable);
  if (code === "SQLITE_BUSY" || code === "SQLITE_LOCKED") return unavailable(OUTAGE_MESSAGES.busy);
  if (NETWORK_CODES.has(code) || name === "TimeoutError" || name === "NetworkingError") {
    return unavailable(OUTAGE_MESSAGES.unreachable);
  }
  if (e.$metadata) {
    if (STORE_REFUSALS.has(name)) return unavailable(OUTAGE_MESSAGES.refused);
    if ((e.$metadata.httpStatusCode ?? 0) >= 500) return unavailable(OUTAGE_MESSAGES.unreachable);
  }
  return e.cause && e.cause !== err ? outageError(e.cause) : null;
}
