import { describe, expect, test } from "bun:test";
import { isCrossSiteWrite } from "@server/auth/cross-site";
import { clientAddress, isTrustedAddress } from "@server/auth/trusted-proxies";
import { ConfigError, loadEnv } from "@server/env";
import { flag } from "@shared/common";
import { z } from "zod";

describe("flags", () => {
  test("accept true/false/1/0 as strings, booleans and numbers", () => {
    for (const v of ["true", "1", true, 1, "TRUE"]) expect(flag.parse(v)).toBe(true);
    for (const v of ["false", "0", false, 0]) expect(flag.parse(v)).toBe(false);
  });
  test("reject anything else with a readable message", () => {
    const r = z.object({ cache: flag }).safeParse({ cache: "yes" });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe("must be true, false, 1 or 0");
  });
});

describe("trusted proxies", () => {
  test("exact addresses and IPv4 ranges match; others do not", () => {
    expect(isTrustedAddress("10.0.0.7", ["10.0.0.0/8"])).toBe(true);
    expect(isTrustedAddress("::ffff:127.0.0.1", ["127.0.0.1"])).toBe(true);
    expect(isTrustedAddress("11.0.0.1", ["10.0.0.0/8"])).toBe(false);
    expect(isTrustedAddress("192.168.1.2", [])).toBe(false);
    expect(isTrustedAddress(null, ["0.0.0.0/0"])).toBe(false);
  });
});

describe("cross-site writes", () => {
  const req = (method: string, headers: Record<string, string>) =>
    new Request("http://portal.test/api/x", { method, headers });
  test("a write from another origin is cross-site; the same origin and reads are not", () => {
    expect(isCrossSiteWrite(req("POST", { origin: "https://evil.example" }))).toBe(true);
    expect(isCrossSiteWrite(req("POST", { origin: "http://portal.test" }))).toBe(false);
    expect(isCrossSiteWrite(req("GET", { origin: "https://evil.example" }))).toBe(false);
    expect(isCrossSiteWrite(req("POST", { "sec-fetch-site": "cross-site" }))).toBe(true);
    expect(isCrossSiteWrite(req("DELETE", { origin: "null" }))).toBe(true);
  });
});

describe("configuration", () => {
  test("defaults need nothing from the environment", () => {
    const env = loadEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.AUTH_MODE).toBe("local");
    expect(env.SEED_DEMO).toBe(false); // demo accounts have a published password: only on request
    expect(env.DATABASE_URL).toMatch(/^file:.*portal\.db$/);
  });
  test("flags accept 0/1", () => {
    expect(loadEnv({ SEED_DEMO: "0" }).SEED_DEMO).toBe(false);
    expect(loadEnv({ SEED_DEMO: "true" }).SEED_DEMO).toBe(true);
  });
  test("a bad value stops with a message naming the variable", () => {
    expect(() => loadEnv({ PORT: "http" })).toThrow(ConfigError);
    expect(() => loadEnv({ AUTH_MODE: "magic" })).toThrow(/AUTH_MODE/);
    expect(() => loadEnv({ SEED_DEMO: "maybe" })).toThrow(/SEED_DEMO/);
  });
  test("entra mode without a client id is refused", () => {
    expect(() => loadEnv({ AUTH_MODE: "entra" })).toThrow(/ENTRA_/);
  });
});

describe("the client's address behind proxies", () => {
  const trusted = ["10.0.0.5", "10.9.0.0/16"];
  test("a direct connection is its own address, whatever X-Forwarded-For says", () => {
    expect(clientAddress("203.0.113.7", "192.0.2.1", trusted)).toBe("203.0.113.7");
    expect(clientAddress("203.0.113.7", null, trusted)).toBe("203.0.113.7");
  });
  test("behind trusted hops, the first address a trusted proxy saw connect", () => {
    expect(clientAddress("10.0.0.5", "192.0.2.1", trusted)).toBe("192.0.2.1");
    expect(clientAddress("10.0.0.5", "198.51.100.9, 192.0.2.1, 10.9.3.4", trusted)).toBe("192.0.2.1");
    expect(clientAddress("10.0.0.5", "192.0.2.1:5123", trusted)).toBe("192.0.2.1");
    expect(clientAddress("10.0.0.5", "[2001:db8::1]:443", trusted)).toBe("2001:db8::1");
    expect(clientAddress("10.0.0.5", "::ffff:192.0.2.1", trusted)).toBe("192.0.2.1");
  });
  test("a hop that is not an address stops the walk at the last trusted one", () => {
    expect(clientAddress("10.0.0.5", "<script>, 10.9.0.1", trusted)).toBe("10.9.0.1");
    expect(clientAddress("10.0.0.5", "unknown", trusted)).toBe("10.0.0.5");
  });
  test("only trusted hops: the leftmost one", () => {
    expect(clientAddress("10.0.0.5", "10.9.1.1, 10.9.2.2", trusted)).toBe("10.9.1.1");
  });
});
