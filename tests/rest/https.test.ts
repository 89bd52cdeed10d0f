import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { sessions } from "@server/db/schema";
import { loadEnv } from "@server/env";
import { plainHttpWarning } from "@server/http/plain-http";
import { MESSAGES, PUBLISHED_DEMO_PASSWORD } from "@shared/auth";
import { eq } from "drizzle-orm";
import { DEMO, startTestApp, type TestApp } from "../helpers/app";

const PUBLIC = "https://portal.geolabs.example";
let secure: TestApp;
let plain: TestApp;
beforeAll(async () => {
  secure = await startTestApp({ PUBLIC_URL: PUBLIC });
  plain = await startTestApp();
});
afterAll(async () => {
  await secure.close();
  await plain.close();
});

const signIn = (t: TestApp) =>
  t.request("/api/auth/login", {
    method: "POST",
    json: { email: DEMO.user, password: PUBLISHED_DEMO_PASSWORD },
  });

describe("an https PUBLIC_URL", () => {
  test("browsers are told to use HTTPS only (Strict-Transport-Security), on the app and the API", async () => {
    for (const path of ["/api/health", "/", "/trpc/dashboard.kpis"]) {
      const res = await secure.request(path);
      expect(res.headers.get("strict-transport-security")).toBe("max-age=31536000");
    }
    expect((await plain.request("/api/health")).headers.get("strict-transport-security")).toBeNull();
  });

  test("the session cookie is a __Host- cookie (Secure, Path=/, no Domain), and only that name signs in", async () => {
    const res = await signIn(secure);
    const cookie = res.headers.get("set-cookie")!;
    expect(cookie).toStartWith("__Host-geolabs_session=");
    expect(cookie).toContain("; Path=/;");
    expect(cookie).toContain("Secure");
    expect(cookie).not.toContain("Domain=");
    const pair = cookie.split(";")[0]!;
    expect((await secure.request("/api/auth/me", { cookie: pair })).status).toBe(200);
    // The same token under the unprefixed name (as a sibling host could set it) is nobody.
    const unprefixed = pair.replace("__Host-", "");
    expect((await secure.request("/api/auth/me", { cookie: unprefixed })).status).toBe(401);
    // Plain HTTP installs keep the plain name.
    expect((await signIn(plain)).headers.get("set-cookie")).toStartWith("geolabs_session=");
  });

  test("the cross-site check compares with PUBLIC_URL only: a forged Host and a matching Origin write nothing", async () => {
    const cookie = (await signIn(secure)).headers.get("set-cookie")!.split(";")[0]!;
    const ticket = (headers: Record<string, string>) =>
      secure.request("/api/tickets", {
        method: "POST",
        cookie,
        headers,
        json: { title: "Printer on fire", description: "Smoke from tray 2" },
      });
    const forged = await ticket({ host: "evil.example", origin: "http://evil.example" });
    expect(forged.status).toBe(403);
    expect(await forged.json()).toEqual({ error: MESSAGES.crossSite });
    const forgedTls = await ticket({ host: "evil.example", origin: "https://evil.example" });
    expect(forgedTls.status).toBe(403);
    const own = await ticket({ origin: PUBLIC });
    expect(own.status).toBe(201);
    // The tRPC door is behind the same check.
    const trpc = await secure.request("/trpc/tickets.create", {
      method: "POST",
      cookie,
      headers: { host: "evil.example", origin: "http://evil.example" },
      json: { title: "Printer on fire", description: "Smoke from tray 2" },
    });
    expect(trpc.status).toBe(403);
  });

  test("a session the server extends gets its __Host- cookie re-issued", async () => {
    const cookie = (await signIn(secure)).headers.get("set-cookie")!.split(";")[0]!;
    const token = cookie.slice(cookie.indexOf("=") + 1);
    const id = new Bun.CryptoHasher("sha256").update(token).digest("hex");
    await secure.deps.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + 60_000) })
      .where(eq(sessions.id, id));
    const res = await secure.request("/api/auth/me", { cookie });
    const renewed = res.headers.get("set-cookie") ?? "";
    expect(renewed.split(";")[0]).toBe(cookie);
    expect(renewed).toStartWith("__Host-geolabs_session=");
    expect(renewed).toContain("Secure");
  });

  test("PUBLIC_URL written in capitals is still https", async () => {
    expect(loadEnv({ PUBLIC_URL: "HTTPS://Portal.Geolabs.example" }).publicHttps).toBe(true);
    expect(
      plainHttpWarning(loadEnv({ APP_ENV: "production", PUBLIC_URL: "HTTPS://portal.example" })),
    ).toBeNull();
  });
});

describe("plain HTTP in production", () => {
  const env = (over: Record<string, string>) => loadEnv({ APP_ENV: "production", ...over });
  test("is warned about when other machines can reach it and no https PUBLIC_URL is in front", () => {
    expect(plainHttpWarning(env({ HOST: "0.0.0.0" }))).toContain("plain HTTP");
    expect(plainHttpWarning(env({ HOST: "10.1.2.3", PUBLIC_URL: "http://portal.example" }))).toContain(
      "plain HTTP",
    );
  });
  test("is not warned about on loopback, behind an https PUBLIC_URL, or outside production", () => {
    for (const HOST of ["127.0.0.1", "localhost", "::1"]) expect(plainHttpWarning(env({ HOST }))).toBeNull();
    expect(plainHttpWarning(env({ HOST: "0.0.0.0", PUBLIC_URL: PUBLIC }))).toBeNull();
    expect(plainHttpWarning(loadEnv({ APP_ENV: "development", HOST: "0.0.0.0" }))).toBeNull();
  });
});
