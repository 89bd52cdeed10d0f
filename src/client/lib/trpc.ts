import { TRPC_BATCH_MAX } from "@shared/common";
import { httpBatchLink } from "@trpc/client";
import { createTRPCReact } from "@trpc/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "../../server/compose/router";
import { authHeaders } from "./session";

export const trpc = createTRPCReact<AppRouter>();
/** What each procedure answers, e.g. `RouterOutputs["coreBoxes"]["changes"]`. */
export type RouterOutputs = inferRouterOutputs<AppRouter>;

export function createTrpcClient() {
  return trpc.createClient({
    links: [
      httpBatchLink({
        url: "/trpc",
        // The server refuses larger batches.
        maxItems: TRPC_BATCH_MAX,
        headers: authHeaders,
        fetch: (input, init) => fetch(input, { ...init, credentials: "same-origin" }),
      }),
    ],
  });
}
