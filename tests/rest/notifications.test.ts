import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { coreBoxes, notifications } from "@server/db/schema";
import { STREAMS_PER_PERSON } from "@server/domains/notifications/live";
import { raiseExpiryNotices } from "@server/domains/notifications/service";
import { type LiveNotice, liveNotices, type Notice, type NoticePage } from "@shared/notifications";
import { eq } from "drizzle-orm";
import { DEMO, startTestApp, type TestApp, trpcCall } from "../helpers/app";
import { processFile } from "../helpers/documents";
import { corruptPdf, textPdf } from "../helpers/pdfs";
import { bulkIndex } from "../helpers/reports";
import { startSmtp } from "../helpers/smtp";

/**
 * The header bell's notices, written from issue 56: a reply, a status or an assignee change on a ticket tells its
 * requester and assignee (never the person who made it); an indexing job tells whoever started it how it ended;
 * Admins and Owners get one list of expiring boxes a day. Only the recipient reads or marks a notice, at both
 * doors. With SMTP_URL the same notices arrive at a mail server this test runs on loopback.
 */
let t: TestApp;
const cookie = { user: "", admin: "", owner: "" };

beforeAll(async () => {
  t = await startTestApp();
  cookie.user = await t.login(DEMO.user);
  cookie.admin = await t.login(DEMO.admin);
  cookie.owner = await t.login(DEMO.owner);
});
afterAll(() => t.close());

type Who = keyof typeof cookie;
const restList = async (who: Who) =>
  (await (await t.request("/api/notifications", { cookie: cookie[who] })).json()) as {
    notifications: Notice[];
    unread: number;
    total: number;
  };
const trpcList = async (who: Who) =>
  (await trpcCall(t, cookie[who], "notifications.list", {})).data as NoticePage;
const newest = async (who: Who) => (await restList(who)).notifications[0];

async function raiseTicket(who: Who, title: string) {
  const res = await t.request("/api/tickets", {
    method: "POST",
    cookie: cookie[who],
    json: { title, description: "Made by the notifications test." },
  });
  return ((await res.json()) as { id: number }).id;
}
const reply = (who: Who, id: number, text: string) =>
  t.request(`/api/tickets/${id}/comments`, { method: "POST", cookie: cookie[who], json: { text } });

describe("ticket events", () => {
  test("a reply over REST tells the requester, not the person replying", async () => {
    const id = await raiseTicket("user", "Plotter jams on A1 paper");
    const before = await restList("admin");
    expect((await reply("admin", id, "Try the manual feed tray.")).status).toBe(201);
    const got = await newest("user");
    expect(got).toMatchObject({
      kind: "ticket",
      link: `/it-tickets?ticket=${id}`,
      read: false,
      body: "Plotter jams on A1 paper: Try the manual feed tray.",
    });
    expect(got!.title).toMatch(new RegExp(`replied on ticket #${id}$`));
    expect((await restList("admin")).total).toBe(before.total);
  });

  test("a status and assignee change over tRPC tells the requester and the new assignee, not the changer", async () => {
    const id = await raiseTicket("user", "Laptop battery swells");
    const ownerBefore = (await restList("owner")).total;
    const r = await trpcCall(
      t,
      cookie.owner,
      "tickets.update",
      { id, status: "in_progress", assignee: DEMO.admin },
      "mutation",
    );
    expect(r.status).toBe(200);
    const forUser = (await trpcList("user")).rows[0]!;
    expect(forUser.title).toMatch(new RegExp(`^Ticket #${id} is now In Progress and assigned to `));
    expect(forUser.link).toBe(`/it-tickets?ticket=${id}`);
    expect((await trpcList("admin")).rows[0]!.title).toBe(forUser.title);
    expect((await restList("owner")).total).toBe(ownerBefore);

    // The requester's reply over tRPC now reaches the assignee; a title edit alone tells nobody.
    await trpcCall(t, cookie.user, "tickets.addComment", { id, text: "It is getting warm." }, "mutation");
    expect((await newest("admin"))!.body).toBe("Laptop battery swells: It is getting warm.");
    const userTotal = (await restList("user")).total;
    await trpcCall(t, cookie.owner, "tickets.update", { id, title: "Laptop battery swelling" }, "mutation");
    expect((await restList("user")).total).toBe(userTotal);
  });
});

