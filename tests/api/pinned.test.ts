import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { projects } from "@server/db/schema";
import { FAVORITES_LIMIT, PINNED_TEXTS, RECENTS_LIMIT, WORK_ORDERS_LIMIT } from "@shared/pinned";
import { workOrderKey } from "@shared/work-orders";
import { DEMO, startTestApp, type TestApp, trpcCall } from "../helpers/app";
import { callerAs } from "../helpers/caller";

/** Favorites, Recently Used and recently opened work orders, kept per person on the server (tRPC `pinned`). */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  await t.deps.db.insert(projects).values({
    workOrder: "7345-02",
    woKey: workOrderKey("7345-02"),
    client: "Makai Holdings",
    project: "Hilo Pier Borings",
    pr: "PR-9",
    date: "2025-02-03",
    principalEngineer: "K. Ito",
  });
});
afterAll(() => t.close());

const paths = (pages: { path: string }[]) => pages.map((p) => p.path);

describe("each person's own lists", () => {
  test("a star follows the person to a new session, and only that person", async () => {
    const user = await callerAs(t, DEMO.user);
    const starred = await user.pinned.toggleFavorite({ path: "/contacts" });
    expect(starred.favorite).toBe(true);
    expect(starred.favorites).toMatchObject([
      { path: "/contacts", name: "Directory", parent: "People & Admin" },
    ]);
    // Signed in again (a new session cookie, another browser): the star is there.
    const cookie = await t.login(DEMO.user);
    const again = await trpcCall(t, cookie, "pinned.list");
    expect(paths((again.data as { favorites: { path: string }[] }).favorites)).toEqual(["/contacts"]);
    // Another person's lists do not hold it.
    const admin = await callerAs(t, DEMO.admin);
    expect(paths((await admin.pinned.list()).favorites)).not.toContain("/contacts");
    // Unstarred: gone.
    expect((await user.pinned.toggleFavorite({ path: "/contacts" })).favorites).toEqual([]);
  });

  test("the owner comes from the session: a body naming another person changes the caller's lists", async () => {
    const userCookie = await t.login(DEMO.user);
    const res = await trpcCall(
      t,
      userCookie,
      "pinned.toggleFavorite",
      { path: "/reports", owner: DEMO.owner, email: DEMO.owner },
      "mutation",
    );
    expect(res.status).toBe(200);
    const owner = await callerAs(t, DEMO.owner);
    expect(paths((await owner.pinned.list()).favorites)).not.toContain("/reports");
    const user = await callerAs(t, DEMO.user);
    expect(paths((await user.pinned.list()).favorites)).toContain("/reports");
    await user.pinned.toggleFavorite({ path: "/reports" });
  });

  test("signed out: 401", async () => {
    expect((await trpcCall(t, undefined, "pinned.list")).status).toBe(401);
    expect((await trpcCall(t, undefined, "pinned.visit", { path: "/reports" }, "mutation")).status).toBe(401);
  });
});

describe("paths", () => {
  test("only the portal's screens and work order pages, refused with a sentence otherwise", async () => {
    const cookie = await t.login(DEMO.user);
    for (const path of [
      "/nope",
      "https://evil.example/",
      "/work-orders/abc",
      "//evil.example",
      "",
      "/ask-ai/x",
    ]) {
      const res = await trpcCall(t, cookie, "pinned.toggleFavorite", { path }, "mutation");
      expect({ path, status: res.status, error: res.error?.message }).toEqual({
        path,
        status: 400,
        error: PINNED_TEXTS.unknownPath,
      });
    }
    const long = await trpcCall(t, cookie, "pinned.visit", { path: `/${"a".repeat(5000)}` }, "mutation");
    expect(long.status).toBe(400);
  });

  test("a work order page is kept in one spelling, named by its work order", async () => {
    const user = await callerAs(t, DEMO.user);
    const lists = await user.pinned.visit({ path: "/work-orders/w.o.%204321-07a" });
    expect(lists.recents[0]).toMatchObject({
      path: "/work-orders/4321-07A",
      name: "W.O. 4321-07A",
      parent: "Work Orders",
    });
  });
});

