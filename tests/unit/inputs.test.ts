import { describe, expect, test } from "bun:test";
import { isCrossSiteWrite } from "@server/auth/cross-site";
import { isTrustedAddress } from "@server/auth/trusted-proxies";
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
    expect(env.SEED_DEMO).toBe(true);
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