describe("read state, and only the recipient", () => {
  test("marking one read lowers the count; another person is refused at both doors", async () => {
    const id = await raiseTicket("user", "Monitor flickers");
    await reply("admin", id, "Swapping the cable.");
    const notice = (await newest("user"))!;
    const { unread } = await restList("user");

    const rest = await t.request(`/api/notifications/${notice.id}/read`, {
      method: "POST",
      cookie: cookie.admin,
    });
    expect(rest.status).toBe(403);
    expect(((await rest.json()) as { error: string }).error).toBe(
      "You can only see and mark your own notices.",
    );
    const trpc = await trpcCall(t, cookie.admin, "notifications.markRead", { id: notice.id }, "mutation");
    expect(trpc.status).toBe(403);
    expect(trpc.error?.message).toBe("You can only see and mark your own notices.");
    // Another person's list never holds it.
    expect((await restList("admin")).notifications.map((n) => n.id)).not.toContain(notice.id);

    const mine = await t.request(`/api/notifications/${notice.id}/read`, {
      method: "POST",
      cookie: cookie.user,
    });
    expect(await mine.json()).toEqual({ id: notice.id, read: true, unread: unread - 1 });
    expect((await restList("user")).notifications.find((n) => n.id === notice.id)?.read).toBe(true);
    const count = await t.request("/api/notifications/unread", { cookie: cookie.user });
    expect(await count.json()).toEqual({ unread: unread - 1 });
    expect(
      (await t.request("/api/notifications/999999/read", { method: "POST", cookie: cookie.user })).status,
    ).toBe(404);
  });

  test("mark all read over tRPC and REST empties the count", async () => {
    const id = await raiseTicket("user", "Keyboard missing keys");
    await reply("owner", id, "New one on your desk.");
    expect((await trpcCall(t, cookie.user, "notifications.unread")).data).toMatchObject({
      unread: expect.any(Number),
    });
    const r = await trpcCall(t, cookie.user, "notifications.markAllRead", undefined, "mutation");
    expect((r.data as { marked: number }).marked).toBeGreaterThan(0);
    expect((await restList("user")).unread).toBe(0);
    await reply("owner", id, "And a mouse.");
    expect((await restList("user")).unread).toBe(1);
    const all = await t.request("/api/notifications/read-all", { method: "POST", cookie: cookie.user });
    expect(await all.json()).toEqual({ marked: 1, unread: 0 });
  });

  test("signed out: 401", async () => {
    expect((await t.request("/api/notifications")).status).toBe(401);
    expect((await trpcCall(t, undefined, "notifications.unread")).status).toBe(401);
  });
});

describe("indexing jobs", () => {
  test("the person who started a job hears it finished, and why one failed", async () => {
    const ok = await processFile(
      t,
      cookie.admin,
      { db_name: "notices.db", action: "new", mode: "default" },
      { name: "Site-Safety.pdf", content: await textPdf(["Hard hats on every drill site."]) },
    );
    expect(ok.status).toBe(200);
    // Only the job notices: the job runner's first turn may also raise today's expiry list for Admins.
    const jobs = async () => (await trpcList("admin")).rows.filter((n) => n.kind === "job");
    const done = (await jobs())[0]!;
    expect(done).toMatchObject({ kind: "job", title: "Site-Safety.pdf is indexed", link: "/db-admin" });

    const bad = await processFile(
      t,
      cookie.admin,
      { db_name: "notices.db" },
      { name: "broken.pdf", content: corruptPdf() },
    );
    expect(bad.status).toBe(422);
    const failed = (await jobs())[0]!;
    expect(failed).toMatchObject({ kind: "job", title: "Indexing broken.pdf failed", body: bad.body.error });
  });

  test("a report indexed from the Reports Indexer leads back to it", async () => {
    const name = "4412-07A.Hale Street Retaining Wall.pdf";
    const r = await bulkIndex(t, cookie.owner, [
      { name, content: await textPdf(["Wall footing on basalt."]) },
    ]);
    expect(r.body).toMatchObject({ indexed: 1 });
    const got = (await trpcList("owner")).rows.find((n) => n.kind === "job")!;
    expect(got).toMatchObject({ kind: "job", title: `${name} is indexed`, link: "/reports" });
    // Nobody else hears of it.
    expect((await restList("admin")).notifications.some((n) => n.title.includes("Hale Street"))).toBe(false);
  });
});

describe("the daily expiry notice", () => {
  const DAY = new Date(2091, 0, 10, 9);
  const NEXT_DAY = new Date(2091, 0, 11, 9);
  beforeAll(async () => {
    const box = (workOrder: string, expiry: string) => ({
      workOrder,
      storageExpiryDate: expiry,
      createdBy: "test",
      updatedBy: "test",
    });
    await t.deps.db
      .insert(coreBoxes)
      .values([box("9901-01", "2091-01-20"), box("9902-01", "2091-02-05"), box("9903-01", "2091-06-01")]);
  });

  test("Admins and Owners get one list a day, however often and from however many instances it is raised", async () => {
    const [a, b] = await Promise.all([raiseExpiryNotices(t.deps, DAY), raiseExpiryNotices(t.deps, DAY)]);
    expect(await raiseExpiryNotices(t.deps, DAY)).toEqual([]);
    expect(a.length + b.length).toBeGreaterThanOrEqual(3);
    const rows = await t.deps.db
      .select()
      .from(notifications)
      .where(eq(notifications.dedupeKey, "expiry:2091-01-10"));
    const recipients = rows.map((r) => r.recipient);
    expect(new Set(recipients).size).toBe(recipients.length);
    expect(recipients).toEqual(expect.arrayContaining([DEMO.admin, DEMO.owner, DEMO.superOwner]));
    expect(recipients).not.toContain(DEMO.user);

    const notice = (await newest("admin"))!;
    expect(notice).toMatchObject({
      kind: "expiry",
      title: "2 core boxes expire within 30 days",
      body: "9901-01 (2091-01-20), 9902-01 (2091-02-05).",
      link: "/core-box-inventory?expires=30",
    });
    expect((await trpcList("user")).rows.some((n) => n.kind === "expiry")).toBe(false);
    // The next day is a new notice.
    expect((await raiseExpiryNotices(t.deps, NEXT_DAY)).length).toBe(recipients.length);
  });
});

