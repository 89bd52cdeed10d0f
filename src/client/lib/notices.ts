import { type LiveNotice, liveNotices } from "@shared/notifications";
import { useEffect, useState } from "react";
import { authHeaders } from "./session";
import { trpc } from "./trpc";

/** The poll the bell falls back to while the live stream is down. */
export const NOTICE_POLL_MS = 30_000;
const RETRY_MAX_MS = 30_000;

/**
 * The bell's live line to the server (GET /api/notifications/stream). Read with fetch rather than EventSource so
 * an Entra bearer token goes along. The server ends each stream after a few minutes: it is opened again at
 * once; after a failure, again after a growing pause. Answers whether the stream is up: while it is not, the
 * caller polls.
 */
export function useNoticeStream(enabled: boolean): boolean {
  const utils = trpc.useUtils();
  const [live, setLive] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    let stopped = false;
    let controller: AbortController | null = null;
    const onEvent = (e: LiveNotice) => {
      utils.notifications.unread.setData(undefined, { unread: e.unread });
      if (e.type === "notice") void utils.notifications.list.invalidate();
    };
    async function run() {
      let failures = 0;
      while (!stopped) {
        controller = new AbortController();
        try {
          const res = await fetch("/api/notifications/stream", {
            headers: await authHeaders(),
            credentials: "same-origin",
            signal: controller.signal,
          });
          if (!res.ok || !res.body) throw new Error(`stream answered ${res.status}`);
          setLive(true);
          failures = 0;
          for await (const e of liveNotices(res.body)) onEvent(e);
        } catch {
          if (stopped) return;
          setLive(false);
          failures++;
        }
        const pause = failures ? Math.min(RETRY_MAX_MS, 1000 * 2 ** failures) : 0;
        await new Promise((resolve) => setTimeout(resolve, pause));
      }
    }
    void run();
    return () => {
      stopped = true;
      controller?.abort();
      setLive(false);
    };
  }, [enabled, utils]);
  return live;
}

/** The signed-in person's unread count: from the stream while it is up, else polled every 30 s. */
export function useUnreadNotices(enabled: boolean) {
  const live = useNoticeStream(enabled);
  const unread = trpc.notifications.unread.useQuery(undefined, {
    enabled,
    refetchInterval: live ? false : NOTICE_POLL_MS,
  });
  return unread.data?.unread ?? 0;
}
