import type { LiveNotice } from "@shared/notifications";
import { AppError } from "../../lib/errors";
import type { ServiceCtx } from "../../lib/service-ctx";
import { type Listener, noticeHub } from "./live";
import { unreadOf } from "./queries";

/**
 * Less than the server's idle timeout (Bun closes a connection silent for 10 s): a comment line keeps the stream
 * open through proxies too.
 */
const HEARTBEAT_MS = 4000;
/**
 * A stream ends after this long and the browser opens another: the session is checked again at each opening,
 * so a signed-out or removed person stops hearing within minutes, and nothing lives forever.
 */
export const STREAM_LIFETIME_MS = 5 * 60 * 1000;

const encoder = new TextEncoder();
const frame = (event: LiveNotice) =>
  encoder.encode(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);

/**
 * GET /api/notifications/stream: server-sent events for the caller: first the unread count, then each new notice
 * with the count after it. A stream the instance has no room for is a 503; the browser polls meanwhile.
 */
export function noticeStream(ctx: ServiceCtx, opts: { lifetimeMs?: number } = {}): Response {
  const hub = noticeHub(ctx.db, ctx.log);
  if (!hub.hasRoom()) {
    throw new AppError(
      "SERVICE_UNAVAILABLE",
      "Too many live connections here; the bell refreshes by itself.",
      {
        retryAfterS: 30,
      },
    );
  }
  const recipient = ctx.user.email.toLowerCase();
  let listener: Listener | null = null;
  let ended = false;
  let beat: ReturnType<typeof setInterval> | undefined;
  let lifetime: ReturnType<typeof setTimeout> | undefined;
  const end = (controller?: ReadableStreamDefaultController<Uint8Array>) => {
    if (ended) return;
    ended = true;
    clearInterval(beat);
    clearTimeout(lifetime);
    if (listener) hub.remove(listener);
    ctx.signal?.removeEventListener("abort", onAbort);
    try {
      controller?.close();
    } catch {
      // Already closed by the reader.
    }
  };
  const onAbort = () => end();

  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      const write = (bytes: Uint8Array) => {
        if (ended) return;
        try {
          controller.enqueue(bytes);
        } catch {
          end();
        }
      };
      listener = { recipient, send: (e) => write(frame(e)), end: () => end(controller) };
      hub.add(listener);
      write(encoder.encode("retry: 3000\n\n"));
      void unreadOf(ctx.db, recipient).then(
        (unread) => write(frame({ type: "unread", unread })),
        () => end(controller),
      );
      beat = setInterval(() => write(encoder.encode(": ping\n\n")), HEARTBEAT_MS);
      lifetime = setTimeout(() => end(controller), opts.lifetimeMs ?? STREAM_LIFETIME_MS);
      // An open stream never keeps the process from exiting.
      beat.unref?.();
      lifetime.unref?.();
      ctx.signal?.addEventListener("abort", onAbort, { once: true });
    },
    cancel() {
      end();
    },
  });
  return new Response(stream, {
    headers: {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-store",
      "x-accel-buffering": "no",
    },
  });
}
