import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { users } from "@server/db/schema";
import { MESSAGES, PUBLISHED_DEMO_PASSWORD } from "@shared/auth";
import { eq } from "drizzle-orm";
import { DEMO, startTestApp, type TestApp, trpcCall } from "../helpers/app";

let t: TestApp;
let owner: string;
beforeAll(async () => {
  t = await startTestApp();
  owner = await t.login(DEMO.owner);
});
afterAll(() => t.close());

const NEW = "sandbar-lantern-42";
const post = (path: string, json: unknown, cookie?: string, ip?: string) =>
  t.request(path, { method: "POST", json, cookie, ip });
const errorOf = async (res: Response) => ((await res.json()) as { error: string }).error;
const change = (cookie: string, current: string, next: string, confirm = next, ip?: string) =>
  post(
    "/api/auth/change-password",
    { current_password: current, new_password: next, confirm_password: confirm },
    cookie,
    ip,
  );
const signIn = (email: string, password: string) =>
  t.request("/api/auth/login", { method: "POST", json: { email, password } });

/** A new local account as an Owner registers it: its email and the temporary password shown once. */
async function registered(email: string) {
  const res = await post("/api/register-user", { email }, owner);
  expect(res.status).toBe(200);
  const body = (await res.json()) as { temporary_password: string; sign_in: string };
  expect(body.sign_in).toContain("stops working in 7 days");
  return body.temporary_password;
}

describe("changing one's own password", () => {
  test("refuses a wrong current password, a short, repeated, mismatched or published one, with a sentence", async () => {
    const cookie = await t.login(DEMO.admin);
    const cases: [string, string, string, string][] = [
      ["not-my-password", NEW, NEW, MESSAGES.wrongCurrentPassword],
      [PUBLISHED_DEMO_PASSWORD, "short-one", "short-one", "new_password must be at least 12 characters."],
      [PUBLISHED_DEMO_PASSWORD, NEW, `${NEW}x`, "The new passwords do not match."],
      [PUBLISHED_DEMO_PASSWORD, PUBLISHED_DEMO_PASSWORD, PUBLISHED_DEMO_PASSWORD, "must be different"],
    ];
    for (const [current, next, confirm, words] of cases) {
      const res = await change(cookie, current, next, confirm, `10.9.0.${cases.length}`);
      expect(res.status).toBe(400);
      expect(await errorOf(res)).toContain(words);
    }
    // Nothing changed: the old password still signs in.
    expect((await signIn(DEMO.admin, PUBLISHED_DEMO_PASSWORD)).status).toBe(200);
  });

  test("the published demo password is never accepted as a new one", async () => {
    const temporary = await registered("demo.chooser@geolabs.example");
    const cookie = await t.login("demo.chooser@geolabs.example", temporary);
    const res = await change(cookie, temporary, PUBLISHED_DEMO_PASSWORD);
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toBe("That password is published with the demo: choose another.");
  });

  test("REST: the new password signs in, the old no longer does; other sessions end, this one stays", async () => {
    await t.deps.db.insert(users).values({
      email: "kilo.changer@geolabs.example",
      name: "Kilo",
      role: "User",
      source: "test",
      passwordHash: await Bun.password.hash(PUBLISHED_DEMO_PASSWORD),
    });
    const laptop = await t.login("kilo.changer@geolabs.example");
    const phone = await t.login("kilo.changer@geolabs.example");
    const res = await change(laptop, PUBLISHED_DEMO_PASSWORD, NEW);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, message: MESSAGES.passwordChanged });
    expect((await t.request("/api/auth/me", { cookie: laptop })).status).toBe(200);
    expect((await t.request("/api/auth/me", { cookie: phone })).status).toBe(401);
    expect((await signIn("kilo.changer@geolabs.example", PUBLISHED_DEMO_PASSWORD)).status).toBe(401);
    expect((await signIn("kilo.changer@geolabs.example", NEW)).status).toBe(200);
  });

  test("tRPC: the same change through users.changePassword", async () => {
    const temporary = await registered("trpc.changer@geolabs.example");
    const first = await t.login("trpc.changer@geolabs.example", temporary);
    const second = await t.login("trpc.changer@geolabs.example", temporary);
    const input = { current_password: temporary, new_password: NEW, confirm_password: NEW };
    const res = await trpcCall(t, first, "users.changePassword", input, "mutation");
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ ok: true, message: MESSAGES.passwordChanged });
    expect((await t.request("/api/auth/me", { cookie: second })).status).toBe(401);
    expect(await (await t.request("/api/auth/me", { cookie: first })).json()).toMatchObject({
      mustChangePassword: false,
    });
  });

  test("wrong current passwords are throttled like sign-in (429 after five from one address)", async () => {
    const cookie = await t.login(DEMO.user);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await change(cookie, "guess-guess", NEW, NEW, "10.8.8.8")).status);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
  });
});

