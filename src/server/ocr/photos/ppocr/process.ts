/**
 * A photo-reading process: decodes an image and reads it with PP-OCRv4 (recogniser.ts, onnxruntime's native
 * code), for the server that started it (host.ts). A process of its own, at a lower CPU priority, so a crash in
 * native code or a slow image never takes the server down or holds a request. The models load once, when it
 * starts; it says "ready" and then reads one image at a time.
 */

import type { ReadReply, ReadRequest } from "./protocol";
import { readPhoto, UnreadableImage } from "./read-photo";
import { createRecogniser } from "./recogniser";

const send = (reply: ReadReply) => process.send?.(reply);
const recogniser = await createRecogniser(Math.max(1, Number(process.argv[2]) || 1));
send({ ready: true });

process.on("message", async (msg: ReadRequest) => {
  const started = performance.now();
  try {
    const reading = await readPhoto(recogniser, msg.bytes, msg.maxPixels);
    send({ id: msg.id, ok: true, value: { ...reading, ms: Math.round(performance.now() - started) } });
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    send({ id: msg.id, ok: false, kind: err instanceof UnreadableImage ? "unreadable" : "failed", message });
  }
  // The image's pixels and tensors (tens of MB) go now, not when the heap next fills: memory is watched.
  Bun.gc(true);
});
// The server went away (even killed): nothing is left to do for it.
process.on("disconnect", () => process.exit(0));
