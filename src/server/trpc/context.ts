import type { Identity } from "../auth/identity";
import type { AppDeps } from "../deps";

export interface Context {
  deps: AppDeps;
  user: Identity | null;
  reqId: string;
  ip: string | null;
}
