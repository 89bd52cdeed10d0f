import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { DATE_RANGE_REVERSED } from "@shared/common";
import { BINDER_MESSAGES } from "@shared/reports-binder";
import { WORK_ORDER_SHAPE } from "@shared/work-orders";
import type { Locator, Page } from "playwright-core";
import { DEMO } from "../helpers/app";
import { type BrowserEnv, networkSettled, startBrowserEnv } from "../helpers/browser";
import { SHOTS, toScheme } from "../helpers/screens";

/** Screenshots a person can look at after the run (light, dark, phone width). */
let env: BrowserEnv;
beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  env = await startBrowserEnv();
});
afterAll(() => env?.close());

const toast = (page: Page, text: string | RegExp) =>
  page.locator("[data-sonner-toast]").filter({ hasText: text }).first();

/** The field is marked invalid and described by `message`, shown in the field's own cell. */
async function fieldError(page: Page, field: Locator, message: string) {
  const cell = page.locator("td").filter({ has: field });
  await cell.getByText(message, { exact: true }).waitFor();
  expect(await field.getAttribute("aria-invalid")).toBe("true");
  const id = await field.getAttribute("aria-describedby");
  expect(await page.locator(`[id="${id}"]`).textContent()).toBe(message);
}

describe("Reports Binder", () => {
  test("a saved row sorted or filtered off the page: the success toast says where it went, and 'Show it' shows it", async () => {
    const page = await env.newPage(DEMO.user);
    const table = page.getByRole("table", { name: "Reports binder" });
    // Filtered off: the initials filter leaves out a row without initials.
    await page.goto("/reports-binder?eng=GS");
    await table.locator("tbody tr").first().waitFor();
    await page.getByRole("button", { name: "New row" }).click();
    await page.getByLabel("Work order", { exact: true }).fill("0001-101a");
    await page.getByRole("button", { name: "Save row" }).click();
    const hidden = toast(page, "Added 0001-101A.");
    await hidden.getByText("The filters on this list hide it.").waitFor();
    await hidden.getByRole("button", { name: "Show it" }).click();
    await table.getByRole("row", { name: /\b0001-101A\b/ }).waitFor();
    const shown = new URL(page.url()).searchParams;
    expect([shown.get("wo"), shown.get("eng")]).toEqual(["0001-101A", null]);

    // Sorted off: newest date first puts a row without a date at the end; the toast names its page.
    await page.goto("/reports-binder");
    await table.locator("tbody tr").first().waitFor();
    await page.getByRole("button", { name: "New row" }).click();
    await page.getByLabel("Work order", { exact: true }).fill("0001-102");
    await page.getByRole("button", { name: "Save row" }).click();
    const added = toast(page, "Added 0001-102.");
    const where = await added.getByText(/^It is on page \d+ of this list\.$/).textContent();
    const pageNo = where!.match(/\d+/)![0];
    expect(Number(pageNo)).toBeGreaterThan(1);
    expect(await page.locator("[data-sonner-toast]").count()).toBe(1);
    await added.getByRole("button", { name: "Show it" }).click();
    await page.waitForURL((u) => u.searchParams.get("page") === pageNo);
    await table.getByRole("row", { name: /\b0001-102\b/ }).waitFor();
    await page.context().close();
  });

  test("an impossible date is an error on its field, never saved as no date", async () => {
    const page = await env.newPage(DEMO.user);
    await page.goto("/reports-binder");
    await page.getByRole("button", { name: "New row" }).click();
    await page.getByLabel("Work order", { exact: true }).fill("5555-01");
    const date = page.getByLabel("Date", { exact: true });
    await date.focus();
    await date.pressSequentially("02312026");
    expect(await date.evaluate((i: HTMLInputElement) => i.validity.badInput)).toBe(true);
    await page.getByRole("button", { name: "Save row" }).click();
    await fieldError(page, date, "Enter a real date.");
    await networkSettled(page);
    expect(await toast(page, "Added 5555-01.").count()).toBe(0);
    await page.context().close();
  });

  test("editing a row: each problem is marked on its field, one sentence each, and no toast", async () => {
    const page = await env.newPage(DEMO.user);
    await page.goto("/reports-binder");
    const table = page.getByRole("table", { name: "Reports binder" });
    await table
      .getByRole("button", { name: /^Edit / })
      .first()
      .click();
    const initials = page.getByLabel("Engineer initials", { exact: true });
    const billing = page.getByLabel("Billing", { exact: true });
    const sent = page.getByLabel("Date sent", { exact: true });
    await initials.fill("a1");
    await billing.fill("12x");
    await sent.focus();
    await sent.pressSequentially("02312026");
    expect(await sent.evaluate((i: HTMLInputElement) => i.validity.badInput)).toBe(true);
    await page.getByRole("button", { name: "Save row" }).click();
    await fieldError(page, initials, "Initials must look like GS:AT:TT (letters separated by colons).");
    await fieldError(page, billing, "Billing accepts digits only.");
    await fieldError(page, sent, "Enter a real date.");
    expect(await page.getByText(".;").count()).toBe(0);
    expect(await page.locator("[data-sonner-toast]").count()).toBe(0);
    await page.context().close();
  });

  test("edit errors are marked on their fields, one sentence each", async () => {
    const page = await env.newPage(DEMO.user);
    await page.goto("/reports-binder");
    await page.getByRole("button", { name: "New row" }).click();
    await page.getByLabel("Work order", { exact: true }).fill("1234-56");
    await page.getByLabel("Engineer initials", { exact: true }).fill("a1");
    await page.getByLabel("Billing", { exact: true }).fill("1".repeat(13));
    await page.getByRole("button", { name: "Save row" }).click();
    const initials = page.getByLabel("Engineer initials", { exact: true });
    await page.getByText("Initials must look like GS:AT:TT (letters separated by colons).").waitFor();
    await page.getByText("Billing must be 12 digits or fewer.").waitFor();
    expect(await initials.getAttribute("aria-invalid")).toBe("true");
    expect(await page.getByText(".;").count()).toBe(0);
    await page.context().close();
  });

  test("add a row inline, edit it, Escape cancels, delete through the modal, Undo, export CSV", async () => {
    const page = await env.newPage(DEMO.user);
    await page.goto("/reports-binder");
    await page.getByRole("table", { name: "Reports binder" }).waitFor();

    // New row: work order and initials are upper-cased as typed; the work order is required.
    await page.getByRole("button", { name: "New row" }).click();
    await page.getByRole("button", { name: "Save row" }).click();
    await page.getByText("Work Order is required.").waitFor();
    await page.getByLabel("Work order", { exact: true }).fill("9876-54a");
    expect(await page.getByLabel("Work order", { exact: true }).inputValue()).toBe("9876-54A");
    await page.getByLabel("Engineer initials", { exact: true }).fill("zz:yy");
    // What is not a number is kept as typed and refused on its field, never saved as the digits in it.
    const billing = page.getByLabel("Billing", { exact: true });
    await billing.fill("12x");
    await page.getByRole("button", { name: "Save row" }).click();
    await page.getByText("Billing accepts digits only.").waitFor();
    expect(await billing.inputValue()).toBe("12x");
    expect(await billing.getAttribute("aria-invalid")).toBe("true");
    await billing.fill("1234");
    await page.getByText("Billing is usually 5–6 digits.").waitFor();
    await billing.fill("54321");
    await page.getByLabel("Date", { exact: true }).fill("2026-11-20");
    await page.getByRole("button", { name: "Save row" }).click();
    await page.getByText("Added 9876-54A.").waitFor();

    // Filter to it by work-order prefix.
    await page.getByLabel("Filter by work order (exact or prefix)").fill("9876");
    await page.waitForFunction(() => new URLSearchParams(location.search).get("wo")?.includes("9876"));
    const row = page.getByRole("row", { name: /9876-54A/ });
    await row.waitFor();
    expect(await row.textContent()).toContain("ZZ:YY");

    // Edit, then Escape cancels without saving.
    await page.getByRole("button", { name: "Edit 9876-54A" }).click();
    await page.getByLabel("Billing", { exact: true }).fill("99999");
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Edit 9876-54A" }).waitFor();
    expect(await page.getByRole("row", { name: /9876-54A/ }).textContent()).toContain("54321");

    // Edit and save.
    await page.getByRole("button", { name: "Edit 9876-54A" }).click();
    await page.getByLabel("Billing", { exact: true }).fill("11111");
    await page.getByLabel("Billing", { exact: true }).press("Enter");
    await page.getByText("Changes saved.").waitFor();
    await page.getByRole("row", { name: /11111/ }).waitFor();

    // Export CSV of the filtered rows.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Export CSV" }).click(),
    ]);
    const csv = await Bun.file((await download.path())!).text();
    expect(csv).toContain("9876-54A");
    expect(csv.split("\n").filter((l) => l.trim()).length).toBe(2);

    // Delete through the "Confirm removal" modal; Escape first cancels it.
    await page.getByRole("button", { name: "Delete 9876-54A" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Confirm removal" });
    await dialog.waitFor();
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    await page.getByRole("button", { name: "Delete 9876-54A" }).click();
    await dialog.getByRole("button", { name: "Remove" }).click();
    await page.getByText("Removed 9876-54A.").waitFor();
    await page.getByText("No binder rows match these filters.").waitFor();

    // Undo from the toast brings it back.
    await page.getByRole("button", { name: "Undo" }).click();
    await page.getByText("Row restored.").waitFor();
    await page.getByRole("row", { name: /9876-54A/ }).waitFor();
    await page.context().close();
  });
});

