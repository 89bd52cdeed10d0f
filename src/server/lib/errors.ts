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
  const text = parts.join("; ");
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

/** Parse input with a shared schema; bad input becomes a 400 naming the field. */
export function parseInput<S extends ZodType>(schema: S, data: unknown): z.infer<S> {
  const result = schema.safeParse(data);
  if (!result.success) throw badRequest(formatZodError(result.error));
  return result.data;
}
