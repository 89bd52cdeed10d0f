import { afterEach, describe, expect, test } from "bun:test";
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { users } from "@server/db/schema";
import { FIRST_PASSWORD_FILE, prepareAccounts } from "@server/domains/users/first-start";
import { loadEnv } from "@server/env";
import { createLogger } from "@server/lib/logger";
import { PUBLISHED_DEMO_PASSWORD } from "@shared/auth";
import { SUPER_OWNER_ON_SERVER } from "@shared/users";
import { eq } from "drizzle-orm";
import { DEMO, startTestApp, type TestApp, trpcCall } from "../helpers/app";

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** A logger whose warnings the test reads. */
function capturedLog() {
  const lines: { level: string; msg: string; accounts?: string[] }[] = [];
  const log = createLogger("info", {}, (line) => lines.push(JSON.parse(line)));
  return { log, warnings: () => lines.filter((l) => l.level === "warn") };
}
const errorOf = async (res: Response) => ((await res.json()) as { error: string }).error;

describe("demo data only on request", () => {
  test("the product's default is off: an empty database gets no demo accounts", async () => {
    expect(loadEnv({}).SEED_DEMO).toBe(false);
    t = await startTestApp({ SEED_DEMO: "false" });
    expect(await t.deps.db.select().from(users)).toEqual([]);
    const res = await t.request("/api/auth/login", {
      method: "POST",
      json: { email: DEMO.owner, password: PUBLISHED_DEMO_PASSWORD },
    });
    expect(res.status).toBe(401);
  });

  test("while accounts sign in with the published password: a warning at start, and Owners are told which", async () => {
    t = await startTestApp();
    const { log, warnings } = capturedLog();
    await prepareAccounts({ db: t.deps.db, env: t.deps.env, log });
    const warned = warnings().find((w) => w.msg.includes("published demo password"));
    expect(warned?.accounts).toEqual([DEMO.admin, DEMO.owner, DEMO.superOwner, DEMO.user]);
    const owner = await t.login(DEMO.owner);
    const listed = await trpcCall(t, owner, "users.demoPasswordAccounts");
    expect(listed.data).toEqual({ emails: [DEMO.admin, DEMO.owner, DEMO.superOwner, DEMO.user] });
    // An Admin is not told (the banner is for the people who can fix it).
    const admin = await t.login(DEMO.admin);
    const refused = await trpcCall(t, admin, "users.demoPasswordAccounts");
    expect(refused.status).toBe(403);
    // Once a demo account chooses its own password it is no longer named.
    const user = await t.login(DEMO.user);
    const next = "reef-current-9931";
    await t.request("/api/auth/change-password", {
      method: "POST",
      cookie: user,
      json: { current_password: PUBLISHED_DEMO_PASSWORD, new_password: next, confirm_password: next },
    });
    const after = await trpcCall(t, owner, "users.demoPasswordAccounts");
    expect((after.data as { emails: string[] }).emails).not.toContain(DEMO.user);
  });

  test("accounts whose password predates the flag are found by their password, once", async () => {
    t = await startTestApp();
    await t.deps.db.update(users).set({ demoPassword: false, demoPasswordKnown: false });
    const { log, warnings } = capturedLog();
    await prepareAccounts({ db: t.deps.db, env: t.deps.env, log });
    expect(warnings().find((w) => w.msg.includes("published demo password"))?.accounts).toHaveLength(4);
    expect((await t.deps.db.select().from(users)).every((u) => u.demoPasswordKnown)).toBe(true);
  });
});

describe("the super-owner's account is made on the server only", () => {
  const BOSS = "boss@geolabs.example";

  test("register-user and reinstate-user refuse it on both doors with one sentence", async () => {
    t = await startTestApp({ SUPER_OWNER_EMAIL: BOSS });
    const owner = await t.login(DEMO.owner);
    for (const path of ["/api/register-user", "/api/reinstate-user"]) {
      const rest = await t.request(path, { method: "POST", cookie: owner, json: { email: BOSS } });
      expect(rest.status).toBe(403);
      expect(await errorOf(rest)).toBe(SUPER_OWNER_ON_SERVER);
    }
    for (const proc of ["users.register", "users.reinstate"]) {
      const trpc = await trpcCall(t, owner, proc, { email: BOSS }, "mutation");
      expect(trpc.status).toBe(403);
      expect(trpc.error?.message).toBe(SUPER_OWNER_ON_SERVER);
    }
    expect(await t.deps.db.select().from(users).where(eq(users.email, BOSS))).toEqual([]);
    // Anyone else is still registered as before.
    const other = await t.request("/api/register-user", {
      method: "POST",
      cookie: owner,
      json: { email: "not.boss@geolabs.example" },
    });
    expect(other.status).toBe(200);
  });

  test("the first start makes it, with a temporary password in a file only the server's user can read", async () => {
    t = await startTestApp({ SUPER_OWNER_EMAIL: BOSS, SEED_DEMO: "false" });
    const { log, warnings } = capturedLog();
    await prepareAccounts({ db: t.deps.db, env: t.deps.env, log });
    const file = join(t.dataDir, FIRST_PASSWORD_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const [email, password] = readFileSync(file, "utf8").trim().split("\n");
    expect(email).toBe(BOSS);
    expect(warnings().some((w) => w.msg.startsWith("super-owner account created"))).toBe(true);
    // The password itself is never in the log.
    expect(JSON.stringify(warnings())).not.toContain(password!);
    const login = await t.request("/api/auth/login", { method: "POST", json: { email: BOSS, password } });
    expect(await login.json()).toMatchObject({ email: BOSS, isSuperOwner: true, mustChangePassword: true });
    // A second start leaves it alone.
    await prepareAccounts({ db: t.deps.db, env: t.deps.env, log });
    expect(await t.deps.db.select().from(users)).toHaveLength(1);
  });

  test("with no account and no SUPER_OWNER_EMAIL, the start says how to make the first Owner", async () => {
    t = await startTestApp({ SEED_DEMO: "false", SUPER_OWNER_EMAIL: "" });
    const { log, warnings } = capturedLog();
    await prepareAccounts({ db: t.deps.db, env: t.deps.env, log });
    expect(warnings().map((w) => w.msg)).toContainEqual(expect.stringContaining("bun run user:add"));
  });
});
