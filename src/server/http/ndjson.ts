/**
 * An NDJSON answer (`application/x-ndjson`: one JSON value per line) read from an async generator as the client
 * reads: a line is produced only when the previous one was taken. A generator that throws ends the stream with
 * `onError`'s line. A client that goes away stops the generator (its `finally` blocks run); work it started in
 * jobs goes on.
 */
export function ndjsonResponse<T>(lines: AsyncGenerator<T>, onError: (err: unknown) => T): Response {
  const encoder = new TextEncoder();
  const encode = (line: T) => encoder.encode(`${JSON.stringify(line)}\n`);
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const r = await lines.next();
        if (!r.done) {
          controller.enqueue(encode(r.value));
          return;
        }
      } catch (err) {
        controller.enqueue(encode(onError(err)));
      }
      controller.close();
    },
    async cancel() {
      await lines.return(undefined as never).catch(() => {});
    },
  });
  return new Response(stream, {
    headers: { "content-type": "application/x-ndjson; charset=utf-8", "cache-control": "no-store" },
  });
}

export const wantsNdjson = (request: Request) =>
  /application\/x-ndjson/i.test(request.headers.get("accept") ?? "");
