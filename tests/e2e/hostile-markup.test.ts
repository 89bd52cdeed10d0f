import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { DEMO } from "../helpers/app";
import { type BrowserEnv, networkSettled, startBrowserEnv } from "../helpers/browser";

/**
 * Markup saved in text fields is shown as text: no dialog opens, no injected element appears, no script runs.
 * The values go in through the real API (as any client could send them) and come out through the real screens.
 */
let env: BrowserEnv;
beforeAll(async () => {
  env = await startBrowserEnv();
});
afterAll(() => env?.close());

const IMG = `<img src=x onerror="window.__pwned=1;alert('img')">`;
const SCRIPT = `<script>window.__pwned=2;alert('script')</script>`;

/** Count dialogs and watch for the payloads' side effects while the page shows the values. */
async function watched(email: string) {
  const page = await env.newPage(email);
  const dialogs: string[] = [];
  page.on("dialog", async (d) => {
    dialogs.push(d.message());
    await d.dismiss();
  });
  return { page, dialogs };
}

async function assertInert(page: Page, dialogs: string[]) {
  // An onerror handler would fire as soon as the broken image is inserted and its request fails.
  await networkSettled(page);
  expect(dialogs).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(await page.locator("img[src=x], script:not([src]):not([type])").count()).toBe(0);
}

describe("markup in saved text is rendered as text", () => {
  test("a ticket titled with <img onerror> and <script>: the list and the ticket panel show the text", async () => {
    const { page, dialogs } = await watched(DEMO.user);
    const res = await page.request.post("/api/tickets", {
      data: { title: `${IMG} printer`, description: `${SCRIPT} details` },
    });
    expect(res.status()).toBe(201);
    await page.goto("/it-tickets");
    const table = page.getByRole("table", { name: "Tickets" });
    const row = table.getByRole("row").filter({ hasText: "printer" });
    await row.getByText(IMG, { exact: false }).waitFor();
    await assertInert(page, dialogs);
    await row.getByText(IMG, { exact: false }).click();
    const panel = page.getByRole("dialog", { name: /Ticket #\d+/ });
    await panel.getByText(`${SCRIPT} details`).waitFor();
    await assertInert(page, dialogs);
  });

  // The engineer is initials in letters (refused otherwise), so the markup goes in the project.
  test("a core box whose project holds markup: the inventory shows the text", async () => {
    const { page, dialogs } = await watched(DEMO.user);
    const res = await page.request.post("/api/core-boxes", {
      data: { work_order: "6666-01", project: `${IMG} ${SCRIPT}`, engineer: "GS", island: "Oahu" },
    });
    expect(res.status()).toBe(201);
    await page.goto("/core-box-inventory?q=6666-01");
    const table = page.getByRole("table", { name: "Core boxes" });
    const row = table.getByRole("row").filter({ hasText: "6666-01" });
    await row.getByText(IMG).waitFor();
    await row.getByText(SCRIPT).waitFor();
    await assertInert(page, dialogs);
  });

  test("a binder row, a ticket comment and a personal contact holding markup: each screen shows the text", async () => {
    const { page, dialogs } = await watched(DEMO.user);
    const binder = await page.request.post("/api/reports-binder/", {
      data: { work_order: "6666-02", pdf_file: IMG, page_label: SCRIPT },
    });
    expect(binder.status()).toBeLessThan(300);
    await page.goto("/reports-binder?wo=6666-02");
    const rows = page.getByRole("table", { name: "Reports binder" }).getByRole("row");
    await rows.filter({ hasText: "6666-02" }).getByText(IMG).waitFor();
    await assertInert(page, dialogs);

    const ticket = await page.request.post("/api/tickets", {
      data: { title: "Comment markup", description: "x" },
    });
    const { id } = (await ticket.json()) as { id: number };
    const comment = await page.request.post(`/api/tickets/${id}/comments`, {
      data: { text: `${IMG} ${SCRIPT}` },
    });
    expect(comment.status()).toBe(201);
    await page.goto("/it-tickets");
    await page.getByRole("table", { name: "Tickets" }).getByText("Comment markup").click();
    await page
      .getByRole("dialog", { name: /Ticket #\d+/ })
      .getByText(`${IMG} ${SCRIPT}`)
      .waitFor();
    await assertInert(page, dialogs);

    await page.goto("/contacts");
    await page.getByRole("button", { name: "Add Contact" }).click();
    const add = page.getByRole("dialog", { name: "Add Contact" });
    await add.getByLabel("Name").fill(IMG);
    await add.getByLabel("Title").fill(SCRIPT);
    await add.getByRole("button", { name: "Save" }).click();
    await page.getByText("Contact added.").waitFor();
    await page.getByLabel("Source").selectOption("contacts");
    const people = page.getByRole("table", { name: "People" });
    await people.getByText(IMG).waitFor();
    await people.getByText(SCRIPT).waitFor();
    await assertInert(page, dialogs);
  });

  test("markup in the dashboard search (?search=) is matched as text, not inserted", async () => {
    const { page, dialogs } = await watched(DEMO.user);
    await page.goto(`/?search=${encodeURIComponent(IMG)}`);
    await page.getByRole("main").waitFor();
    await assertInert(page, dialogs);
  });
});
