import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { auditLog, users } from "@server/db/schema";
import { MESSAGES } from "@shared/auth";
import { eq } from "drizzle-orm";
import { exportJWK, generateKeyPair, type JWK, SignJWT } from "jose";
import { DEMO, startTestApp, type TestApp } from "../helpers/app";

/** A stand-in for Microsoft's key endpoint on loopback: the production verifier fetches keys from it. */
const TENANT = "11111111-2222-3333-4444-555555555555";
const CLIENT = "aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee";
const ISSUER = `https://login.microsoftonline.com/${TENANT}/v2.0`;

let keys: Awaited<ReturnType<typeof generateKeyPair>>;
let jwksServer: ReturnType<typeof Bun.serve>;
let t: TestApp;

/** An ID token as Entra signs it; the person's object id follows their email unless a test gives its own. */
async function token(
  claims: Record<string, unknown>,
  opts: { exp?: string | number; aud?: string; iss?: string } = {},
) {
  const all = { name: "Kai Test", preferred_username: "kai.test@geolabs.example", tid: TENANT, ...claims };
  return new SignJWT({ oid: `oid-of-${all.preferred_username}`, ...all })
    .setProtectedHeader({ alg: "RS256", kid: "k1" })
    .setIssuedAt()
    .setIssuer(opts.iss ?? ISSUER)
    .setAudience(opts.aud ?? CLIENT)
    .setExpirationTime(opts.exp ?? "10m")
    .sign(keys.privateKey);
}

beforeAll(async () => {
  keys = await generateKeyPair("RS256");
  const jwk: JWK = { ...(await exportJWK(keys.publicKey)), kid: "k1", alg: "RS256", use: "sig" };
  jwksServer = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => Response.json({ keys: [jwk] }) });
  t = await startTestApp({
    AUTH_MODE: "entra",
    ENTRA_TENANT_ID: TENANT,
    ENTRA_CLIENT_ID: CLIENT,
    ENTRA_JWKS_URL: `http://127.0.0.1:${jwksServer.port}/keys`,
  });
});
afterAll(async () => {
  await t.close();
  jwksServer.stop(true);
});

const me = (bearer: string) => t.request("/api/auth/me", { headers: { authorization: `Bearer ${bearer}` } });

