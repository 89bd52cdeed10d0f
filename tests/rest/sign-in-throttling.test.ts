import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { LOGIN_LIMITS, reserveLoginAttempt, settleLoginSuccess } from "@server/auth/rate-limit";
import { DEMO, DEMO_PASSWORD, startTestApp, type TestApp } from "../helpers/app";

/** Sign-in throttling: the three limits, bursts, right passwords, and addresses behind a trusted balancer. */
const BALANCER = "10.0.0.5";
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ TRUSTED_PROXIES: `${BALANCER},10.9.0.0/16` });
});
afterAll(() => t.close());

const signIn = (email: string, password: string, ip: string, forwardedFor?: string) =>
  t.request("/api/auth/login", {
    method: "POST",
    json: { email, password },
    ip,
    headers: forwardedFor ? { "x-forwarded-for": forwardedFor } : {},
  });
const statuses = async (responses: Promise<Response>[]) =>
  (await Promise.all(responses)).map((r) => r.status);
const count = (xs: number[], status: number) => xs.filter((s) => s === status).length;

describe("sign-in throttling", () => {
  test("one account from one address: five wrong passwords, then 429 even for the right one", async () => {
    for (let i = 0; i < LOGIN_LIMITS.pair; i++) {
      expect((await signIn(DEMO.owner, "wrong-guess", "10.1.1.1")).status).toBe(401);
    }
    const refused = await signIn(DEMO.owner, DEMO_PASSWORD, "10.1.1.1");
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: string }).error).toMatch(/Too many failed sign-in attempts/);
    // The same account from another address is not locked by the pair limit.
    expect((await signIn(DEMO.owner, DEMO_PASSWORD, "10.1.1.2")).status).toBe(200);
  });

  test("a burst of parallel guesses is counted before any password is checked: only five get an answer", async () => {
    const burst = await statuses(
      Array.from({ length: 12 }, () => signIn(DEMO.admin, "wrong-guess", "10.2.2.2")),
    );
    expect(count(burst, 401)).toBe(LOGIN_LIMITS.pair);
    expect(count(burst, 429)).toBe(12 - LOGIN_LIMITS.pair);
  });

  test("a right password does not count as a failure and clears the pair's failures", async () => {
    for (let i = 0; i < LOGIN_LIMITS.pair - 1; i++) await signIn(DEMO.user, "wrong-guess", "10.3.3.3");
    expect((await signIn(DEMO.user, DEMO_PASSWORD, "10.3.3.3")).status).toBe(200);
    for (let i = 0; i < LOGIN_LIMITS.pair; i++) {
      expect((await signIn(DEMO.user, "wrong-guess", "10.3.3.3")).status).toBe(401);
    }
    expect((await signIn(DEMO.user, "wrong-guess", "10.3.3.3")).status).toBe(429);
  });

  test("one account sprayed from many addresses: refused after twenty, from any address", async () => {
    const victim = "nobody-here@geolabs.example";
    const spray = await statuses(
      Array.from({ length: LOGIN_LIMITS.account }, (_, i) =>
        signIn(victim, "wrong-guess", `10.4.0.${i + 1}`),
      ),
    );
    expect(count(spray, 401)).toBe(LOGIN_LIMITS.account);
    expect((await signIn(victim, "wrong-guess", "10.4.1.1")).status).toBe(429);
    // Another account from a fresh address is not affected.
    expect((await signIn(DEMO.superOwner, DEMO_PASSWORD, "10.4.1.1")).status).toBe(200);
  });

  test("many accounts sprayed from one address: refused after fifty, for any account from it", async () => {
    const spray = await statuses(
      Array.from({ length: LOGIN_LIMITS.ip }, (_, i) =>
        signIn(`guess-${i}@geolabs.example`, "wrong-guess", "10.5.5.5"),
      ),
    );
    expect(count(spray, 401)).toBe(LOGIN_LIMITS.ip);
    expect((await signIn(DEMO.owner, DEMO_PASSWORD, "10.5.5.5")).status).toBe(429);
    expect((await signIn(DEMO.owner, DEMO_PASSWORD, "10.5.5.6")).status).toBe(200);
  });
});