describe("a password changed while someone signs in with the old one", () => {
  test("the sign-in that checked the old password makes no session that outlives the change", async () => {
    for (let round = 0; round < 4; round++) {
      const email = `racer${round}@geolabs.example`;
      const before = `old-password-${round}-xyz`;
      await t.deps.db.insert(users).values({
        email,
        name: "",
        role: "User",
        source: "test",
        passwordHash: await Bun.password.hash(before),
      });
      const cookie = await t.login(email, before);
      // The sign-in starts first; the change commits while its (slow) password check runs.
      const racing = signIn(email, before);
      const changed = await change(cookie, before, `new-password-${round}-xyz`);
      expect(changed.status).toBe(200);
      const late = await racing;
      const session = late.headers.get("set-cookie")?.split(";")[0];
      if (late.status === 200)
        expect((await t.request("/api/auth/me", { cookie: session })).status).toBe(401);
      else expect(late.status).toBe(401);
    }
  });

  test("an Owner's reset while the person signs in with the old password leaves no full session", async () => {
    await t.deps.db.insert(users).values({
      email: "reset.racer@geolabs.example",
      name: "",
      role: "User",
      source: "test",
      passwordHash: await Bun.password.hash("racing-old-password"),
    });
    const racing = signIn("reset.racer@geolabs.example", "racing-old-password");
    expect((await post("/api/reset-password", { email: "reset.racer@geolabs.example" }, owner)).status).toBe(
      200,
    );
    const late = await racing;
    const session = late.headers.get("set-cookie")?.split(";")[0];
    if (late.status === 200) expect((await t.request("/api/auth/me", { cookie: session })).status).toBe(401);
    else expect(late.status).toBe(401);
  });
});

describe("temporary passwords", () => {
  test("a session signed in with one can only change it: every other call is 403 on both doors", async () => {
    const temporary = await registered("new.hire@geolabs.example");
    const login = await signIn("new.hire@geolabs.example", temporary);
    expect(await login.json()).toMatchObject({ mustChangePassword: true });
    const cookie = login.headers.get("set-cookie")!.split(";")[0]!;
    for (const res of [
      await t.request("/api/reports-binder", { cookie }),
      await t.request("/trpc/dashboard.kpis", { cookie }),
      await post("/api/tickets", { title: "x" }, cookie),
    ]) {
      expect(res.status).toBe(403);
      expect(await errorOf(res)).toBe(MESSAGES.changeTemporaryPassword);
    }
    // The guard answers before tRPC runs, in the REST door's words.
    const mutation = await post("/trpc/tickets.create", { title: "x", description: "y" }, cookie);
    expect(mutation.status).toBe(403);
    expect(await errorOf(mutation)).toBe(MESSAGES.changeTemporaryPassword);
    // A batch that slips another call in beside the change is refused whole.
    const batch = await t.request("/trpc/users.changePassword,dashboard.kpis?batch=1", { cookie });
    expect(batch.status).toBe(403);
    // What the change screen needs still answers.
    expect((await t.request("/api/auth/me", { cookie })).status).toBe(200);
    expect((await change(cookie, temporary, NEW)).status).toBe(200);
    expect((await t.request("/trpc/dashboard.kpis", { cookie })).status).toBe(200);
    expect((await t.request("/api/reports-binder", { cookie })).status).toBe(200);
  });

  test("one past its 7 days no longer signs in, and its open session ends", async () => {
    const temporary = await registered("late.starter@geolabs.example");
    const cookie = await t.login("late.starter@geolabs.example", temporary);
    await t.deps.db
      .update(users)
      .set({ passwordTemporaryUntil: new Date(Date.now() - 1000) })
      .where(eq(users.email, "late.starter@geolabs.example"));
    const res = await signIn("late.starter@geolabs.example", temporary);
    expect(res.status).toBe(401);
    expect(await errorOf(res)).toBe(MESSAGES.temporaryPasswordExpired);
    expect((await t.request("/api/auth/me", { cookie })).status).toBe(401);
    expect((await trpcCall(t, cookie, "users.changePassword", {}, "mutation")).status).toBe(401);
    // A wrong password still says only that it is wrong.
    expect(await errorOf(await signIn("late.starter@geolabs.example", "not-the-one-x"))).toBe(
      MESSAGES.invalidLogin,
    );
  });

  test("reinstating an account gives it a new temporary password; the old one no longer works", async () => {
    const temporary = await registered("returner@geolabs.example");
    await t.login("returner@geolabs.example", temporary);
    expect((await post("/api/delete-user", { email: "returner@geolabs.example" }, owner)).status).toBe(200);
    const res = await post("/api/reinstate-user", { email: "returner@geolabs.example" }, owner);
    const body = (await res.json()) as { temporary_password: string };
    expect(body.temporary_password).toMatch(/^[a-z2-9]{12}$/);
    expect((await signIn("returner@geolabs.example", temporary)).status).toBe(401);
    expect(await (await signIn("returner@geolabs.example", body.temporary_password)).json()).toMatchObject({
      mustChangePassword: true,
    });
  });
});