describe("live stream", () => {
  test("sends the unread count, then a notice raised after it opened", async () => {
    const res = await t.request("/api/notifications/stream", { cookie: cookie.user });
    expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const events = liveNotices(res.body!);
    const first = await events.next();
    expect(first.value).toMatchObject({ type: "unread" });
    const id = await raiseTicket("user", "Docking station dead");
    await reply("admin", id, "Replacing it today.");
    const next = (await events.next()).value as Extract<LiveNotice, { type: "notice" }>;
    expect(next.type).toBe("notice");
    expect(next.notice.link).toBe(`/it-tickets?ticket=${id}`);
    expect(next.unread).toBe((first.value as { unread: number }).unread + 1);
    await events.return(undefined);
  });
});

describe("bounded streams", () => {
  test(`a person's ${STREAMS_PER_PERSON + 1}th stream ends their oldest`, async () => {
    const open = async () => {
      const res = await t.request("/api/notifications/stream", { cookie: cookie.owner });
      const events = liveNotices(res.body!);
      expect((await events.next()).value).toMatchObject({ type: "unread" });
      return events;
    };
    const streams = [];
    for (let i = 0; i < STREAMS_PER_PERSON; i++) streams.push(await open());
    const newest = await open();
    expect((await streams[0]!.next()).done).toBe(true);
    // The others stay open: each still hears a new notice.
    const id = await raiseTicket("owner", "Projector bulb");
    await reply("admin", id, "Bulb ordered.");
    for (const s of [...streams.slice(1), newest])
      expect((await s.next()).value).toMatchObject({ type: "notice" });
    for (const s of [...streams, newest]) await s.return(undefined);
  });
});

describe("e-mail", () => {
  test("with SMTP_URL each notice arrives at the mail server and is marked e-mailed; without it none is sent", async () => {
    const smtp = await startSmtp();
    const mailing = await startTestApp({ SMTP_URL: smtp.url, SMTP_FROM: "Portal <portal@geolabs.example>" });
    try {
      const [u, a] = [await mailing.login(DEMO.user), await mailing.login(DEMO.admin)];
      const made = await mailing.request("/api/tickets", {
        method: "POST",
        cookie: u,
        json: { title: "Printer offline", description: "Second floor." },
      });
      const { id } = (await made.json()) as { id: number };
      const res = await mailing.request(`/api/tickets/${id}/comments`, {
        method: "POST",
        cookie: a,
        json: { text: "Rebooted it." },
      });
      expect(res.status).toBe(201);
      const mail = await smtp.next();
      expect(mail.from).toBe("portal@geolabs.example");
      expect(mail.to).toEqual([DEMO.user]);
      expect(mail.headers).toMatch(/^Subject: .*replied on ticket #\d+$/m);
      expect(mail.text).toContain("Printer offline: Rebooted it.");
      expect(mail.text).toContain(`/it-tickets?ticket=${id}`);
      const emailed = async () =>
        (await mailing.deps.db.select().from(notifications).where(eq(notifications.recipient, DEMO.user)))[0]
          ?.emailedAt;
      for (let i = 0; i < 50 && !(await emailed()); i++) await Bun.sleep(20);
      expect(await emailed()).toBeInstanceOf(Date);
    } finally {
      await mailing.close();
      smtp.close();
    }
    // The main test app has no SMTP_URL: its notices were never claimed for sending.
    const sent = await t.deps.db.select().from(notifications);
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.every((n) => n.emailedAt === null)).toBe(true);
  });

  test("a mail server that refuses delays and breaks nothing; the notice stays unsent", async () => {
    const smtp = await startSmtp({ refuseRecipients: true });
    const mailing = await startTestApp({ SMTP_URL: smtp.url });
    try {
      const [u, a] = [await mailing.login(DEMO.user), await mailing.login(DEMO.admin)];
      const made = await mailing.request("/api/tickets", {
        method: "POST",
        cookie: u,
        json: { title: "Scanner", description: "Jams." },
      });
      const { id } = (await made.json()) as { id: number };
      const res = await mailing.request(`/api/tickets/${id}/comments`, {
        method: "POST",
        cookie: a,
        json: { text: "On it." },
      });
      expect(res.status).toBe(201);
      await smtp.refused();
      await Bun.sleep(50);
      const [row] = await mailing.deps.db
        .select()
        .from(notifications)
        .where(eq(notifications.recipient, DEMO.user));
      expect(row!.emailedAt).toBeNull();
    } finally {
      await mailing.close();
      smtp.close();
    }
  });
});
