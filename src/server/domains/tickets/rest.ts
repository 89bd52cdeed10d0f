import { commentInput, ticketChanges, ticketCreateInput, ticketListInput } from "@shared/tickets";
import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { jsonBodies } from "../../http/body-limit";
import { restArea } from "../../http/openapi/route-doc";
import { idParam, jsonBody, queryParams } from "../../http/rest-helpers";
import { restServiceCtx, type ServiceCtx } from "../../lib/service-ctx";
import {
  addTicketComment,
  createTicket,
  removeTicket,
  ticketById,
  ticketPage,
  updateTicket,
} from "./service";

const doc = restArea({ tag: "IT tickets", access: "signed-in" });

/**
 * REST paths for tickets (the spec keeps tickets in the browser; this portal stores them). The field names are
 * the spec's. The requester is always the signed-in caller, never a body field or a header.
 */
export function ticketsRest(deps: AppDeps) {
  const ctx = (request: Request) => restServiceCtx(deps, request);
  return new Elysia()
    .use(jsonBodies())
    .get(
      "/api/tickets",
      async ({ request, query }) => {
        const input = queryParams(ticketListInput, query);
        const page = await ticketPage(ctx(request), input);
        return { tickets: page.rows, total: page.total, page: input.page, page_size: input.page_size };
      },
      {
        detail: doc({
          summary: "A page of tickets",
          query: ticketListInput,
          returns: "{ tickets, total, page, page_size }",
        }),
      },
    )
    .post(
      "/api/tickets",
      async ({ request, body, set }) => {
        const ticket = await createTicket(ctx(request), jsonBody(ticketCreateInput, body));
        set.status = 201;
        return ticket;
      },
      {
        detail: doc({
          summary: "Raise a ticket",
          body: ticketCreateInput,
          returns: "the ticket",
          status: 201,
        }),
      },
    )
    .get("/api/tickets/:id", ({ request, params }) => ticketById(ctx(request), { id: idParam(params.id) }), {
      detail: doc({ summary: "One ticket with its comments", returns: "the ticket", errors: [404] }),
    })
    .put(
      "/api/tickets/:id",
      ({ request, params, body }) =>
        updateTicket(ctx(request), { id: idParam(params.id), ...jsonBody(ticketChanges, body) }),
      {
        detail: doc({
          summary: "Change a ticket (its requester, or IT)",
          body: ticketChanges,
          returns: "the ticket",
          errors: [404],
        }),
      },
    )
    .delete(
      "/api/tickets/:id",
      ({ request, params }) => removeTicket(ctx(request), { id: idParam(params.id) }),
      {
        detail: doc({
          summary: "Delete a ticket (its requester)",
          returns: "{ id, deleted: true }",
          errors: [404],
        }),
      },
    )
    .use(ticketComments(ctx));
}

const ticketComments = (ctx: (request: Request) => ServiceCtx) =>
  new Elysia().use(jsonBodies()).post(
    "/api/tickets/:id/comments",
    async ({ request, params, body, set }) => {
      const id = idParam(params.id);
      const comment = await addTicketComment(ctx(request), { id, text: jsonBody(commentInput, body).text });
      set.status = 201;
      return comment;
    },
    {
      detail: doc({
        summary: "Comment on a ticket",
        body: commentInput,
        returns: "the comment",
        status: 201,
        errors: [404],
      }),
    },
  );