describe("Entra ID tokens", () => {
  test("a valid token signs in; an unknown person is registered as a User", async () => {
    const res = await me(await token({}));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      email: "kai.test@geolabs.example",
      name: "Kai Test",
      role: "User",
    });
  });
  test("a display name with a right-to-left override is stored without it", async () => {
    const res = await me(
      await token({ preferred_username: "noe.rlo@geolabs.example", name: "No\u202ee Kim" }),
    );
    expect(res.status).toBe(200);
    expect(((await res.json()) as { name: string }).name).toBe("Noe Kim");
  });
  test("the seeded super-owner keeps Owner rights when signing in through Entra", async () => {
    const res = await me(await token({ preferred_username: DEMO.superOwner, name: "Malia Kahale" }));
    expect(await res.json()).toMatchObject({ email: DEMO.superOwner, isSuperOwner: true, role: "Owner" });
  });
  test("expired, wrong audience, wrong issuer and tampered tokens are refused with 401", async () => {
    const expired = await token({}, { exp: Math.floor(Date.now() / 1000) - 3600 });
    const wrongAud = await token({}, { aud: "someone-else" });
    const wrongIss = await token({}, { iss: "https://login.microsoftonline.com/other/v2.0" });
    const good = await token({});
    const [h, p, s] = good.split(".");
    const forgedPayload = Buffer.from(
      JSON.stringify({
        ...JSON.parse(Buffer.from(p!, "base64url").toString()),
        preferred_username: DEMO.owner,
      }),
    ).toString("base64url");
    const tampered = `${h}.${forgedPayload}.${s}`;
    for (const bad of [expired, wrongAud, wrongIss, tampered, "not-a-jwt"]) {
      expect((await me(bad)).status).toBe(401);
    }
  });
  test("the account is the token's object id: a changed email follows the person, an old account is linked once", async () => {
    // Registered by email before (the seeded Admin): linked to this object id at the first sign-in.
    const first = await me(await token({ preferred_username: DEMO.admin, oid: "oid-leilani" }));
    expect(await first.json()).toMatchObject({ email: DEMO.admin, role: "Admin" });
    // Her email changes at the provider; same object id: same account, same role, new email shown.
    const renamed = "leilani.adams@geolabs.example";
    const second = await me(await token({ preferred_username: renamed, oid: "oid-leilani" }));
    expect(await second.json()).toMatchObject({ email: renamed, role: "Admin" });
    const [audited] = await t.deps.db.select().from(auditLog).where(eq(auditLog.target, renamed));
    expect(audited?.details).toMatchObject({ before: { email: DEMO.admin }, after: { email: renamed } });
    // Someone else given her old address later does not inherit her account.
    const newcomer = await me(await token({ preferred_username: DEMO.admin, oid: "oid-someone-else" }));
    expect(await newcomer.json()).toMatchObject({ email: DEMO.admin, role: "User" });
  });
  test("an address whose account is linked to another person is refused, never handed over", async () => {
    const linked = await me(
      await token({ preferred_username: "tenant.a@geolabs.example", oid: "oid-first" }),
    );
    expect(linked.status).toBe(200);
    const other = await me(
      await token({ preferred_username: "tenant.a@geolabs.example", oid: "oid-second" }),
    );
    expect(other.status).toBe(403);
    expect(((await other.json()) as { error: string }).error).toBe(MESSAGES.accountLinkedElsewhere);
    // The trpc door says the same.
    const bearer = {
      authorization: `Bearer ${await token({ preferred_username: "tenant.a@geolabs.example", oid: "oid-second" })}`,
    };
    expect((await t.request("/trpc/dashboard.kpis", { headers: bearer })).status).toBe(403);
  });
  test("a token of another tenant signs nobody in, whatever its object id", async () => {
    const res = await me(await token({ oid: "oid-first", tid: "22222222-0000-0000-0000-000000000000" }));
    expect(res.status).toBe(401);
  });
  test("an email changed into the super-owner's address is not followed", async () => {
    await me(await token({ preferred_username: "climber@geolabs.example", oid: "oid-climber" }));
    const renamed = await me(
      await token({ preferred_username: "boss.to.be@geolabs.example", oid: "oid-climber" }),
    );
    expect(await renamed.json()).toMatchObject({ email: "boss.to.be@geolabs.example", isSuperOwner: false });
    const climbing = await me(await token({ preferred_username: DEMO.superOwner, oid: "oid-climber" }));
    expect(await climbing.json()).toMatchObject({ email: "boss.to.be@geolabs.example", isSuperOwner: false });
  });
  test("a token without an object id or tenant signs nobody in", async () => {
    expect((await me(await token({ oid: undefined }))).status).toBe(401);
    expect((await me(await token({ tid: undefined }))).status).toBe(401);
  });
  test("password sign-in is switched off in entra mode", async () => {
    const res = await t.request("/api/auth/login", {
      method: "POST",
      json: { email: DEMO.owner, password: "geolabs-demo" },
    });
    expect(res.status).toBe(400);
  });
});

describe("proxy mode", () => {
  let p: TestApp;
  beforeAll(async () => {
    p = await startTestApp({ AUTH_MODE: "proxy", TRUSTED_PROXIES: "10.0.0.0/8" });
  });
  afterAll(() => p.close());

  test("the identity header is honoured from a trusted proxy address", async () => {
    const res = await p.request("/api/auth/me", { headers: { "X-User": DEMO.admin }, ip: "10.0.0.9" });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ email: DEMO.admin, role: "Admin" });
  });
  test("the same header from any other address is ignored", async () => {
    const res = await p.request("/api/auth/me", { headers: { "X-User": DEMO.admin }, ip: "192.168.5.5" });
    expect(res.status).toBe(401);
  });
  test("registering someone says they sign in with their work account, and issues no password", async () => {
    const res = await p.request("/api/register-user", {
      method: "POST",
      json: { email: "proxy.hire@geolabs.example" },
      headers: { "X-User": DEMO.owner },
      ip: "10.0.0.9",
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body.sign_in).toBe("They sign in with their work account.");
    expect(body).not.toHaveProperty("temporary_password");
  });
  test("'guest' is nobody", async () => {
    const res = await p.request("/api/auth/me", { headers: { "X-User": "guest" }, ip: "10.0.0.9" });
    expect(res.status).toBe(401);
  });
});

