import type { Identity } from "../auth/identity";
import type { Db } from "../db/client";
import type { AppDeps } from "../deps";
import type { Env } from "../env";
import { requestLog, requestState, requireUser } from "../http/request-state";
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
  /** The caller's address (throttling keys), when a request made the call. */
  ip: string | null;
  /** Aborted when the request that made the call ends (the person left): long work stops. */
  signal?: AbortSignal | null;
}

export function serviceCtx(
  deps: AppDeps,
  user: Identity,
  log: Logger = deps.log,
  ip: string | null = null,
): ServiceCtx {
  return { db: deps.db, user, settings: deps.env, deps, log, now: () => new Date(), ip };
}

/**
 * A tRPC procedure's ctx, behind authedProcedure (the door asks only "signed in"; the service checks the rest):
 * its log lines carry the request's id.
 */
export function trpcServiceCtx(ctx: {
  deps: AppDeps;
  user: Identity;
  reqId: string;
  ip?: string | null;
  signal?: AbortSignal | null;
}): ServiceCtx {
  return {
    ...serviceCtx(ctx.deps, ctx.user, ctx.deps.log.child({ reqId: ctx.reqId }), ctx.ip ?? null),
    signal: ctx.signal,
  };
}

/** A REST handler's ctx: the signed-in caller (401 otherwise); the service checks what the caller may do. */
export function restServiceCtx(deps: AppDeps, request: Request): ServiceCtx {
  return {
    ...serviceCtx(deps, requireUser(request), requestLog(deps.log, request), requestState(request).ip),
    signal: request.signal,
  };
}

/**
 * Who acts for a command run on the server (user:add, projects:import) or a test's setup: whoever can run it
 * already holds the database, so an Owner, named by `email` in the audit log.
 */
export function operatorIdentity(email: string): Identity {
  return { id: 0, email, name: email, role: "Owner", isSuperOwner: false };
}