/** Light, dark and phone-width shots of what the page shows now, for a person to look at. */
async function shoot(page: Page, name: string) {
  await page.screenshot({ path: join(SHOTS, `${name}-light.png`) });
  await toScheme(page, "dark");
  await page.screenshot({ path: join(SHOTS, `${name}-dark.png`) });
  await toScheme(page, "light");
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: join(SHOTS, `${name}-390.png`), fullPage: true });
  if (size) await page.setViewportSize(size);
}

describe("one rule in one place (issue 55)", () => {
  test("'abc' is refused on the Work order field with the work order page's sentence, never saved as ABC; a Date sent before the Date too", async () => {
    const page = await env.newPage(DEMO.user);
    await page.goto("/reports-binder");
    await page.getByRole("table", { name: "Reports binder" }).locator("tbody tr").first().waitFor();
    await page.getByRole("button", { name: "New row" }).click();
    const wo = page.getByLabel("Work order", { exact: true });
    await wo.fill("abc");
    await page.getByLabel("Date", { exact: true }).fill("2026-03-10");
    await page.getByLabel("Date sent", { exact: true }).fill("2026-03-01");
    await page.getByRole("button", { name: "Save row" }).click();
    await fieldError(page, wo, WORK_ORDER_SHAPE);
    await shoot(page, "binder-work-order-refused");
    // A real work order: now the dates' order is what stands in the way, said on Date sent.
    await wo.fill("0001-103");
    await page.getByRole("button", { name: "Save row" }).click();
    await fieldError(page, page.getByLabel("Date sent", { exact: true }), BINDER_MESSAGES.sentBeforeDate);
    await networkSettled(page);
    expect(await toast(page, /^Added/).count()).toBe(0);
    await page.context().close();
  });

  test("the binder import says which columns it needs first; a refused row leaves no Import button beside it", async () => {
    const page = await env.newPage(DEMO.user);
    await page.goto("/reports-binder");
    await page.getByRole("button", { name: "Import", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Import binder rows" });
    await dialog
      .getByText(/Page #, Date, Date Sent, Work Order #, Engineer's Initials and\s+Billing/)
      .waitFor();
    const csv = "Page #,Date,Date Sent,Work Order #,Engineer's Initials,Billing\n1,2024-01-02,,abc,GS,\n";
    await dialog.getByLabel("Spreadsheet (CSV or .xlsx)").setInputFiles({
      name: "binder.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(csv),
    });
    const rejected = dialog.getByRole("table", { name: "Rejected rows" });
    await rejected.getByText(WORK_ORDER_SHAPE).waitFor();
    await dialog.getByText(/^Nothing is imported while any row is refused/).waitFor();
    expect(await dialog.getByRole("button", { name: /^Import \d/ }).count()).toBe(0);
    await shoot(page, "binder-import-refused");
    await page.context().close();
  });

  test("a reversed From/To range is one sentence on the fields; the list keeps its rows, no Retry", async () => {
    const page = await env.newPage(DEMO.user);
    await page.goto("/reports-binder");
    // Rows of data (a loading skeleton's rows carry no id).
    const rows = page.getByRole("table", { name: "Reports binder" }).locator("tbody tr[data-row-id]");
    await rows.first().waitFor();
    await networkSettled(page);
    const before = await rows.count();
    const from = page.getByLabel("From", { exact: true });
    await from.fill("2026-02-01");
    await page.getByLabel("To", { exact: true }).fill("2026-01-01");
    await page.getByText(DATE_RANGE_REVERSED, { exact: true }).waitFor();
    expect(await from.getAttribute("aria-invalid")).toBe("true");
    await networkSettled(page);
    expect(await page.getByRole("button", { name: "Retry" }).count()).toBe(0);
    expect(await page.getByText(/date_from/).count()).toBe(0);
    expect(await rows.count()).toBe(before);
    await shoot(page, "binder-date-range-reversed");

    // Admin Activity says it the same way.
    const admin = await env.newPage(DEMO.admin);
    await admin.goto("/admin?tab=activity");
    await admin.getByRole("table", { name: "Account activity" }).waitFor();
    await admin.getByLabel("From", { exact: true }).fill("2026-02-01");
    await admin.getByLabel("To", { exact: true }).fill("2026-01-01");
    await admin.getByText(DATE_RANGE_REVERSED, { exact: true }).waitFor();
    await networkSettled(admin);
    expect(await admin.getByRole("button", { name: "Retry" }).count()).toBe(0);
    await shoot(admin, "activity-date-range-reversed");

    // And Onboarded, whose accounts stay listed.
    await admin.goto("/it-onboarded");
    const accounts = admin
      .getByRole("table", { name: "Onboarded accounts" })
      .locator("tbody tr[data-row-id]");
    await accounts.first().waitFor();
    await networkSettled(admin);
    const listed = await accounts.count();
    await admin.getByLabel("From", { exact: true }).fill("2026-02-01");
    await admin.getByLabel("To", { exact: true }).fill("2026-01-01");
    await admin.getByText(DATE_RANGE_REVERSED, { exact: true }).waitFor();
    await networkSettled(admin);
    expect(await admin.getByRole("button", { name: "Retry" }).count()).toBe(0);
    expect(await accounts.count()).toBe(listed);
    await shoot(admin, "onboarded-date-range-reversed");
    await page.context().close();
    await admin.context().close();
  });
});
