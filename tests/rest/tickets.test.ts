import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { auditLog, users } from "@server/db/schema";
import type { Ticket, TicketComment, TicketSummary } from "@shared/tickets";
import { desc } from "drizzle-orm";
import { DEMO, startTestApp, type TestApp, trpcCall } from "../helpers/app";

/**
 * The ticket REST paths and their rules, written from the issue: only the requester deletes (403 for anyone
 * else, Admins included); Users see only their own tickets (another User's is a 403); Admins/Owners see all.
 */
let t: TestApp;
const cookie: Record<"user" | "user2" | "admin" | "owner", string> = {
  user: "",
  user2: "",
  admin: "",
  owner: "",
};
const USER2 = "kai.lee@geolabs.example";

beforeAll(async () => {
  t = await startTestApp();
  await t.deps.db.insert(users).values({
    email: USER2,
    name: "Kai Lee",
    role: "User",
    source: "test",
    passwordHash: await Bun.password.hash("geolabs-demo"),
  });
  cookie.user = await t.login(DEMO.user);
  cookie.user2 = await t.login(USER2);
  cookie.admin = await t.login(DEMO.admin);
  cookie.owner = await t.login(DEMO.owner);
});
afterAll(() => t.close());

async function raise(who: keyof typeof cookie, title = "VPN will not connect") {
  const res = await t.request("/api/tickets", {
    method: "POST",
    cookie: cookie[who],
    json: {
      title,
      description: "It times out after the password prompt.",
      type: "network",
      priority: "high",
    },
  });
  expect(res.status).toBe(201);
  return (await res.json()) as Ticket;
}
const errorOf = async (res: Response) => ((await res.json()) as { error: string }).error;

describe("POST /api/tickets", () => {
  test("the requester is the signed-in user, whatever the body or X-User header says", async () => {
    const res = await t.request("/api/tickets", {
      method: "POST",
      cookie: cookie.user,
      headers: { "X-User": DEMO.owner },
      json: { title: "Mouse", description: "Broken wheel", requester: DEMO.owner, requesterName: "Someone" },
    });
    expect(res.status).toBe(201);
    const ticket = (await res.json()) as Ticket;
    expect(ticket).toMatchObject({
      requester: DEMO.user,
      requesterName: "Noah Kealoha",
      status: "open",
      type: "other",
      priority: "medium",
      assignee: null,
      comments: [],
    });
    expect(Object.keys(ticket).sort()).toEqual(
      [
        "id",
        "title",
        "description",
        "type",
        "priority",
        "status",
        "requester",
        "requesterName",
        "assignee",
        "assigneeName",
        "createdAt",
        "updatedAt",
        "comments",
      ].sort(),
    );
  });
  test("a blank or missing title or description is a 400 with a message", async () => {
    for (const [json, message] of [
      [{ title: "   ", description: "x" }, "Title is required."],
      [{ description: "x" }, "Title is required."],
      [{ title: "x", description: "\n\t " }, "Description is required."],
      [{ title: "x", description: "y", type: "printer" }, "Type must be one of"],
      [{ title: "x", description: "y", priority: "critical" }, "Priority must be one of"],
    ] as const) {
      const res = await t.request("/api/tickets", { method: "POST", cookie: cookie.user, json });
      expect(res.status).toBe(400);
      expect(await errorOf(res)).toContain(message);
    }
    const notJson = await t.request("/api/tickets", { method: "POST", cookie: cookie.user, body: "[1,2]" });
    expect(notJson.status).toBe(415);
    const notObject = await t.request("/api/tickets", {
      method: "POST",
      cookie: cookie.user,
      headers: { "content-type": "application/json" },
      body: "[1,2]",
    });
    expect(notObject.status).toBe(400);
  });
  test("signed-out callers get 401", async () => {
    const res = await t.request("/api/tickets", { method: "POST", json: { title: "a", description: "b" } });
    expect(res.status).toBe(401);
  });
});

