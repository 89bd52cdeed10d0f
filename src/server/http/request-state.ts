import { MESSAGES } from "@shared/auth";
import type { Identity } from "../auth/identity";
import { AppError } from "../lib/errors";
import type { Logger } from "../lib/logger";

/** Per-request facts the app computes once in onRequest: id, address, timing and the authenticated caller. */
export interface RequestState {
  reqId: string;
  /** The person's address: the peer, or what a trusted proxy forwarded (auth/trusted-proxies.ts). */
  ip: string | null;
  /** The person reached the portal over HTTPS (directly, or through a trusted proxy that says so). */
  https: boolean;
  start: number;
  /** When the response was ready (set before logging, which may run later). */
  end?: number;
  user: Identity | null;
}

const states = new WeakMap<Request, RequestState>();

export function setRequestState(request: Request, state: RequestState) {
  states.set(request, state);
}

export function requestState(request: Request): RequestState {
  return states.get(request) ?? { reqId: "-", ip: null, https: false, start: performance.now(), user: null };
}

/**
 * The signed-in caller of a REST handler; a 401 if there is none (the app guard normally answers first). This is
 * all a door checks: role rules live in the services, which answer both doors alike.
 */
export function requireUser(request: Request): Identity {
  const user = requestState(request).user;
  if (!user) throw new AppError("UNAUTHORIZED", MESSAGES.signInRequired);
  return user;
}

/** A logger whose every line carries the request's id, for services that log on a request's behalf. */
export function requestLog(log: Logger, request: Request): Logger {
  return log.child({ reqId: requestState(request).reqId });
}
