import type { ServiceCtx } from "./service-ctx";

/**
 * A spreadsheet import's turn (binder, core boxes, project register; dry runs too, which cost the same): the
 * person's import rate first (429 with Retry-After past RATE_IMPORTS_PER_MIN), then a place among the
 * IMPORTS_AT_ONCE imports read at a time, round-robin by person (503 with Retry-After when the queue is full).
 */
export function inImportTurn<T>(ctx: ServiceCtx, bytes: number, work: () => Promise<T>): Promise<T> {
  ctx.deps.limits.rate.imports.take(ctx.user.email);
  return ctx.deps.limits.imports.run(ctx.user.email, work, { signal: ctx.signal, bytes });
}