describe("reading tickets", () => {
  test("a User cannot read another User's ticket (403); Admins and Owners can", async () => {
    const mine = await raise("user");
    expect((await t.request(`/api/tickets/${mine.id}`, { cookie: cookie.user })).status).toBe(200);
    const other = await t.request(`/api/tickets/${mine.id}`, { cookie: cookie.user2 });
    expect(other.status).toBe(403);
    expect(await errorOf(other)).toBe("You can only see and change your own tickets.");
    expect((await t.request(`/api/tickets/${mine.id}`, { cookie: cookie.admin })).status).toBe(200);
    expect((await t.request(`/api/tickets/${mine.id}`, { cookie: cookie.owner })).status).toBe(200);
  });
  test("the list shows a User only their own tickets and an Admin all of them", async () => {
    await raise("user2", "Kai's keyboard");
    const list = async (who: keyof typeof cookie, query = "") =>
      (await (await t.request(`/api/tickets${query}`, { cookie: cookie[who] })).json()) as {
        tickets: TicketSummary[];
        total: number;
        page_size: number;
      };
    const user2 = await list("user2");
    expect(user2.tickets.length).toBeGreaterThan(0);
    expect(user2.tickets.every((x) => x.requester === USER2)).toBe(true);
    const admin = await list("admin", "?page_size=50");
    expect(new Set(admin.tickets.map((x) => x.requester)).size).toBeGreaterThan(2);
    expect(admin.page_size).toBe(50);
    expect((await list("admin")).page_size).toBe(25);
  });
  test("bad ids and filters are 400s, unknown ids 404", async () => {
    expect((await t.request("/api/tickets/abc", { cookie: cookie.user })).status).toBe(400);
    expect((await t.request("/api/tickets/0", { cookie: cookie.user })).status).toBe(400);
    expect((await t.request("/api/tickets/999999", { cookie: cookie.user })).status).toBe(404);
    expect((await t.request("/api/tickets?status=done", { cookie: cookie.user })).status).toBe(400);
    expect((await t.request("/api/tickets?page_size=100", { cookie: cookie.user })).status).toBe(400);
    expect((await t.request("/api/tickets?mine=maybe", { cookie: cookie.user })).status).toBe(400);
  });
});

describe("PUT /api/tickets/{id}", () => {
  test("the requester may set any status, in any order", async () => {
    const ticket = await raise("user");
    for (const status of ["closed", "open", "waiting", "resolved", "in_progress"]) {
      const res = await t.request(`/api/tickets/${ticket.id}`, {
        method: "PUT",
        cookie: cookie.user,
        json: { status },
      });
      expect(res.status).toBe(200);
      expect(((await res.json()) as Ticket).status).toBe(status as Ticket["status"]);
    }
  });
  test("only Admins/Owners assign, to an Admin/Owner; the change is audited", async () => {
    const ticket = await raise("user");
    const byUser = await t.request(`/api/tickets/${ticket.id}`, {
      method: "PUT",
      cookie: cookie.user,
      json: { assignee: DEMO.admin },
    });
    expect(byUser.status).toBe(403);
    const refused = "Only Admins and Owners can assign tickets.";
    expect(((await byUser.json()) as { error: string }).error).toBe(refused);
    // The tRPC door refuses the same way, in the same words (the rule is checked once, in the service).
    const rpc = await trpcCall(
      t,
      cookie.user,
      "tickets.update",
      { id: ticket.id, assignee: DEMO.admin },
      "mutation",
    );
    expect([rpc.status, rpc.error?.message]).toEqual([403, refused]);
    const toUser = await t.request(`/api/tickets/${ticket.id}`, {
      method: "PUT",
      cookie: cookie.admin,
      json: { assignee: DEMO.user },
    });
    expect(toUser.status).toBe(400);
    const ok = await t.request(`/api/tickets/${ticket.id}`, {
      method: "PUT",
      cookie: cookie.admin,
      json: { assignee: DEMO.admin, status: "in_progress" },
    });
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as Ticket).assignee).toBe(DEMO.admin);
    // The assignee is named like a requester, by their name, in the list, the ticket and on the tRPC door.
    const named = { assignee: DEMO.admin, assigneeName: "Leilani Adams" };
    const list = await t.request(`/api/tickets?q=%23${ticket.id}`, { cookie: cookie.user });
    expect(((await list.json()) as { tickets: Ticket[] }).tickets[0]).toMatchObject(named);
    const one = await t.request(`/api/tickets/${ticket.id}`, { cookie: cookie.user });
    expect(await one.json()).toMatchObject(named);
    const viaRpc = await trpcCall(t, cookie.user, "tickets.byId", { id: ticket.id });
    expect(viaRpc.data).toMatchObject(named);
    // Unassigned: no name.
    expect(
      await (await t.request(`/api/tickets/${(await raise("user")).id}`, { cookie: cookie.user })).json(),
    ).toMatchObject({
      assignee: null,
      assigneeName: null,
    });
    const [entry] = await t.deps.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(entry).toMatchObject({
      actor: DEMO.admin,
      action: "ticket.assign",
      target: `ticket #${ticket.id}`,
    });
  });
  test("another User cannot edit it; blank titles are refused", async () => {
    const ticket = await raise("user");
    const other = await t.request(`/api/tickets/${ticket.id}`, {
      method: "PUT",
      cookie: cookie.user2,
      json: { status: "closed" },
    });
    expect(other.status).toBe(403);
    const blank = await t.request(`/api/tickets/${ticket.id}`, {
      method: "PUT",
      cookie: cookie.user,
      json: { title: "  " },
    });
    expect(blank.status).toBe(400);
    expect(await errorOf(blank)).toBe("Title is required.");
  });
});

