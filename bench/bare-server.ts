/**
 * The floor a list request is measured against (bench/load.ts): a bare `Bun.serve` answering every request with
 * the same bytes the portal sent for it (body file and content type from argv), with SO_REUSEPORT so several
 * copies share a port as WEB_CONCURRENCY processes do. Prints its port once listening.
 * `bun bench/bare-server.ts <body file> <content type> [port]`
 */
const [file, contentType, port] = process.argv.slice(2);
const body = new Uint8Array(await Bun.file(file!).arrayBuffer());
const server = Bun.serve({
  port: Number(port ?? 0),
  hostname: "127.0.0.1",
  reusePort: true,
  fetch: () => new Response(body, { headers: { "content-type": contentType!, "cache-control": "no-store" } }),
});
console.log(server.port);
