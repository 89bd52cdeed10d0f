import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { siteOf } from "@server/http/cors";
import { DEMO, DEMO_PASSWORD, startTestApp, type TestApp } from "../helpers/app";
import { PDF } from "../helpers/storage";

/** CORS_ORIGINS: a listed origin's page may use the REST door with the person's session; nobody else may. */
const TOOLS = "http://tools.portal.test";
const OTHER_SITE = "https://reports.example.org";
const STRANGER = "https://evil.example";
let t: TestApp;
let cookie: string;
// A built client with a precompressed asset, whose answer varies by Accept-Encoding as well.
const clientDir = mkdtempSync(join(tmpdir(), "geolabs-cors-client-"));
beforeAll(async () => {
  mkdirSync(join(clientDir, "assets"));
  writeFileSync(join(clientDir, "index.html"), "<!doctype html>");
  writeFileSync(join(clientDir, "assets/app-1.js"), "export {};");
  writeFileSync(join(clientDir, "assets/app-1.js.gz"), gzipSync("export {};"));
  t = await startTestApp({ CORS_ORIGINS: `${TOOLS}, ${OTHER_SITE}/`, CLIENT_DIR: clientDir });
  cookie = await t.login(DEMO.user);
});
afterAll(async () => {
  await t.close();
  rmSync(clientDir, { recursive: true, force: true });
});

const preflight = (origin: string, path = "/api/core-boxes") =>
  t.request(path, {
    method: "OPTIONS",
    headers: {
      origin,
      "access-control-request-method": "POST",
      "access-control-request-headers": "content-type, x-user",
    },
  });

