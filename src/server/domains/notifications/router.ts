import { noticeIdInput, noticeListInput } from "@shared/notifications";
import { trpcServiceCtx } from "../../lib/service-ctx";
import { authedProcedure, router } from "../../trpc/init";
import { markAllNoticesRead, markNoticeRead, noticePage, unreadCount } from "./service";

/** The caller's own notices; the recipient rule lives in the service. The live stream is REST only (SSE). */
export const notificationsRouter = router({
  list: authedProcedure
    .input(noticeListInput)
    .query(({ ctx, input }) => noticePage(trpcServiceCtx(ctx), input)),
  unread: authedProcedure.query(({ ctx }) => unreadCount(trpcServiceCtx(ctx))),
  markRead: authedProcedure
    .input(noticeIdInput)
    .mutation(({ ctx, input }) => markNoticeRead(trpcServiceCtx(ctx), input)),
  markAllRead: authedProcedure.mutation(({ ctx }) => markAllNoticesRead(trpcServiceCtx(ctx))),
});
