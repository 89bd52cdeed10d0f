import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { auditLog, users } from "@server/db/schema";
import { AUDIT_ACTIONS, type AuditAction, USER_TEXTS } from "@shared/users";
import { eq } from "drizzle-orm";
import { DEMO, startTestApp, type TestApp, trpcCall } from "../helpers/app";
import { callerAs } from "../helpers/caller";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  const extra = Array.from({ length: 60 }, (_, i) => ({
    email: `staff${String(i).padStart(2, "0")}@geolabs.example`,
    name: `Staff ${i}`,
    role: (i % 10 === 0 ? "Admin" : "User") as "Admin" | "User",
    source: "test",
  }));
  await t.deps.db.insert(users).values(extra);
});
afterAll(() => t.close());

describe("the Admin Console list", () => {
  test("default sort is role Owner, Admin, User, then email; 25 per page", async () => {
    const admin = await callerAs(t, DEMO.admin);
    const page = await admin.users.list({});
    expect(page.rows.length).toBe(25);
    const ranks = page.rows.map((r) => ({ Owner: 0, Admin: 1, User: 2 })[r.role]);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect(page.rows[0]!.role).toBe("Owner");
    expect(page.total).toBe(64);
  });
  test("role filter, search and paging work together in SQL", async () => {
    const admin = await callerAs(t, DEMO.admin);
    const admins = await admin.users.list({ role: "Admin" });
    expect(admins.rows.every((r) => r.role === "Admin")).toBe(true);
    expect(admins.total).toBe(7);
    const search = await admin.users.list({ q: "staff5", page_size: 50 });
    expect(search.rows.map((r) => r.email).sort()).toEqual(
      Array.from({ length: 10 }, (_, i) => `staff5${i}@geolabs.example`),
    );
    const page3 = await admin.users.list({ sort_by: "email", page: 3, page_size: 25 });
    expect(page3.rows.length).toBe(14);
  });
  test("search text with LIKE wildcards and quotes is taken literally", async () => {
    const admin = await callerAs(t, DEMO.admin);
    expect((await admin.users.list({ q: "%" })).total).toBe(0);
    expect((await admin.users.list({ q: "' or 1=1 --" })).total).toBe(0);
  });
  test("counts of Owners, Admins and Users", async () => {
    const counts = await (await callerAs(t, DEMO.owner)).users.counts();
    expect(counts).toEqual({ Owner: 2, Admin: 7, User: 55 });
  });
  test("an unknown role string is a clear 400 at both doors", async () => {
    const cookie = await t.login(DEMO.superOwner);
    const rest = await t.request("/api/update-role", {
      method: "POST",
      cookie,
      json: { email: DEMO.user, role: "Root" },
    });
    expect(rest.status).toBe(400);
    expect(((await rest.json()) as { error: string }).error).toContain("Role must be Owner, Admin or User.");
    const rpc = await trpcCall(t, cookie, "users.setRole", { email: DEMO.user, role: "root" }, "mutation");
    expect(rpc.status).toBe(400);
    expect(rpc.error?.message).toContain("Role must be Owner, Admin or User.");
  });
  test("bad page sizes and emails are 400s", async () => {
    const cookie = await t.login(DEMO.admin);
    expect((await trpcCall(t, cookie, "users.list", { page_size: 0 })).status).toBe(400);
    expect((await trpcCall(t, cookie, "users.list", { page_size: 10000 })).status).toBe(400);
    const bad = await t.request("/api/delete-user", {
      method: "POST",
      cookie,
      json: { email: "../etc/passwd" },
    });
    expect(bad.status).toBe(400);
  });
  test("GET /api/users answers the spec's shape", async () => {
    const cookie = await t.login(DEMO.admin);
    const list = (await (await t.request("/api/users", { cookie })).json()) as {
      email: string;
      role: string;
    }[];
    expect(list[0]).toEqual({ email: expect.any(String), role: "Owner" });
    expect(Object.keys(list[0]!).sort()).toEqual(["email", "role"]);
  });
});

