import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { STORAGE_KEYS } from "@shared/dashboard";
import { addDays, format } from "date-fns";
import type { Locator, Page } from "playwright-core";
import { DEMO } from "../helpers/app";
import { type BrowserEnv, startBrowserEnv } from "../helpers/browser";
import { shots } from "../helpers/screens";
import { kapoleiWall } from "../helpers/work-order-records";

/**
 * Issue 56 in Chromium: favorites kept per person on the server (a new browser sees them, another person does
 * not), recently opened work orders on the Work Orders screen, boxes about to expire (the filter and the
 * dashboard's count), and a binder row's File and a core box opening their work order's report.
 */
let env: BrowserEnv;
const day = (n: number) => format(addDays(new Date(), n), "yyyy-MM-dd");

beforeAll(async () => {
  env = await startBrowserEnv();
  const { t } = env;
  const post = await kapoleiWall(t, {
    name: "9876-05A.Kapolei Annex.pdf",
    text: "Annex footing on dense sand.",
  });
  const binder = { work_order: "9876-05", engineer_initials: "GS", pdf_file: "9876-05 final.pdf" };
  expect((await post("/api/reports-binder", binder)).status).toBe(200);
  const box = {
    work_order: "9876-05",
    project: "Kapolei Wall",
    report_submission_date: day(-700),
    storage_expiry_date: day(12),
  };
  expect((await post("/api/core-boxes", box)).status).toBe(201);
  // A lettered work order, its letter in parentheses: the longest number beside its report icon.
  const lettered = { ...box, work_order: "9876-05(A)", storage_expiry_date: day(20) };
  expect((await post("/api/core-boxes", lettered)).status).toBe(201);
}, 120_000);
afterAll(() => env?.close());

describe("favorites follow the person", () => {
  test("a star given in one browser is there in another for the same person, not for someone else", async () => {
    const first = await env.newPage(DEMO.user);
    await first.goto("/");
    await first.getByRole("button", { name: "Add Reports Binder to favorites" }).click();
    const favorites = first.getByRole("region", { name: "Favorites" });
    await favorites.getByRole("link", { name: /Reports Binder/ }).waitFor();
    await first.context().close();

    // A new browser context: no cookies, no local storage of the first.
    const second = await env.newPage(DEMO.user);
    await second.goto("/");
    await second
      .getByRole("region", { name: "Favorites" })
      .getByRole("link", { name: /Reports Binder/ })
      .waitFor();
    const star = second.getByRole("button", { name: "Remove Reports Binder from favorites" });
    expect(await star.getAttribute("aria-pressed")).toBe("true");
    await shots(second, "pinned-favorites");
    await second.context().close();

    const other = await env.newPage(DEMO.owner);
    await other.goto("/");
    await other.getByRole("button", { name: "Add Reports Binder to favorites" }).waitFor();
    expect(
      await other
        .getByRole("region", { name: "Favorites" })
        .getByRole("link", { name: /Reports Binder/ })
        .count(),
    ).toBe(0);
    await other.context().close();
  }, 60_000);

  test("a browser's favorites from before move to the server once, and leave the browser", async () => {
    const page = await env.newPage(DEMO.admin);
    await page.goto("/contacts");
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    const old = [{ path: "/it-tickets", name: "IT Tickets", parent: "IT Administration", timestamp: 1 }];
    await page.evaluate(
      ([key, value]) => localStorage.setItem(key!, value!),
      [STORAGE_KEYS.favorites, JSON.stringify(old)],
    );
    await page.goto("/");
    await page
      .getByRole("region", { name: "Favorites" })
      .getByRole("link", { name: /IT Tickets/ })
      .waitFor();
    await page.waitForFunction((key) => localStorage.getItem(key) === null, STORAGE_KEYS.favorites);
    await page.context().close();
    const again = await env.newPage(DEMO.admin);
    await again.goto("/");
    await again
      .getByRole("region", { name: "Favorites" })
      .getByRole("link", { name: /IT Tickets/ })
      .waitFor();
    await again.context().close();
  }, 60_000);
});

describe("Work Orders: recently opened", () => {
  test("a work order page opened shows on /work-orders with its project and client", async () => {
    const page = await env.newPage(DEMO.user);
    await page.goto("/work-orders/9876-05");
    await page.getByRole("heading", { level: 1, name: "Work order 9876-05" }).waitFor();
    await page.goto("/work-orders");
    const recent = page.getByRole("list", { name: "Recently opened work orders" });
    const item = recent.getByRole("listitem").filter({ hasText: "9876-05" });
    await item.waitFor();
    expect(await item.textContent()).toContain("Kapolei Retaining Wall");
    expect(await item.textContent()).toContain("Ala Moana LLC");
    await shots(page, "work-orders-recently-opened");
    await item.getByRole("link", { name: "9876-05", exact: true }).click();
    await page.waitForURL(/\/work-orders\/9876-05$/);
    await page.context().close();
  }, 60_000);
});

describe("boxes about to expire", () => {
  test("/core-box-inventory?expires=30 opens filtered; the dashboard's count links there", async () => {
    const page = await env.newPage(DEMO.user);
    await page.goto("/");
    const count = page.getByTestId("expiring-boxes-count");
    await count.waitFor();
    const shown = Number((await count.textContent())!.replace(/,/g, ""));
    const res = await page.request.get("/api/core-boxes?expires=30&page_size=10");
    expect(shown).toBe(((await res.json()) as { total: number }).total);
    expect(shown).toBeGreaterThanOrEqual(1);
    await page.getByRole("link", { name: /expires? within 30 days/ }).click();
    await page.waitForURL(/\/core-box-inventory\?expires=30$/);
    const filter = page.getByRole("combobox", { name: "Expiry filter" });
    expect(await filter.inputValue()).toBe("30");
    const table = page.getByRole("table", { name: "Core boxes" });
    await table.getByRole("link", { name: "9876-05", exact: true }).waitFor();
    const expiries = await table.locator('td[data-label="Expiry"]').allTextContents();
    expect(expiries.length).toBe(Math.min(shown, 25));
    for (const e of expiries) expect(e >= day(0) && e <= day(30)).toBe(true);
    await shots(page, "core-boxes-expiring");
    // 90 days from the control: the URL follows.
    await filter.selectOption("90");
    await page.waitForURL(/expires=90/);
    await page.context().close();
  }, 60_000);
});

/** Clicking `link` opens a new tab on the report's original: a link that answers the PDF. */
async function expectPdfTab(page: Page, link: Locator) {
  const [tab] = await Promise.all([page.context().waitForEvent("page"), link.click()]);
  await tab.waitForURL((u) => u.protocol.startsWith("http"));
  const original = await page.request.get(tab.url());
  expect(original.headers()["content-type"]).toContain("application/pdf");
  await tab.close();
}

describe("from a record to its report", () => {
  test("a binder row's File and a core box open the work order's indexed report", async () => {
    const page = await env.newPage(DEMO.user);
    await page.goto("/reports-binder?wo=9876-05");
    const table = page.getByRole("table", { name: "Reports binder" });
    const file = table.getByRole("button", { name: "Open the report of 9876-05" });
    await file.waitFor();
    expect(await file.textContent()).toBe("9876-05 final.pdf");
    await shots(page, "binder-report-link");
    await expectPdfTab(page, file);

    await page.goto("/core-box-inventory?q=9876-05");
    const box = page.getByRole("table", { name: "Core boxes" }).getByRole("button", {
      name: "Open the report of 9876-05",
      exact: true,
    });
    await box.waitFor();
    await expectPdfTab(page, box);
    await page.context().close();
  }, 60_000);
});
