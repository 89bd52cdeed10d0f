import { AppError, type ErrorCode } from "../lib/errors";
import type { PreparedImage, prepareImage } from "./preprocess";

export type PrepareArgs = Parameters<typeof prepareImage>;
export interface PrepareRequest {
  id: number;
  args: PrepareArgs;
}
export type PrepareReply =
  | { id: number; ok: true; value: PreparedImage }
  | { id: number; ok: false; message: string; code?: string };

/** Bun's Worker: ref/unref say whether it keeps the process alive. */
type Thread = Worker & { ref(): void; unref(): void };
let worker: Thread | null = null;
let nextId = 1;
const pending = new Map<number, { resolve(v: PreparedImage): void; reject(e: unknown): void }>();

function thread(): Thread {
  if (worker) return worker;
  const w = new Worker(new URL("./prepare-worker.ts", import.meta.url).href) as Thread;
  w.onmessage = (event: MessageEvent<PrepareReply>) => {
    const reply = event.data;
    const p = pending.get(reply.id);
    if (!p) return;
    pending.delete(reply.id);
    if (reply.ok) p.resolve(reply.value);
    else
      p.reject(reply.code ? new AppError(reply.code as ErrorCode, reply.message) : new Error(reply.message));
    if (!pending.size) w.unref();
  };
  w.onerror = (event) => {
    // A crashed thread fails what it held; the next image starts a new one.
    for (const p of pending.values())
      p.reject(new Error(event.message || "The image could not be prepared."));
    pending.clear();
    worker = null;
  };
  worker = w;
  return w;
}

/**
 * prepareImage (preprocess.ts) on a worker thread of its own, so preparing a photo never holds the serving thread
 * (its pixel loops take 60–200 ms a photo). One image at a time, in order; the thread stays for the next one and
 * does not keep the process alive.
 */
export function prepareOffThread(...args: PrepareArgs): Promise<PreparedImage> {
  const w = thread();
  const id = nextId++;
  return new Promise<PreparedImage>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    w.ref();
    w.postMessage({ id, args } satisfies PrepareRequest);
  });
}
