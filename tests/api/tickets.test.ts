import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { tickets } from "@server/db/schema";
import { upsertLocalAccount } from "@server/domains/users/local-accounts";
import { operatorIdentity, serviceCtx } from "@server/lib/service-ctx";
import { eq } from "drizzle-orm";
import { DEMO, startTestApp, type TestApp } from "../helpers/app";
import { callerAs } from "../helpers/caller";

let t: TestApp;
beforeAll(async () => {
  // No demo data: these tests count exactly what they create.
  t = await startTestApp({ SEED_DEMO: "false" });
  for (const [email, role] of [
    [DEMO.user, "User"],
    [DEMO.admin, "Admin"],
  ] as const) {
    await upsertLocalAccount(serviceCtx(t.deps, operatorIdentity("test")), {
      email,
      name: email,
      role,
      password: "geolabs-demo",
    });
  }
});
afterAll(() => t.close());

describe("tickets.list", () => {
  test("filters by status, type, priority, search, 'My Tickets Only', and sorts by priority", async () => {
    const user = await callerAs(t, DEMO.user);
    const admin = await callerAs(t, DEMO.admin);
    const a = await user.tickets.create({
      title: "Outlook crashes",
      description: "On start",
      type: "software",
      priority: "low",
    });
    const b = await user.tickets.create({
      title: "Badge reader",
      description: "Door 3 rejects my badge",
      type: "access",
      priority: "urgent",
    });
    const c = await admin.tickets.create({
      title: "Switch in rack 2",
      description: "Port 7 dead",
      type: "network",
      priority: "high",
    });
    await admin.tickets.update({ id: c.id, status: "in_progress" });

    const ids = (p: { rows: { id: number }[] }) => p.rows.map((r) => r.id);
    expect(ids(await admin.tickets.list({}))).toEqual([c.id, b.id, a.id]);
    expect(ids(await admin.tickets.list({ sort_by: "priority" }))).toEqual([b.id, c.id, a.id]);
    expect(ids(await admin.tickets.list({ status: "in_progress" }))).toEqual([c.id]);
    expect(ids(await admin.tickets.list({ type: "access" }))).toEqual([b.id]);
    expect(ids(await admin.tickets.list({ priority: "low" }))).toEqual([a.id]);
    expect(ids(await admin.tickets.list({ q: "door 3" }))).toEqual([b.id]);
    expect(ids(await admin.tickets.list({ q: `#${a.id}` }))).toEqual([a.id]);
    expect(ids(await admin.tickets.list({ mine: true }))).toEqual([c.id]);
    expect(ids(await user.tickets.list({}))).toEqual([b.id, a.id]);
    expect((await admin.tickets.list({ q: "%" })).total).toBe(0);
    // "Most urgent first" puts finished tickets last, whatever their priority; the reverse puts them first.
    await user.tickets.update({ id: b.id, status: "resolved" });
    expect(ids(await admin.tickets.list({ sort_by: "priority" }))).toEqual([c.id, a.id, b.id]);
    expect(ids(await admin.tickets.list({ sort_by: "priority", sort_dir: "asc" }))).toEqual([
      b.id,
      a.id,
      c.id,
    ]);
    await admin.tickets.update({ id: b.id, status: "open" });
  });
  test("10/25/50 per page; other sizes refused", async () => {
    const user = await callerAs(t, DEMO.user);
    for (let i = 0; i < 12; i++) await user.tickets.create({ title: `Filler ${i}`, description: "x" });
    const page2 = await user.tickets.list({ page: 2, page_size: 10 });
    expect(page2.rows.length).toBe(4);
    expect(page2.total).toBe(14);
    await expect(user.tickets.list({ page_size: 20 })).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });
  test("header counts: Open and In Progress over what the caller sees, and the caller's own", async () => {
    const user = await callerAs(t, DEMO.user);
    const admin = await callerAs(t, DEMO.admin);
    expect(await user.tickets.counts()).toEqual({ open: 14, inProgress: 0, mine: 14 });
    expect(await admin.tickets.counts()).toEqual({ open: 14, inProgress: 1, mine: 1 });
  });
  test("comment counts appear on list rows", async () => {
    const user = await callerAs(t, DEMO.user);
    const ticket = await user.tickets.create({ title: "Commented", description: "x" });
    await user.tickets.addComment({ id: ticket.id, text: "one" });
    await user.tickets.addComment({ id: ticket.id, text: "two" });
    const row = (await user.tickets.list({ q: "Commented" })).rows[0]!;
    expect(row.commentCount).toBe(2);
  });
  test("assignees are the active Admins and Owners; Users may not list them", async () => {
    expect((await (await callerAs(t, DEMO.admin)).tickets.assignees()).map((a) => a.email)).toEqual([
      DEMO.admin,
    ]);
    await expect((await callerAs(t, DEMO.user)).tickets.assignees()).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
  });
});

describe("the dashboard's Open Tasks", () => {
  test("counts the person's own Open and In Progress tickets, with a trend of those open at each day's end", async () => {
    const user = await callerAs(t, DEMO.user);
    const before = await user.dashboard.kpis();
    const old = await user.tickets.create({ title: "Old", description: "x" });
    const DAY = 86_400_000;
    await t.deps.db
      .update(tickets)
      .set({ createdAt: new Date(Date.now() - 3 * DAY) })
      .where(eq(tickets.id, old.id));
    const done = await user.tickets.create({ title: "Done", description: "x" });
    await user.tickets.update({ id: done.id, status: "resolved" });
    const after = (await user.dashboard.kpis()).openTasks;
    expect(after.value).toBe(before.openTasks.value + 1);
    expect(after.trend.length).toBe(7);
    expect(after.trend[6]).toBe(after.value);
    // Raised three days ago: open at the end of that day (index 3) and since, not the day before.
    expect(after.trend[3]! - before.openTasks.trend[3]!).toBe(1);
    expect(after.trend[2]! - before.openTasks.trend[2]!).toBe(0);
  });

  test("the same number as the IT Tickets header (Open + In Progress), for a User and for an Admin", async () => {
    const user = await callerAs(t, DEMO.user);
    const admin = await callerAs(t, DEMO.admin);
    const mine = await user.tickets.create({ title: "Mine", description: "x" });
    await admin.tickets.update({ id: mine.id, status: "in_progress" });
    const waiting = await user.tickets.create({ title: "Waiting", description: "x" });
    await admin.tickets.update({ id: waiting.id, status: "waiting" });
    // An Admin's own ticket: the Admin's count has it, the User's does not.
    await admin.tickets.create({ title: "Admin's", description: "x" });
    for (const caller of [user, admin]) {
      const header = await caller.tickets.counts();
      expect((await caller.dashboard.kpis()).openTasks.value).toBe(header.open + header.inProgress);
    }
    const userTasks = (await user.dashboard.kpis()).openTasks.value;
    const adminTasks = (await admin.dashboard.kpis()).openTasks.value;
    expect(adminTasks).toBeGreaterThan(userTasks);
  });
});
