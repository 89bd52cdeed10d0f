import { searchInput } from "@shared/search";
import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { restArea } from "../../http/openapi/route-doc";
import { queryParams } from "../../http/rest-helpers";
import { restServiceCtx } from "../../lib/service-ctx";
import { searchAll } from "./service";

const doc = restArea({ tag: "Search", access: "signed-in" });

/** The one search's REST door, on the same service as tRPC search.all. */
export function searchRest(deps: AppDeps) {
  return new Elysia().get(
    "/api/search",
    ({ request, query }) => searchAll(restServiceCtx(deps, request), queryParams(searchInput, query)),
    {
      detail: doc({
        summary:
          "Search work orders, reports, document databases, people, tickets, core boxes and binder rows at once (each group as its screen shows it to the caller)",
        query: searchInput,
        returns:
          "{ q, total, capped, groups: [{ kind, label, count, capped, more, hits: [{ key, title, detail, snippet: [{ text, hit }], link }] }] } (count stops at 50: capped means 50+; link and more are in-portal paths)",
        errors: [400],
      }),
    },
  );
}
