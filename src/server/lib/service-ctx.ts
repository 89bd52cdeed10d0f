import type { Identity } from "../auth/identity";
import type { Db } from "../db/client";
import type { AppDeps } from "../deps";
import type { Env } from "../env";
import type { Logger } from "./logger";

/**
 * What every service function takes first, whichever door (tRPC or REST) calls it: `fn(ctx, input)`.
 * The door has already established who is calling (never from the request's body or headers); the service checks
 * what that user may do, in the transaction that does it. `deps` holds the app's other parts (file store, jobs,
 * OCR, PDF thread, answer model) for the services that need them.
 */
export interface ServiceCtx {
  db: Db;
  user: Identity;
  settings: Env;
  deps: AppDeps;
  log: Logger;
  now: () => Date;
}

/** For the few reads open to anyone (no user yet: the sign-in page, health). */
export type PublicCtx = Omit<ServiceCtx, "user">;

export function serviceCtx(deps: AppDeps, user: Identity, log: Logger = deps.log): ServiceCtx {
  return { db: deps.db, user, settings: deps.env, deps, log, now: () => new Date() };
}

export function publicCtx(deps: AppDeps, log: Logger = deps.log): PublicCtx {
  return { db: deps.db, settings: deps.env, deps, log, now: () => new Date() };
}