describe("comments", () => {
  test("the requester and IT staff comment; blank text is a 400; another User is refused", async () => {
    const ticket = await raise("user");
    const post = (who: keyof typeof cookie, text: unknown) =>
      t.request(`/api/tickets/${ticket.id}/comments`, {
        method: "POST",
        cookie: cookie[who],
        json: { text },
      });
    const first = await post("user", "  It happens at home too. ");
    expect(first.status).toBe(201);
    expect((await first.json()) as TicketComment).toMatchObject({
      author: DEMO.user,
      text: "It happens at home too.",
    });
    expect((await post("admin", "Try the new profile.")).status).toBe(201);
    const blank = await post("user", "   ");
    expect(blank.status).toBe(400);
    expect(await errorOf(blank)).toBe("Comment text is required.");
    expect((await post("user2", "me too")).status).toBe(403);
    const full = (await (
      await t.request(`/api/tickets/${ticket.id}`, { cookie: cookie.user })
    ).json()) as Ticket;
    expect(full.comments.map((c) => [c.author, c.text])).toEqual([
      [DEMO.user, "It happens at home too."],
      [DEMO.admin, "Try the new profile."],
    ]);
    expect(Object.keys(full.comments[0]!).sort()).toEqual([
      "author",
      "authorName",
      "id",
      "text",
      "timestamp",
    ]);
  });
});

describe("DELETE /api/tickets/{id}", () => {
  test("allowed for the requester only: Admins, Owners and other Users get 403", async () => {
    const ticket = await raise("user");
    for (const who of ["user2", "admin", "owner"] as const) {
      const res = await t.request(`/api/tickets/${ticket.id}`, { method: "DELETE", cookie: cookie[who] });
      expect(res.status).toBe(403);
      expect(await errorOf(res)).toBe("Only the ticket's requester can delete it.");
    }
    const rpc = await trpcCall(t, cookie.admin, "tickets.remove", { id: ticket.id }, "mutation");
    expect(rpc.status).toBe(403);
    const res = await t.request(`/api/tickets/${ticket.id}`, { method: "DELETE", cookie: cookie.user });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id: ticket.id, deleted: true });
    expect((await t.request(`/api/tickets/${ticket.id}`, { cookie: cookie.user })).status).toBe(404);
    const [entry] = await t.deps.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(entry).toMatchObject({ actor: DEMO.user, action: "ticket.delete" });
  });
});
