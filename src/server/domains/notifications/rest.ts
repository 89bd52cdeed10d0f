import { noticeListInput } from "@shared/notifications";
import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { jsonBodies } from "../../http/body-limit";
import { restArea } from "../../http/openapi/route-doc";
import { idParam, queryParams } from "../../http/rest-helpers";
import { restServiceCtx } from "../../lib/service-ctx";
import { markAllNoticesRead, markNoticeRead, noticePage, noticeStream, unreadCount } from "./service";

const doc = restArea({ tag: "Notifications", access: "signed-in" });

/** The caller's own notices (the header bell): the list, the count, marking read, and the live stream. */
export function notificationsRest(deps: AppDeps) {
  const ctx = (request: Request) => restServiceCtx(deps, request);
  return new Elysia()
    .use(jsonBodies())
    .get(
      "/api/notifications",
      async ({ request, query }) => {
        const input = queryParams(noticeListInput, query);
        const page = await noticePage(ctx(request), input);
        return { notifications: page.rows, total: page.total, unread: page.unread, ...input };
      },
      {
        detail: doc({
          summary: "The caller's notices, newest first, with the unread count",
          query: noticeListInput,
          returns: "{ notifications, total, unread, page, page_size }",
        }),
      },
    )
    .get("/api/notifications/unread", ({ request }) => unreadCount(ctx(request)), {
      detail: doc({ summary: "The caller's unread count", returns: "{ unread }" }),
    })
    .get("/api/notifications/stream", ({ request }) => noticeStream(ctx(request)), {
      detail: doc({
        summary: "Server-sent events: the unread count, then each new notice",
        returns: "events `unread` { unread } and `notice` { notice, unread }",
        type: "text/event-stream",
        errors: [503],
      }),
    })
    .post("/api/notifications/read-all", ({ request }) => markAllNoticesRead(ctx(request)), {
      detail: doc({ summary: "Mark all the caller's notices read", returns: "{ marked, unread: 0 }" }),
    })
    .post(
      "/api/notifications/:id/read",
      ({ request, params }) => markNoticeRead(ctx(request), { id: idParam(params.id) }),
      {
        detail: doc({
          summary: "Mark one of the caller's notices read",
          returns: "{ id, read: true, unread }",
          errors: [404],
        }),
      },
    );
}