describe("reinstating through tRPC", () => {
  test("users.reinstate answers the new temporary password too", async () => {
    const temporary = await registered("returner.trpc@geolabs.example");
    expect((await post("/api/delete-user", { email: "returner.trpc@geolabs.example" }, owner)).status).toBe(
      200,
    );
    const res = await trpcCall(
      t,
      owner,
      "users.reinstate",
      { email: "returner.trpc@geolabs.example" },
      "mutation",
    );
    const again = (res.data as { temporary_password: string }).temporary_password;
    expect(again).toMatch(/^[a-z2-9]{12}$/);
    expect(again).not.toBe(temporary);
  });
});

describe("an Owner's Reset password", () => {
  test("REST: a new temporary password, the person's sessions end, and the Activity log says who did it", async () => {
    await t.deps.db.insert(users).values({
      email: "forgetful@geolabs.example",
      name: "Forgetful",
      role: "User",
      source: "test",
      passwordHash: await Bun.password.hash(NEW),
    });
    const theirs = await t.login("forgetful@geolabs.example", NEW);
    const res = await post("/api/reset-password", { email: "forgetful@geolabs.example" }, owner);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { temporary_password: string; message: string };
    expect(body.message).toBe("forgetful@geolabs.example has a new temporary password.");
    expect((await t.request("/api/auth/me", { cookie: theirs })).status).toBe(401);
    expect((await signIn("forgetful@geolabs.example", NEW)).status).toBe(401);
    expect(await (await signIn("forgetful@geolabs.example", body.temporary_password)).json()).toMatchObject({
      mustChangePassword: true,
    });
    const log = await trpcCall(t, owner, "users.activity", { action: "user.password_reset" });
    expect((log.data as { rows: { actor: string; target: string }[] }).rows[0]).toMatchObject({
      actor: DEMO.owner,
      target: "forgetful@geolabs.example",
    });
  });

  test("tRPC: the same reset, by the super-owner for an Owner", async () => {
    const superOwner = await t.login(DEMO.superOwner);
    const res = await trpcCall(t, superOwner, "users.resetPassword", { email: DEMO.owner }, "mutation");
    expect(res.status).toBe(200);
    expect((res.data as { temporary_password: string }).temporary_password).toHaveLength(12);
    owner = await t.login(DEMO.owner, (res.data as { temporary_password: string }).temporary_password);
    expect(
      (await change(owner, (res.data as { temporary_password: string }).temporary_password, NEW)).status,
    ).toBe(200);
  });

  test("refused with the same status and sentence on both doors: Admin, User, another Owner, oneself, the super-owner", async () => {
    await t.deps.db.insert(users).values({
      email: "second.owner@geolabs.example",
      name: "Second Owner",
      role: "Owner",
      source: "test",
      passwordHash: await Bun.password.hash(NEW),
    });
    const admin = await t.login(DEMO.admin, PUBLISHED_DEMO_PASSWORD);
    const user = await t.login(DEMO.user, PUBLISHED_DEMO_PASSWORD);
    const cases: [string, string, string][] = [
      [admin, DEMO.user, "Only Owners can reset passwords."],
      [user, DEMO.admin, "Only Owners can reset passwords."],
      [owner, "second.owner@geolabs.example", "Only the super-owner can reset an Owner's password."],
      [owner, DEMO.owner, "Change your own password from your account menu."],
      [owner, DEMO.superOwner, "The super-owner's password is set on the server (bun run user:add)."],
    ];
    for (const [cookie, email, sentence] of cases) {
      const rest = await post("/api/reset-password", { email }, cookie);
      expect(rest.status).toBe(403);
      expect(await errorOf(rest)).toBe(sentence);
      const trpc = await trpcCall(t, cookie, "users.resetPassword", { email }, "mutation");
      expect(trpc.status).toBe(403);
      expect(trpc.error?.message).toBe(sentence);
    }
  });

  test("allowed on both doors: an Owner resets an Admin", async () => {
    for (const email of ["admin.one@geolabs.example", "admin.two@geolabs.example"]) {
      await t.deps.db.insert(users).values({ email, name: "", role: "Admin", source: "test" });
    }
    expect((await post("/api/reset-password", { email: "admin.one@geolabs.example" }, owner)).status).toBe(
      200,
    );
    const trpc = await trpcCall(
      t,
      owner,
      "users.resetPassword",
      { email: "admin.two@geolabs.example" },
      "mutation",
    );
    expect(trpc.status).toBe(200);
  });
});