describe("bounds", () => {
  test(`Recently Used keeps the ${RECENTS_LIMIT} newest, newest first, one entry per page; the dashboard is not one`, async () => {
    const user = await callerAs(t, DEMO.admin);
    const screens = ["/ask-ai", "/db-viewer", "/work-orders", "/core-box-inventory", "/ocr-lookup"];
    const more = ["/s3-viewer", "/reports", "/reports-binder", "/contacts", "/it-tickets"];
    for (const path of [...screens, ...more, "/ask-ai", "/"]) await user.pinned.visit({ path });
    const { recents } = await user.pinned.list();
    expect(paths(recents)).toEqual([
      "/ask-ai",
      "/it-tickets",
      "/contacts",
      "/reports-binder",
      "/reports",
      "/s3-viewer",
      "/ocr-lookup",
      "/core-box-inventory",
    ]);
  });

  test(`recently opened work orders keep the ${WORK_ORDERS_LIMIT} newest, apart from Recently Used`, async () => {
    const owner = await callerAs(t, DEMO.owner);
    for (let i = 1; i <= WORK_ORDERS_LIMIT + 3; i++)
      await owner.pinned.visit({ path: `/work-orders/7345-${String(i).padStart(2, "0")}` });
    for (const path of ["/reports", "/contacts"]) await owner.pinned.visit({ path });
    const { work_orders } = await owner.pinned.workOrders();
    expect(work_orders.length).toBe(WORK_ORDERS_LIMIT);
    expect(work_orders[0]!.work_order).toBe(`7345-${WORK_ORDERS_LIMIT + 3}`);
    expect(work_orders.at(-1)!.work_order).toBe("7345-04");
    // Its register line: client and project; a number the register lacks says so.
    const known = work_orders.find((w) => w.work_order === "7345-02");
    expect(known).toBeUndefined();
    await owner.pinned.visit({ path: "/work-orders/7345-02" });
    const first = (await owner.pinned.workOrders()).work_orders[0]!;
    expect(first).toMatchObject({
      work_order: "7345-02",
      path: "/work-orders/7345-02",
      client: "Makai Holdings",
      project: "Hilo Pier Borings",
      in_register: true,
    });
    const unknown = (await owner.pinned.workOrders()).work_orders[1]!;
    expect(unknown).toMatchObject({ client: "", project: "", in_register: false });
  });

  test(`favorites stop at ${FAVORITES_LIMIT}: the next star is refused saying so`, async () => {
    const su = await callerAs(t, DEMO.superOwner);
    for (let i = 0; i < FAVORITES_LIMIT; i++)
      await su.pinned.toggleFavorite({ path: `/work-orders/6000-${String(i + 10).padStart(3, "0")}` });
    await expect(su.pinned.toggleFavorite({ path: "/contacts" })).rejects.toMatchObject({
      code: "CONFLICT",
      message: PINNED_TEXTS.favoritesFull,
    });
    expect((await su.pinned.list()).favorites.length).toBe(FAVORITES_LIMIT);
    // Unstarring one makes room.
    await su.pinned.toggleFavorite({ path: "/work-orders/6000-010" });
    expect((await su.pinned.toggleFavorite({ path: "/contacts" })).favorite).toBe(true);
  });
});

describe("pages a person may not open", () => {
  test("a User's visit to an admin screen is not recorded, and a User cannot list one", async () => {
    const user = await callerAs(t, DEMO.user);
    await user.pinned.visit({ path: "/admin" });
    await user.pinned.toggleFavorite({ path: "/db-admin" });
    const lists = await user.pinned.list();
    expect(paths(lists.recents)).not.toContain("/admin");
    expect(paths(lists.favorites)).not.toContain("/db-admin");
    await user.pinned.toggleFavorite({ path: "/db-admin" });
    const admin = await callerAs(t, DEMO.admin);
    expect(paths((await admin.pinned.visit({ path: "/admin" })).recents)[0]).toBe("/admin");
  });
});

describe("a browser's old lists, imported once", () => {
  test("known pages merge in, unknown and admin-only ones are dropped, the caps hold", async () => {
    await t.deps.db.insert(projects).values({
      workOrder: "7345-90",
      woKey: workOrderKey("7345-90"),
      client: "C",
      project: "P",
      pr: "",
      date: "",
      principalEngineer: "",
    });
    const cookie = await t.login(DEMO.user);
    const old = {
      favorites: [{ path: "/ask-ai" }, { path: "/nowhere" }, { path: "/admin" }, { path: "/reports-binder" }],
      recents: [
        { path: "/work-orders/7345-90", timestamp: 5 },
        { path: "/it-terminated", timestamp: 4 },
        { path: "javascript:alert(1)", timestamp: 3 },
      ],
    };
    const res = await trpcCall(t, cookie, "pinned.importOld", old, "mutation");
    expect(res.status).toBe(200);
    const user = await callerAs(t, DEMO.user);
    const lists = await user.pinned.list();
    expect(paths(lists.favorites)).toEqual(["/ask-ai", "/reports-binder"]);
    expect(paths(lists.recents)).toContain("/work-orders/7345-90");
    expect(paths(lists.recents)).not.toContain("/it-terminated");
    expect((await user.pinned.workOrders()).work_orders.map((w) => w.work_order)).toContain("7345-90");
    // Sent twice (two tabs): nothing doubles.
    await trpcCall(t, cookie, "pinned.importOld", old, "mutation");
    expect(paths((await user.pinned.list()).favorites)).toEqual(["/ask-ai", "/reports-binder"]);
    const tooMany = { favorites: Array.from({ length: 101 }, () => ({ path: "/ask-ai" })), recents: [] };
    expect((await trpcCall(t, cookie, "pinned.importOld", tooMany, "mutation")).status).toBe(400);
  });
});
