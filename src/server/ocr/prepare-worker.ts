/**
 * The worker thread behind prepare-thread.ts: prepares one image at a time (light, skew, crop, scale; pixel loops
 * that would otherwise hold the serving thread for 60–200 ms a photo).
 */

import type { PrepareReply, PrepareRequest } from "./prepare-thread";
import { prepareImage } from "./preprocess";

declare const self: Worker;

self.onmessage = async (event: MessageEvent<PrepareRequest>) => {
  const { id, args } = event.data;
  try {
    const value = await prepareImage(...args);
    self.postMessage({ id, ok: true, value } satisfies PrepareReply);
  } catch (err) {
    const e = err as { message?: string; code?: string; name?: string };
    self.postMessage({
      id,
      ok: false,
      message: e.message ?? String(err),
      code: e.code,
    } satisfies PrepareReply);
  }
};
