import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { DEMO, ORIGIN, startTestApp, type TestApp, trpcCall } from "../helpers/app";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe("health", () => {
  test("both health paths answer 200 without signing in, and reveal no internals", async () => {
    for (const path of ["/api/health", "/api/core-boxes/_debug"]) {
      const res = await t.request(path);
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(text).not.toContain(t.dataDir);
      expect(text).not.toMatch(/portal\.db|file:|\d{2,}/);
    }
  });
});

describe("local sign-in", () => {
  test("good password: 200 with a session cookie that is HttpOnly and SameSite=Lax", async () => {
    const res = await t.request("/api/auth/login", {
      method: "POST",
      json: { email: DEMO.admin, password: "geolabs-demo" },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ email: DEMO.admin, role: "Admin", isSuperOwner: false });
    const cookie = res.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/^geolabs_session=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });
  test("me answers for the cookie's user; logout ends the session", async () => {
    const cookie = await t.login(DEMO.user);
    const me = await t.request("/api/auth/me", { cookie });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ email: DEMO.user, role: "User" });
    expect((await t.request("/api/auth/logout", { method: "POST", cookie })).status).toBe(200);
    expect((await t.request("/api/auth/me", { cookie })).status).toBe(401);
  });
  test("wrong password: 401 with the spec's message, no cookie", async () => {
    const res = await t.request("/api/auth/login", {
      method: "POST",
      json: { email: DEMO.owner, password: "nope-nope" },
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: "Invalid email or password." });
    expect(res.headers.get("set-cookie")).toBeNull();
  });
  test("bad input is a 400 naming the field, not a 500", async () => {
    const res = await t.request("/api/auth/login", { method: "POST", json: { email: 42 } });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toMatch(/email/i);
    const raw = await t.request("/api/auth/login", {
      method: "POST",
      body: "{oops",
      headers: { "content-type": "application/json" },
    });
    expect(raw.status).toBe(400);
  });
});

describe("the guard", () => {
  test("API paths without a session: 401; tRPC too", async () => {
    expect((await t.request("/api/auth/me")).status).toBe(401);
    expect((await trpcCall(t, undefined, "dashboard.kpis")).status).toBe(401);
  });
  test("a forged identity header does nothing in local mode", async () => {
    const res = await t.request("/api/auth/me", { headers: { "X-User": DEMO.superOwner } });
    expect(res.status).toBe(401);
  });
  test("a cross-site write is refused with 403 even with a valid cookie", async () => {
    const cookie = await t.login(DEMO.admin);
    const res = await t.request("/api/auth/logout", {
      method: "POST",
      cookie,
      headers: { origin: "https://evil.example" },
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: "Cross-site request refused." });
    const same = await t.request("/api/auth/logout", { method: "POST", cookie, headers: { origin: ORIGIN } });
    expect(same.status).toBe(200);
  });
  test("unknown API paths are JSON 404s", async () => {
    const cookie = await t.login(DEMO.user);
    const res = await t.request("/api/no-such-thing", { cookie });
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toMatch(/json/);
  });
  test("tRPC dashboard KPIs answer for a signed-in user with real counts", async () => {
    const cookie = await t.login(DEMO.user);
    const { status, data } = await trpcCall(t, cookie, "dashboard.kpis");
    expect(status).toBe(200);
    expect(data).toMatchObject({
      docsIndexed: { value: expect.any(Number) },
      openTasks: { value: expect.any(Number) },
    });
  });
});

describe("security headers", () => {
  test("every response carries CSP, nosniff, frame-ancestors and a referrer policy, plus a request id", async () => {
    for (const path of ["/", "/api/health"]) {
      const res = await t.request(path);
      expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'self'");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("referrer-policy")).toBeTruthy();
      expect(res.headers.get("x-request-id")).toBeTruthy();
    }
  });
  test("tRPC answers carry the same headers as REST ones, and no store, on success and on error", async () => {
    const cookie = await t.login(DEMO.user);
    const input = (v: unknown) => encodeURIComponent(JSON.stringify(v));
    const rest = await t.request("/api/core-boxes?page=1&page_size=25", { cookie });
    expect(rest.status).toBe(200);
    for (const path of [
      `/trpc/coreBoxes.list?input=${input({ page: 1, page_size: 25 })}`,
      `/trpc/coreBoxes.byId?input=${input({ id: "x" })}`,
      `/trpc/coreBoxes.years,coreBoxes.islands?batch=1&input=${input({})}`,
    ]) {
      const res = await t.request(path, { cookie, headers: { "x-request-id": "req-trpc-1" } });
      expect(res.status).toBe(path.includes("byId") ? 400 : 200);
      expect(res.headers.get("x-request-id")).toBe("req-trpc-1");
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(res.headers.get("content-type")).toContain("application/json");
      for (const name of [
        "content-security-policy",
        "x-content-type-options",
        "referrer-policy",
        "x-frame-options",
      ])
        expect(res.headers.get(name)).toBe(rest.headers.get(name));
    }
  });
  test("client routes deep-link to the app (SPA fallback)", async () => {
    const res = await t.request("/core-box-inventory");
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<div id="root">');
  });
});
