import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { connect } from "node:net";
import { TRPC_BATCH_MAX } from "@shared/common";
import { startServer } from "../../bench/lib";
import { DEMO, startTestApp, type TestApp } from "../helpers/app";

/**
 * POST `mb` megabytes in chunks (no Content-Length) over a raw socket, reading while it sends, and never send the
 * closing chunk: the body stays unfinished, so any answer is one the server gave before the body's end. No answer
 * within a few seconds, or a dropped connection, answers `status: null` and fails the test (fetch() cannot tell a
 * 413 sent while it still wrote from a server that dropped the connection).
 */
function postChunked(base: string, path: string, headers: Record<string, string>, mb: number, first: string) {
  const { hostname, port } = new URL(base);
  const megabyte = Buffer.alloc(1024 * 1024, 0x20);
  const frame = (b: Buffer) =>
    Buffer.concat([Buffer.from(`${b.length.toString(16)}\r\n`), b, Buffer.from("\r\n")]);
  const head = [`POST ${path} HTTP/1.1`, `host: ${hostname}:${port}`, "transfer-encoding: chunked"]
    .concat(Object.entries(headers).map(([k, v]) => `${k}: ${v}`))
    .join("\r\n");
  return new Promise<{ status: number | null; body: string }>((resolve) => {
    const socket = connect(Number(port), hostname);
    let got = "";
    let sentMb = 0;
    let waiting: Timer | undefined;
    const done = () => {
      clearTimeout(waiting);
      socket.destroy();
      const [top = "", body = ""] = got.split("\r\n\r\n");
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(top)?.[1]) || null, body });
    };
    socket.on("data", (d) => {
      got += d.toString();
      const [top, body] = got.split("\r\n\r\n");
      const length = Number(/^content-length: *(\d+)/im.exec(top ?? "")?.[1] ?? Number.NaN);
      if (body !== undefined && Buffer.byteLength(body) >= length) done();
    });
    socket.on("close", done);
    socket.on("error", () => {}); // a reset after the answer: "close" follows and reports what was read
    const pump = () => {
      if (got || socket.destroyed) return;
      if (sentMb >= mb) {
        waiting = setTimeout(done, 5_000); // the body's end never comes
        return;
      }
      sentMb++;
      socket.write(frame(megabyte), pump);
    };
    socket.write(`${head}\r\n\r\n`);
    socket.write(frame(Buffer.from(first)), pump);
  });
}

describe("oversize bodies on the real server", () => {
  let s: Awaited<ReturnType<typeof startServer>>;
  beforeAll(async () => {
    s = await startServer({ SEED_DEMO: "true" });
    // One ordinary sign-in first, so the memory the sign-in path takes on its first use is not counted below.
    await fetch(`${s.base}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: s.base },
      body: JSON.stringify({ email: "nobody@geolabs.example", password: "not-this-one" }),
    });
  }, 60_000);
  afterAll(async () => {
    await s?.stop();
  });

  test("100 MB chunked to /api/auth/login is refused at once, memory flat", async () => {
    const before = s.rssMb();
    const t0 = performance.now();
    const json = { "content-type": "application/json" };
    const answer = await postChunked(s.base, "/api/auth/login", json, 100, '{"email":"');
    const ms = performance.now() - t0;
    expect(answer.status).toBe(413);
    expect((JSON.parse(answer.body) as { error: string }).error).toContain("too large");
    // It read 1,000 MB for 48 s before; the figure itself (under 300 ms) is measured by `bun run bench hardening`.
    expect(ms).toBeLessThan(2000);
    expect(s.rssMb() - before).toBeLessThan(32);
    expect((await fetch(`${s.base}/api/health`)).status).toBe(200);
  });

  test("a chunked JSON body past 8 MB to a signed-in path or to tRPC is a 413", async () => {
    const cookie = await s.login(DEMO.user);
    for (const path of ["/api/tickets", "/trpc/tickets.create"]) {
      const headers = { cookie, "content-type": "application/json" };
      const answer = await postChunked(s.base, path, headers, 20, '{"title":"');
      expect(`${path} ${answer.status}`).toBe(`${path} 413`);
    }
    expect((await fetch(`${s.base}/api/health`)).status).toBe(200);
  });
});

describe("JSON paths take JSON only", () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await startTestApp();
    cookie = await t.login(DEMO.user);
  });
  afterAll(() => t.close());

  const post = (path: string, type: string, body: BodyInit) =>
    t.request(path, { method: "POST", cookie, headers: { "content-type": type }, body });

  test("form-urlencoded, text and multipart bodies on JSON write paths are 415 with a readable message", async () => {
    const form = new FormData();
    form.set("title", "x");
    for (const [path, type, body] of [
      ["/api/tickets", "application/x-www-form-urlencoded", "title=Printer&description=Jammed"],
      ["/api/core-boxes", "text/plain", '{"work_order":"1234-56"}'],
      ["/api/auth/login", "application/x-www-form-urlencoded", "email=a@b.c&password=x"],
      ["/api/reports-binder", "multipart/form-data; boundary=b", "--b\r\n\r\n--b--"],
      ["/trpc/tickets.create", "application/x-www-form-urlencoded", "title=x"],
    ] as const) {
      const res = await post(path, type, body);
      expect(res.status, path).toBe(415);
      expect(((await res.json()) as { error: string }).error).toContain("application/json");
    }
    // The same JSON with its proper type is taken.
    const ok = await post("/api/core-boxes", "application/json", JSON.stringify({ work_order: "4567-01" }));
    expect(ok.status).toBe(201);
  });

  test("sign-in takes at most 16 KB; broken JSON is a 400", async () => {
    const big = await post(
      "/api/auth/login",
      "application/json",
      JSON.stringify({ email: DEMO.user, password: "x".repeat(20_000) }),
    );
    expect(big.status).toBe(413);
    const broken = await post("/api/tickets", "application/json", '{"title":');
    expect(broken.status).toBe(400);
    expect(((await broken.json()) as { error: string }).error).toContain("not valid JSON");
  });

  test(`a tRPC batch of more than ${TRPC_BATCH_MAX} calls is refused; ${TRPC_BATCH_MAX} are answered`, async () => {
    const batch = (n: number) => {
      const names = Array.from({ length: n }, () => "coreBoxes.years").join(",");
      const input = Object.fromEntries(Array.from({ length: n }, (_, i) => [i, {}]));
      return t.request(`/trpc/${names}?batch=1&input=${encodeURIComponent(JSON.stringify(input))}`, {
        cookie,
      });
    };
    const over = await batch(TRPC_BATCH_MAX + 1);
    expect(over.status).toBe(400);
    expect(((await over.json()) as { error: string }).error).toContain(`at most ${TRPC_BATCH_MAX} calls`);
    const fine = await batch(TRPC_BATCH_MAX);
    expect(fine.status).toBe(200);
    expect(((await fine.json()) as unknown[]).length).toBe(TRPC_BATCH_MAX);
  });
});
