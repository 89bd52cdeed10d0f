import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { exportJWK, generateKeyPair, type JWK, SignJWT } from "jose";
import { DEMO, startTestApp, type TestApp } from "../helpers/app";

/** A stand-in for Microsoft's key endpoint on loopback: the production verifier fetches keys from it. */
const TENANT = "11111111-2222-3333-4444-555555555555";
const CLIENT = "aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee";
const ISSUER = `https://login.microsoftonline.com/${TENANT}/v2.0`;

let keys: Awaited<ReturnType<typeof generateKeyPair>>;
let jwksServer: ReturnType<typeof Bun.serve>;
let t: TestApp;

async function token(
  claims: Record<string, unknown>,
  opts: { exp?: string | number; aud?: string; iss?: string } = {},
) {
  return new SignJWT({ name: "Kai Test", preferred_username: "kai.test@geolabs.example", ...claims })
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
