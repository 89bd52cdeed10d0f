import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { projects } from "@server/db/schema";
import { workOrderKey } from "@shared/work-orders";
import type { Page } from "playwright-core";
import { DEMO } from "../helpers/app";
import { type BrowserEnv, startBrowserEnv } from "../helpers/browser";
import { textPdf } from "../helpers/pdfs";
import { bulkIndex } from "../helpers/reports";
import { SHOTS, shots, toScheme } from "../helpers/screens";

/**
 * The one search in Chromium: suggestions under the header box as you type (grouped, keyboard throughout),
 * "See all results" on /search, the dashboard's box, and the Work Orders finder. Invented material only.
 */
let env: BrowserEnv;

const line = (workOrder: string, client: string, project: string) => ({
  workOrder,
  woKey: workOrderKey(workOrder),
  client,
  project,
  pr: "PR-4",
  date: "2025-03-03",
  principalEngineer: "Q. Vantreel",
});

beforeAll(async () => {
  env = await startBrowserEnv();
  const { t } = env;
  await t.deps.db
    .insert(projects)
    .values([
      line("7391-01", "Zorvath Holdings", "Quillmere Reservoir Dam"),
      line("7391-02(A)", "Zorvath Holdings", "Quillmere Spillway"),
      line("7392-01", "Brannock Ohana Trust", "Pelliwick Bridge Retrofit"),
    ]);
  const admin = await t.login(DEMO.admin);
  const indexed = await bulkIndex(t, admin, [
    { name: "7391-01.Quillmere Dam.pdf", content: await textPdf(["Quillmere groundwater met at 14 ft."]) },
  ]);
  expect(indexed.body.indexed).toBe(1);
  const post = (path: string, json: unknown) => t.request(path, { method: "POST", json, cookie: admin });
  expect(
    (await post("/api/core-boxes", { work_order: "7391-01", project: "Quillmere Reservoir Dam" })).status,
  ).toBe(201);
}, 120_000);
afterAll(() => env?.close());

const isFocused = (page: Page, name: string) =>
  page.getByRole("heading", { level: 1, name }).evaluate((el) => el === document.activeElement);

describe("the header search", () => {
  test("suggests results as you type, grouped; Enter opens the first and focus lands on its heading", async () => {
    const page = await env.newPage(DEMO.user);
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.goto("/");
    await page.getByRole("heading", { level: 1 }).waitFor();
    await page.keyboard.press("/");
    const box = page.getByRole("search").getByRole("combobox");
    await box.fill("quillmere");
    const list = page.getByRole("listbox", { name: "Suggestions" });
    await list.getByText("Work orders · 2").waitFor();
    await list.getByText("Core boxes · 1").waitFor();
    const offers = list.getByRole("option");
    // Names find the newest register lines first.
    expect(await offers.first().textContent()).toContain("7391-02(A)");
    expect(await offers.last().textContent()).toBe("See all results for “quillmere”");
    mkdirSync(SHOTS, { recursive: true });
    for (const scheme of ["light", "dark"] as const) {
      await toScheme(page, scheme);
      // The colours fade over a moment: shoot once they have settled.
      await page.waitForTimeout(400);
      await page.screenshot({ path: join(SHOTS, `search-suggestions-${scheme}.png`) });
    }
    await toScheme(page, "light");
    // Down and back up again, then Enter: the first result, its page, and focus on its heading.
    await box.press("ArrowDown");
    expect(await offers.nth(1).getAttribute("aria-selected")).toBe("true");
    await box.press("ArrowUp");
    await box.press("Enter");
    await page.waitForURL(/\/work-orders\/7391-02A$/);
    await page.getByRole("heading", { level: 1, name: "Work order 7391-02A" }).waitFor();
    await page.waitForFunction(() => document.activeElement?.tagName === "H1");
    expect(await isFocused(page, "Work order 7391-02A")).toBe(true);

    // Escape clears, then closes; "See all results" is the last offer, one ArrowUp away.
    await page.keyboard.press("/");
    await box.fill("zorvath");
    await list.getByText("Work orders · 2").waitFor();
    await box.press("ArrowUp");
    await box.press("Enter");
    await page.waitForURL(/\/search\?q=zorvath/);
    await page.getByRole("heading", { level: 1, name: "Search" }).waitFor();
    await page.getByRole("heading", { level: 2, name: /Work orders/ }).waitFor();
    await page.context().close();
  }, 60_000);

  test("on a phone the box opens over the header and suggests the same", async () => {
    const page = await env.newPage(DEMO.user);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/");
    await page.getByRole("heading", { level: 1 }).waitFor();
    await page.getByRole("button", { name: "Search the portal" }).click();
    const box = page.getByRole("search").getByRole("combobox");
    await box.fill("pelliwick");
    const list = page.getByRole("listbox", { name: "Suggestions" });
    await list.getByText("7392-01").waitFor();
    await page.screenshot({ path: join(SHOTS, "search-suggestions-390.png") });
    const widths = await page.evaluate(() => [document.documentElement.scrollWidth, innerWidth]);
    expect(widths[0]).toBeLessThanOrEqual(widths[1]!);
    await box.press("Escape");
    expect(await box.inputValue()).toBe("");
    await page.context().close();
  }, 60_000);
});