describe("behind a trusted load balancer", () => {
  test("each person is throttled by the address the balancer forwarded, not the balancer's", async () => {
    for (let i = 0; i < LOGIN_LIMITS.pair; i++) {
      expect((await signIn(DEMO.admin, "wrong-guess", BALANCER, "192.0.2.10")).status).toBe(401);
    }
    expect((await signIn(DEMO.admin, DEMO_PASSWORD, BALANCER, "192.0.2.10")).status).toBe(429);
    // Another person behind the same balancer signs in.
    expect((await signIn(DEMO.admin, DEMO_PASSWORD, BALANCER, "192.0.2.11")).status).toBe(200);
  });

  test("an address the client wrote in front of the balancer's own entry is not believed", async () => {
    // The balancer appends the address it saw; whatever the client sent is left of it.
    for (let i = 0; i < LOGIN_LIMITS.pair; i++) {
      const forged = `198.51.100.${i}, 192.0.2.20`;
      expect((await signIn(DEMO.user, "wrong-guess", BALANCER, forged)).status).toBe(401);
    }
    expect((await signIn(DEMO.user, DEMO_PASSWORD, BALANCER, "198.51.100.99, 192.0.2.20")).status).toBe(429);
  });

  test("the session cookie is Secure when the balancer says the person came over HTTPS, not when anyone else says so", async () => {
    const cookieOf = async (ip: string, proto: string) => {
      const res = await t.request("/api/auth/login", {
        method: "POST",
        json: { email: DEMO.admin, password: DEMO_PASSWORD },
        ip,
        headers: { "x-forwarded-proto": proto, "x-forwarded-for": "192.0.2.60" },
      });
      expect(res.status).toBe(200);
      return res.headers.get("set-cookie") ?? "";
    };
    expect(await cookieOf(BALANCER, "https")).toContain("; Secure");
    expect(await cookieOf(BALANCER, "http")).not.toContain("; Secure");
    expect(await cookieOf("203.0.113.9", "https")).not.toContain("; Secure");
  });

  test("X-Forwarded-For from an untrusted peer is ignored: its failures count against the peer", async () => {
    for (let i = 0; i < LOGIN_LIMITS.pair; i++) {
      const status = (await signIn(DEMO.superOwner, "wrong-guess", "203.0.113.7", `192.0.2.${100 + i}`))
        .status;
      expect(status).toBe(401);
    }
    expect((await signIn(DEMO.superOwner, DEMO_PASSWORD, "203.0.113.7", "192.0.2.250")).status).toBe(429);
  });
});

describe("a flood from other addresses does not lock the real owner out", () => {
  test("the owner (and the super-owner) sign in from an address they used before, during a flood on their account", async () => {
    for (const [email, home, net] of [
      [DEMO.owner, "10.6.0.1", "10.6.1"],
      [DEMO.superOwner, "10.7.0.1", "10.7.1"],
    ] as const) {
      expect((await signIn(email, DEMO_PASSWORD, home)).status).toBe(200);
      const flood = await statuses(
        Array.from({ length: LOGIN_LIMITS.account + 10 }, (_, i) =>
          signIn(email, "wrong", `${net}.${i + 1}`),
        ),
      );
      expect(count(flood, 429)).toBeGreaterThan(0); // the flood itself is slowed down
      // A guesser at a new address is refused; the owner at their usual address is not.
      expect((await signIn(email, DEMO_PASSWORD, `${net}.250`)).status).toBe(429);
      expect((await signIn(email, DEMO_PASSWORD, home)).status).toBe(200);
    }
  });

  test("from a new address, a burst of twenty holds the owner off for at most a minute", async () => {
    const email = "burst-victim@geolabs.example";
    const t0 = Date.now();
    for (let i = 0; i < LOGIN_LIMITS.account; i++)
      await reserveLoginAttempt(t.deps.db, email, `10.8.0.${i}`, t0);
    await expect(reserveLoginAttempt(t.deps.db, email, "10.8.1.1", t0 + 1000)).rejects.toThrow(
      /Too many failed sign-in attempts/,
    );
    await reserveLoginAttempt(t.deps.db, email, "10.8.1.1", t0 + 61_000);
  });

  test("a flood sustained past 200 in fifteen minutes holds new addresses off for the window, not known ones", async () => {
    const email = "sustained-victim@geolabs.example";
    const t0 = Date.now();
    // Ten bursts of twenty, a minute apart: each within the per-minute tier.
    for (let minute = 0; minute < 10; minute++) {
      for (let i = 0; i < LOGIN_LIMITS.account; i++) {
        await reserveLoginAttempt(t.deps.db, email, `10.9.${minute}.${i}`, t0 + minute * 61_000);
      }
    }
    const later = t0 + 11 * 61_000;
    await expect(reserveLoginAttempt(t.deps.db, email, "10.10.0.1", later)).rejects.toThrow(/Too many/);
    await settleLoginSuccess(t.deps.db, email, "10.10.0.2", t0 - 1000); // signed in from there before
    await reserveLoginAttempt(t.deps.db, email, "10.10.0.2", later);
  });
});