describe("removal keeps history", () => {
  test("a removed account loses its sessions at once, cannot sign in, and is listed as terminated", async () => {
    await t.deps.db.insert(users).values({
      email: "leaving@geolabs.example",
      name: "Kai Leaving",
      role: "User",
      source: "test",
      passwordHash: await Bun.password.hash("geolabs-demo"),
    });
    const theirCookie = await t.login("leaving@geolabs.example");
    const owner = await callerAs(t, DEMO.owner);
    await owner.users.remove({ email: "leaving@geolabs.example" });
    expect((await t.request("/api/auth/me", { cookie: theirCookie })).status).toBe(401);
    const again = await t.request("/api/auth/login", {
      method: "POST",
      json: { email: "leaving@geolabs.example", password: "geolabs-demo" },
    });
    expect(again.status).toBe(401);
    const terminated = await owner.users.terminated({ q: "leaving" });
    expect(terminated.rows[0]).toMatchObject({
      email: "leaving@geolabs.example",
      roleAtRemoval: "User",
      deactivatedBy: DEMO.owner,
    });
    const activity = await owner.users.activity({ action: "user.remove", actor: DEMO.owner });
    expect(activity.rows[0]).toMatchObject({ actor: DEMO.owner, target: "leaving@geolabs.example" });
    expect(activity.rows[0]!.details).toMatchObject({
      before: { role: "User" },
      after: { status: "deactivated" },
    });
  });
  test("Activity filters by any action the log records; an unknown action is refused in words", async () => {
    const owner = await callerAs(t, DEMO.owner);
    // One entry of each action, so every filter has something to find (an empty page proves nothing).
    await t.deps.db
      .insert(auditLog)
      .values(AUDIT_ACTIONS.map((action) => ({ actor: DEMO.owner, action, target: `fixture ${action}` })));
    for (const action of AUDIT_ACTIONS) {
      const page = await owner.users.activity({ action });
      expect(page.rows.map((r) => r.target)).toContain(`fixture ${action}`);
      expect(page.rows.filter((r) => r.action !== action)).toEqual([]);
    }
    await expect(owner.users.activity({ action: "user.hack" as AuditAction })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: expect.stringContaining("Unknown action."),
    });
  });
  test("an Owner reinstates it and it is active again with its old role", async () => {
    const owner = await callerAs(t, DEMO.owner);
    await owner.users.reinstate({ email: "leaving@geolabs.example" });
    const [row] = await t.deps.db.select().from(users).where(eq(users.email, "leaving@geolabs.example"));
    expect(row).toMatchObject({ status: "active", role: "User", deactivatedAt: null });
    await expect(owner.users.reinstate({ email: "leaving@geolabs.example" })).rejects.toMatchObject({
      code: "CONFLICT",
    });
  });
  test("registering shows up under onboarded with who registered it; registering it again says so and keeps it", async () => {
    const owner = await callerAs(t, DEMO.owner);
    await owner.users.register({ email: "New.Hire@Geolabs.example" });
    const onboarded = await owner.users.onboarded({ q: "new.hire" });
    expect(onboarded.rows[0]).toMatchObject({
      email: "new.hire@geolabs.example",
      role: "User",
      registeredBy: DEMO.owner,
      firstSignInAt: null,
    });
    // Existing clients register on every page load: a second call is not an error and changes nothing.
    expect(await owner.users.register({ email: "new.hire@geolabs.example" })).toEqual({
      email: "new.hire@geolabs.example",
      role: "User",
      message: "new.hire@geolabs.example is already registered.",
    });
    expect((await owner.users.onboarded({ q: "new.hire" })).rows).toHaveLength(1);
  });
  test("with local accounts, a new person gets a temporary password, shown once, that signs them in", async () => {
    const owner = await callerAs(t, DEMO.owner);
    const r = await owner.users.register({ email: "temp.pass@geolabs.example" });
    expect(r.sign_in).toBe(USER_TEXTS.signInWithPassword);
    expect(r.temporary_password).toMatch(/^[a-z2-9]{12}$/);
    expect(await t.login("temp.pass@geolabs.example", "wrong-password-1").catch(() => "refused")).toBe(
      "refused",
    );
    expect(await t.login("temp.pass@geolabs.example", r.temporary_password!)).toContain("=");
    // Asked again (existing clients do on every page load), no password is issued or changed.
    expect(await owner.users.register({ email: "temp.pass@geolabs.example" })).not.toHaveProperty(
      "temporary_password",
    );
    expect(await t.login("temp.pass@geolabs.example", r.temporary_password!)).toContain("=");
  });
  test("onboarded date range must be ordered", async () => {
    const owner = await callerAs(t, DEMO.owner);
    await expect(
      owner.users.onboarded({ date_from: "2026-02-01", date_to: "2026-01-01" }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(owner.users.onboarded({ date_from: "2026-02-30" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
  });
});

describe("bulk changes", () => {
  test("reports per row which were refused and why", async () => {
    const owner = await callerAs(t, DEMO.owner);
    const result = await owner.users.bulk({
      emails: ["staff01@geolabs.example", DEMO.superOwner, DEMO.owner, "nobody@geolabs.example"],
      action: { kind: "role", role: "Admin" },
    });
    expect(result).toEqual([
      { email: "staff01@geolabs.example", ok: true },
      { email: DEMO.superOwner, ok: false, reason: "The super-owner's role cannot be changed." },
      { email: DEMO.owner, ok: false, reason: "You cannot change your own role." },
      { email: "nobody@geolabs.example", ok: false, reason: "No active account for nobody@geolabs.example." },
    ]);
  });
  test("only the super-owner may bulk-set Owner", async () => {
    const owner = await callerAs(t, DEMO.owner);
    await expect(
      owner.users.bulk({ emails: ["staff02@geolabs.example"], action: { kind: "role", role: "Owner" } }),
    ).rejects.toMatchObject({
      code: "FORBIDDEN",
      message: "Only the super-owner may bulk-set Owner.",
    });
    const sup = await callerAs(t, DEMO.superOwner);
    const ok = await sup.users.bulk({
      emails: ["staff02@geolabs.example"],
      action: { kind: "role", role: "Owner" },
    });
    expect(ok).toEqual([{ email: "staff02@geolabs.example", ok: true }]);
  });
});
