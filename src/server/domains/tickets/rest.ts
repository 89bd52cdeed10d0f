import { commentInput, ticketChanges, ticketCreateInput, ticketListInput } from "@shared/tickets";
import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { jsonBodies } from "../../http/body-limit";
import { idParam, jsonBody, queryParams } from "../../http/rest-helpers";
import { restServiceCtx } from "../../lib/service-ctx";
import {
  addTicketComment,
  createTicket,
  removeTicket,
  ticketById,
  ticketPage,
  updateTicket,
} from "./service";

/**
 * REST paths for tickets (the spec keeps tickets in the browser; this portal stores them). The field names are
 * the spec's. The requester is always the signed-in caller, never a body field or a header.
 */
export function ticketsRest(deps: AppDeps) {
  const ctx = (request: Request) => restServiceCtx(deps, request);
  return new Elysia()
    .use(jsonBodies())
    .get("/api/tickets", async ({ request, query }) => {
      const input = queryParams(ticketListInput, query);
      const page = await ticketPage(ctx(request), input);
      return { tickets: page.rows, total: page.total, page: input.page, page_size: input.page_size };
    })
    .post("/api/tickets", async ({ request, body, set }) => {
      const ticket = await createTicket(ctx(request), jsonBody(ticketCreateInput, body));
      set.status = 201;
      return ticket;
    })
    .get("/api/tickets/:id", ({ request, params }) => ticketById(ctx(request), { id: idParam(params.id) }))
    .put("/api/tickets/:id", ({ request, params, body }) =>
      updateTicket(ctx(request), { id: idParam(params.id), ...jsonBody(ticketChanges, body) }),
    )
    .delete("/api/tickets/:id", ({ request, params }) =>
      removeTicket(ctx(request), { id: idParam(params.id) }),
    )
    .post("/api/tickets/:id/comments", async ({ request, params, body, set }) => {
      const id = idParam(params.id);
      const comment = await addTicketComment(ctx(request), { id, text: jsonBody(commentInput, body).text });
      set.status = 201;
      return comment;
    });
}