describe("who the company's sign-in may let in", () => {
  const SECRET = "proxy-secret-for-tests-0123";
  let p: TestApp;
  let e: TestApp;
  beforeAll(async () => {
    const rules = { ALLOWED_EMAIL_DOMAINS: "geolabs.example", AUTO_PROVISION: "false" };
    p = await startTestApp({
      AUTH_MODE: "proxy",
      TRUSTED_PROXIES: "10.0.0.0/8",
      PROXY_SECRET: SECRET,
      ...rules,
    });
    e = await startTestApp({
      AUTH_MODE: "entra",
      ENTRA_TENANT_ID: TENANT,
      ENTRA_CLIENT_ID: CLIENT,
      ENTRA_JWKS_URL: `http://127.0.0.1:${jwksServer.port}/keys`,
      ...rules,
    });
  });
  afterAll(async () => {
    await p.close();
    await e.close();
  });
  const viaProxy = (email: string, secret: string | null = SECRET) =>
    p.request("/api/auth/me", {
      headers: { "X-User": email, ...(secret === null ? {} : { "X-Proxy-Secret": secret }) },
      ip: "10.0.0.9",
    });
  const accountOf = async (app: TestApp, email: string) =>
    app.deps.db.select().from(users).where(eq(users.email, email));
  const errorOf = async (res: Response) => ((await res.json()) as { error: string }).error;

  test("proxy: a trusted address is believed only with the proxy's secret", async () => {
    expect((await viaProxy(DEMO.admin, null)).status).toBe(401);
    const trpc = (secret: string) =>
      p.request("/trpc/dashboard.kpis", {
        headers: { "X-User": DEMO.admin, "X-Proxy-Secret": secret },
        ip: "10.0.0.9",
      });
    expect((await trpc("not-the-secret-at-all")).status).toBe(401);
    expect((await trpc(SECRET)).status).toBe(200);
    expect((await viaProxy(DEMO.admin, `${SECRET}x`)).status).toBe(401);
    expect((await viaProxy(DEMO.admin, SECRET.slice(0, -1))).status).toBe(401);
    expect(await (await viaProxy(DEMO.admin)).json()).toMatchObject({ email: DEMO.admin, role: "Admin" });
  });

  test("proxy and Entra: an email outside ALLOWED_EMAIL_DOMAINS is refused and never becomes an account", async () => {
    const proxied = await viaProxy("stranger@evil.example");
    expect(proxied.status).toBe(403);
    expect(await errorOf(proxied)).toBe(MESSAGES.domainNotAllowed);
    expect(await accountOf(p, "stranger@evil.example")).toEqual([]);
    const signed = await e.request("/api/auth/me", {
      headers: { authorization: `Bearer ${await token({ preferred_username: "stranger@evil.example" })}` },
    });
    expect(signed.status).toBe(403);
    expect(await errorOf(signed)).toBe(MESSAGES.domainNotAllowed);
    expect(await accountOf(e, "stranger@evil.example")).toEqual([]);
  });

  test("AUTO_PROVISION=false: only people already registered get in, on both sign-ins", async () => {
    const unknown = "not.yet@geolabs.example";
    const proxied = await viaProxy(unknown);
    expect(proxied.status).toBe(403);
    expect(await errorOf(proxied)).toBe(MESSAGES.notRegistered);
    const bearer = `Bearer ${await token({ preferred_username: unknown })}`;
    const signed = await e.request("/api/auth/me", { headers: { authorization: bearer } });
    expect(await errorOf(signed)).toBe(MESSAGES.notRegistered);
    expect(await accountOf(p, unknown)).toEqual([]);
    expect(await accountOf(e, unknown)).toEqual([]);
    // Registered by an Owner: then they get in.
    const register = await p.request("/api/register-user", {
      method: "POST",
      json: { email: unknown },
      headers: { "X-User": DEMO.owner, "X-Proxy-Secret": SECRET },
      ip: "10.0.0.9",
    });
    expect(register.status).toBe(200);
    expect((await viaProxy(unknown)).status).toBe(200);
  });

  test("AUTO_PROVISION=false still lets the super-owner in on a fresh install (nobody could register them)", async () => {
    const fresh = await startTestApp({
      AUTH_MODE: "proxy",
      TRUSTED_PROXIES: "10.0.0.0/8",
      AUTO_PROVISION: "false",
      SEED_DEMO: "false",
    });
    try {
      const as = (email: string) =>
        fresh.request("/api/auth/me", { headers: { "X-User": email }, ip: "10.0.0.9" });
      expect(await (await as(DEMO.superOwner)).json()).toMatchObject({ isSuperOwner: true, role: "Owner" });
      expect((await as("someone.else@geolabs.example")).status).toBe(403);
    } finally {
      await fresh.close();
    }
  });

  test("passwords belong to the company's sign-in: change password is refused with a sentence", async () => {
    const res = await p.request("/api/auth/change-password", {
      method: "POST",
      json: { current_password: "x", new_password: "long-enough-one", confirm_password: "long-enough-one" },
      headers: { "X-User": DEMO.user, "X-Proxy-Secret": SECRET },
      ip: "10.0.0.9",
    });
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toBe(MESSAGES.passwordsElsewhere);
  });
});
