import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { DEMO } from "../helpers/app";
import { type BrowserEnv, eventually, startBrowserEnv } from "../helpers/browser";
import { shots } from "../helpers/screens";

let env: BrowserEnv;
beforeAll(async () => {
  env = await startBrowserEnv();
});
afterAll(() => env?.close());

/** Another person's reply, made at the REST door as that person (the page never asks for it). */
async function replyAs(email: string, ticket: number, text: string) {
  const cookie = await env.t.login(email);
  const res = await env.t.request(`/api/tickets/${ticket}/comments`, {
    method: "POST",
    cookie,
    json: { text },
  });
  expect(res.status).toBe(201);
}

describe("the header bell", () => {
  test("its count rises when another person replies to my ticket; a notice opens the ticket and is read", async () => {
    const mine = await env.t.login(DEMO.user);
    const made = await env.t.request("/api/tickets", {
      method: "POST",
      cookie: mine,
      json: { title: "Wi-Fi drops in the core shed", description: "Every afternoon around three." },
    });
    const { id } = (await made.json()) as { id: number };

    const page = await env.newPage(DEMO.user);
    await page.goto("/");
    // By its label rather than its role: a modal dialog (the ticket) hides the header from the accessibility tree.
    const bell = page.locator('header button[aria-label^="Notifications"]');
    await bell.waitFor();
    expect(await bell.getAttribute("aria-label")).toBe("Notifications");

    // Live: no reload, no click; the stream brings it well within 5 s.
    await replyAs(DEMO.admin, id, "A new access point goes in on Friday.");
    await eventually(() => bell.getAttribute("aria-label"), "Notifications, 1 unread", 5000);
    expect(await page.getByTestId("unread-badge").textContent()).toBe("1");

    await bell.click();
    const menu = page.getByRole("menu");
    const item = menu.getByRole("menuitem", { name: new RegExp(`replied on ticket #${id}`) });
    await item.waitFor();
    await menu.getByText("Wi-Fi drops in the core shed: A new access point goes in on Friday.").waitFor();
    await shots(page, "notifications-bell");

    // Escape closes it and gives the focus back to the bell.
    await page.keyboard.press("Escape");
    await menu.waitFor({ state: "hidden" });
    expect(await bell.evaluate((el) => el === document.activeElement)).toBe(true);

    // Opening a notice goes to its place and marks it read.
    await bell.click();
    await item.click();
    await page.waitForURL(new RegExp(`/it-tickets\\?ticket=${id}$`));
    await page.getByRole("dialog", { name: new RegExp(`Ticket #${id}`) }).waitFor();
    await eventually(() => bell.getAttribute("aria-label"), "Notifications");

    // Two more, then Mark all read empties the count: "No new alerts".
    await replyAs(DEMO.owner, id, "Cable run is booked.");
    await replyAs(DEMO.admin, id, "Access point is in.");
    await eventually(() => bell.getAttribute("aria-label"), "Notifications, 2 unread", 5000);
    await page.keyboard.press("Escape");
    await bell.click();
    await page.getByRole("menuitem", { name: "Mark all read" }).click();
    await page.getByRole("menu").getByText("No new alerts").waitFor();
    await eventually(() => bell.getAttribute("aria-label"), "Notifications");
    await page.context().close();
  });

  test("without the live stream (a proxy that drops it) the count still arrives by the 30 s poll", async () => {
    const mine = await env.t.login(DEMO.user);
    const made = await env.t.request("/api/tickets", {
      method: "POST",
      cookie: mine,
      json: { title: "Badge reader at the lab door", description: "Blinks red." },
    });
    const { id } = (await made.json()) as { id: number };
    const page = await env.newPage(DEMO.user);
    await page.route("**/api/notifications/stream", (route) => route.abort());
    await page.goto("/");
    const bell = page.locator('header button[aria-label^="Notifications"]');
    await bell.waitFor();
    const before = (await bell.getAttribute("aria-label")) ?? "";
    const count = Number(/(\d+) unread/.exec(before)?.[1] ?? 0);
    await replyAs(DEMO.admin, id, "New reader arrives Monday.");
    await eventually(() => bell.getAttribute("aria-label"), `Notifications, ${count + 1} unread`, 32_000);
    await page.context().close();
  }, 60_000);
});