describe("/search", () => {
  test("lists every group with its count and links on to its place", async () => {
    const page = await env.newPage(DEMO.user);
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.goto("/search?q=quillmere");
    const groups = page.locator("section[data-kind]");
    await page.getByRole("heading", { level: 2, name: /Reports/ }).waitFor();
    expect(await groups.evaluateAll((els) => els.map((e) => e.getAttribute("data-kind")))).toEqual([
      "work_orders",
      "reports",
      "core_boxes",
    ]);
    await page.getByText(/results for “quillmere” in 3 groups/).waitFor();
    await shots(page, "search-page");
    // The report found by its file name opens the Indexed Files list filtered to it.
    await page.locator('section[data-kind="reports"] a[href*="file_q="]').click();
    await page.waitForURL(/\/reports\?/);
    expect(new URL(page.url()).searchParams.get("file_q")).toBe("7391-01.Quillmere Dam.pdf");

    await page.goto("/search?q=zzqxvn");
    await page.getByText("No results for “zzqxvn”").waitFor();
    await page.context().close();
  }, 60_000);
});

describe("the dashboard's box", () => {
  test("finds across the portal too, with See all results", async () => {
    const page = await env.newPage(DEMO.user);
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.goto("/");
    await page.getByRole("searchbox", { name: "Search the dashboard" }).fill("groundwater");
    const portal = page.getByRole("region", { name: "Across the portal" });
    await portal.getByRole("link", { name: /7391-01\.Quillmere Dam\.pdf/ }).waitFor();
    expect(await page.getByText("No results found").count()).toBe(0);
    await shots(page, "dashboard-search");
    await portal.getByRole("link", { name: "See all results" }).click();
    await page.waitForURL(/\/search\?q=groundwater/);
    await page.context().close();
  }, 60_000);
});

describe("the Work Orders finder", () => {
  test("lists the register's lines as you type by number, client or project, and opens one", async () => {
    const page = await env.newPage(DEMO.user);
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.goto("/work-orders");
    const field = page.getByRole("searchbox", { name: "Work order, client or project" });
    await field.fill("7391");
    const found = page.getByRole("list", { name: "Work orders found" });
    await found.getByRole("link", { name: /7391-02\(A\)/ }).waitFor();
    expect(await found.getByRole("link").allInnerTexts()).toEqual([
      expect.stringMatching(/^7391-01\s+Zorvath Holdings · Quillmere Reservoir Dam$/),
      expect.stringMatching(/^7391-02\(A\)\s+Zorvath Holdings · Quillmere Spillway$/),
    ]);
    await field.fill("pelliwick");
    await found.getByRole("link", { name: /7392-01/ }).waitFor();
    expect(await found.getByRole("link").count()).toBe(1);
    await page.waitForURL(/\?q=pelliwick/);
    await shots(page, "work-orders-finder");
    // Down into the list, Enter opens the line's page.
    await field.press("ArrowDown");
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/work-orders\/7392-01$/);
    await page.getByRole("heading", { level: 1, name: "Work order 7392-01" }).waitFor();
    await page.waitForFunction(() => document.activeElement?.tagName === "H1");
    expect(await isFocused(page, "Work order 7392-01")).toBe(true);
    await page.context().close();
  }, 60_000);
});
