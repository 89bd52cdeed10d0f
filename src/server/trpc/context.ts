import type { Identity } from "../auth/identity";
import type { AppDeps } from "../deps";

export interface Context {
  deps: AppDeps;
  user: Identity | null;
  reqId: string;
  ip: string | null;
  /** Aborted when the request ends (the person left). */
  signal?: AbortSignal;
  /** Counts a procedure's unexpected failure in the metrics (the REST door counts its own in app.ts). */
  countUnhandled?: () => void;
}