describe("CORS_ORIGINS", () => {
  test("a preflight from a listed origin is answered without sign-in, with the origin, credentials and max-age", async () => {
    const res = await preflight(TOOLS);
    expect(res.status).toBe(204);
    expect(res.headers.get("access-control-allow-origin")).toBe(TOOLS);
    expect(res.headers.get("access-control-allow-credentials")).toBe("true");
    expect(res.headers.get("access-control-allow-methods")).toContain("POST");
    expect(res.headers.get("access-control-allow-headers")).toBe("content-type, x-user");
    expect(Number(res.headers.get("access-control-max-age"))).toBeGreaterThan(0);
    expect(res.headers.get("vary")).toContain("Origin");
  });

  test("an unlisted origin: its preflight and its credentialed writes are 403, and it gets no CORS headers", async () => {
    const pre = await preflight(STRANGER);
    expect(pre.status).toBe(403);
    expect(pre.headers.get("access-control-allow-origin")).toBeNull();
    const write = await t.request("/api/core-boxes", {
      method: "POST",
      cookie,
      headers: { origin: STRANGER },
      json: { work_order: "9911-01" },
    });
    expect(write.status).toBe(403);
  });

  test("a listed origin's credentialed reads and writes pass, and its pages may read the answers", async () => {
    const write = await t.request("/api/core-boxes", {
      method: "POST",
      cookie,
      headers: { origin: TOOLS },
      json: { work_order: "9911-02" },
    });
    expect(write.status).toBe(201);
    expect(write.headers.get("access-control-allow-origin")).toBe(TOOLS);
    expect(write.headers.get("access-control-allow-credentials")).toBe("true");
    const read = await t.request("/api/core-boxes?q=9911-02", { cookie, headers: { origin: OTHER_SITE } });
    expect(read.status).toBe(200);
    expect(read.headers.get("access-control-allow-origin")).toBe(OTHER_SITE);
    // Errors are readable too: the page can show the server's words.
    const signedOut = await t.request("/api/core-boxes", { headers: { origin: TOOLS } });
    expect(signedOut.status).toBe(401);
    expect(signedOut.headers.get("access-control-allow-origin")).toBe(TOOLS);
  });

  test("the tRPC door answers a listed origin the same way: its reads and its errors are readable", async () => {
    const list = `/trpc/coreBoxes.list?input=${encodeURIComponent(JSON.stringify({ page: 1, page_size: 25 }))}`;
    const read = await t.request(list, { cookie, headers: { origin: TOOLS } });
    expect(read.status).toBe(200);
    expect(read.headers.get("access-control-allow-origin")).toBe(TOOLS);
    expect(read.headers.get("access-control-allow-credentials")).toBe("true");
    const bad = await t.request(`/trpc/coreBoxes.byId?input=${encodeURIComponent('{"id":"x"}')}`, {
      cookie,
      headers: { origin: OTHER_SITE },
    });
    expect(bad.status).toBe(400);
    expect(bad.headers.get("access-control-allow-origin")).toBe(OTHER_SITE);
    const stranger = await t.request(list, { cookie, headers: { origin: STRANGER } });
    expect(stranger.headers.get("access-control-allow-origin")).toBeNull();
  });

  test("answers say they vary by Origin (a shared cache must not hand one origin's answer to another)", async () => {
    const varies = (res: Response) =>
      (res.headers.get("vary") ?? "").split(",").map((v) => v.trim().toLowerCase());
    const list = `/trpc/coreBoxes.list?input=${encodeURIComponent(JSON.stringify({ page: 1, page_size: 25 }))}`;
    const trpc = await t.request(list, { cookie, headers: { origin: TOOLS } });
    expect(trpc.headers.get("access-control-allow-origin")).toBe(TOOLS);
    // tRPC's own Vary is kept beside ours, each once.
    expect(varies(trpc)).toEqual(["trpc-accept", "accept", "origin"]);
    const rest = await t.request("/api/core-boxes", { cookie, headers: { origin: OTHER_SITE } });
    expect(varies(rest)).toContain("origin");
    // An unlisted origin's answer (no CORS headers) and a same-origin one differ from a listed origin's too.
    for (const headers of [{ origin: STRANGER }, {}] as Record<string, string>[]) {
      const unlisted = await t.request(list, { cookie, headers });
      expect(unlisted.status).toBe(200);
      expect(unlisted.headers.get("access-control-allow-origin")).toBeNull();
      expect(varies(unlisted)).toContain("origin");
      const restUnlisted = await t.request("/api/core-boxes", { cookie, headers });
      expect(varies(restUnlisted)).toContain("origin");
    }
    // The client's files too (a CDN keeps them a year): their own Vary is kept beside ours.
    const asset = await t.request("/assets/app-1.js", {
      headers: { origin: TOOLS, "accept-encoding": "gzip" },
    });
    expect(asset.headers.get("content-encoding")).toBe("gzip");
    expect(asset.headers.get("access-control-allow-origin")).toBe(TOOLS);
    expect(varies(asset)).toEqual(["accept-encoding", "origin"]);
  });

  test("/files/… links may be framed by the listed origins (PDF previews), by nobody else", async () => {
    await t.deps.store.put("framed.db/a.pdf", new TextEncoder().encode(PDF("framed")));
    const url = await t.deps.store.signedUrl("framed.db/a.pdf", { disposition: "inline" });
    const res = await t.request(
      new URL(url, "http://portal.test").pathname + new URL(url, "http://portal.test").search,
    );
    expect(res.status).toBe(200);
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).toContain(`frame-ancestors 'self' ${TOOLS} ${OTHER_SITE}`);
    expect(csp).not.toContain(STRANGER);
    expect(res.headers.get("x-frame-options")).toBeNull();
  });

  test("with a listed origin of another site, the session cookie is SameSite=None; Secure", async () => {
    const res = await t.request("/api/auth/login", {
      method: "POST",
      headers: { origin: OTHER_SITE },
      json: { email: DEMO.admin, password: DEMO_PASSWORD },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("set-cookie")).toContain("SameSite=None; Secure");
  });

  test("sites: subdomains of one domain are one site; addresses and one-label names stand alone", () => {
    expect(siteOf("portal.geolabs.example")).toBe(siteOf("tools.geolabs.example:8443"));
    expect(siteOf("127.0.0.1:3000")).toBe("127.0.0.1");
    expect(siteOf("localhost:5173")).toBe("localhost");
  });
});

describe("without CORS_ORIGINS (the default)", () => {
  test("same origin only: a preflight is 403, the cookie stays SameSite=Lax", async () => {
    const plain = await startTestApp();
    try {
      const pre = await plain.request("/api/core-boxes", {
        method: "OPTIONS",
        headers: { origin: TOOLS, "access-control-request-method": "POST" },
      });
      expect(pre.status).toBe(403);
      const res = await plain.request("/api/auth/login", {
        method: "POST",
        json: { email: DEMO.user, password: DEMO_PASSWORD },
      });
      expect(res.headers.get("set-cookie")).toContain("SameSite=Lax");
      // Nothing depends on the Origin then: caches need not keep a copy per origin.
      const read = await plain.request("/api/health", { headers: { origin: TOOLS } });
      expect(read.headers.get("vary")).toBeNull();
    } finally {
      await plain.close();
    }
  });
});
