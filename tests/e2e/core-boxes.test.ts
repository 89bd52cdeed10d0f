import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Locator, Page } from "playwright-core";
import { DEMO } from "../helpers/app";
import { type BrowserEnv, eventually, startBrowserEnv } from "../helpers/browser";

let env: BrowserEnv;
beforeAll(async () => {
  // Not the default 24 months, so the new row's expiry proves it comes from the server's setting.
  env = await startBrowserEnv({ CORE_BOX_EXPIRY_MONTHS: "18" });
});
afterAll(() => env?.close());

/** Browser steps on a busy 2-core machine: allow well over bun's default. */
const SLOW = 120_000;
const stamp = () => String(Date.now()).slice(-6);

async function openInventory(page: Page, query = "") {
  await page.goto(`/core-box-inventory${query}`);
  const table = page.getByRole("table", { name: "Core boxes" });
  await table.locator("tbody tr").first().waitFor();
  return table;
}

const rowOf = (table: Locator, wo: string) => table.getByRole("row").filter({ hasText: wo });
const toast = (page: Page, text: string | RegExp) =>
  page.locator("[data-sonner-toast]").filter({ hasText: text }).first();

describe("Core Inventory", () => {
  test(
    "New: an impossible date is an error on its field, never saved as no date; the year typed is the year saved",
    async () => {
      const page = await env.newPage(DEMO.user);
      const table = await openInventory(page);
      const wo = `0001-${stamp().slice(-3)}`;
      await page.getByRole("button", { name: "New", exact: true }).click();
      const editor = page.getByRole("row", { name: "New box" });
      await editor.getByLabel("Work Order").fill(wo);
      const year = editor.getByLabel("Year");
      await year.fill("1996");
      const submitted = editor.getByLabel("Report submission date");
      await submitted.focus();
      await submitted.pressSequentially("02312026");
      expect(await submitted.evaluate((i: HTMLInputElement) => i.validity.badInput)).toBe(true);
      await editor.getByLabel("Storage expiry date").fill("1999-01-01");
      await editor.getByRole("button", { name: "Save" }).click();
      // One plain sentence under the field itself, which is marked and described by it.
      await editor
        .locator('td[data-label="Submitted"]')
        .getByText("Enter a real date.", { exact: true })
        .waitFor();
      expect(await submitted.getAttribute("aria-invalid")).toBe("true");
      const describedBy = await submitted.getAttribute("aria-describedby");
      expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe("Enter a real date.");
      // The year the person typed is still what the field shows.
      expect(await year.inputValue()).toBe("1996");
      expect(await toast(page, `Added ${wo}.`).count()).toBe(0);

      await submitted.fill("1998-12-01");
      await editor.getByRole("button", { name: "Save" }).click();
      await toast(page, `Added ${wo}.`).waitFor();
      await openInventory(page, `?q=${wo}`);
      const row = rowOf(table, wo);
      await waitForRowCount(table, 1);
      expect(await row.locator('td[data-label="Year"]').textContent()).toBe("1996");
      expect(await row.locator('td[data-label="Submitted"]').textContent()).toBe("1998-12-01");
      await page.context().close();
    },
    SLOW,
  );

  test(
    "Edit: a year that came from the dates moves with them; no refusal for a year nobody typed",
    async () => {
      const page = await env.newPage(DEMO.user);
      const wo = `0002-${stamp().slice(-3)}`;
      const res = await page.request.post("/api/core-boxes", {
        data: { work_order: wo, report_submission_date: "2020-03-01" },
      });
      expect(res.status()).toBe(201);
      const table = await openInventory(page, `?q=${wo}`);
      const row = rowOf(table, wo);
      await waitForRowCount(table, 1);
      expect(await row.locator('td[data-label="Year"]').textContent()).toBe("2020");
      await row.getByRole("button", { name: `Edit ${wo}` }).click();
      const edit = page.getByRole("row", { name: `Edit ${wo}`, exact: true });
      await edit.getByLabel("Report submission date").fill("2023-03-01");
      await edit.getByRole("button", { name: "Save" }).click();
      await toast(page, `Saved ${wo}.`).waitFor();
      await edit.waitFor({ state: "detached" });
      await row.locator('td[data-label="Year"]', { hasText: "2023" }).waitFor();
      await page.context().close();
    },
    SLOW,
  );

  test(
    "create a box, filter to it, mark dumped & remove, Undo, delete again and restore from the history",
    async () => {
      const page = await env.newPage(DEMO.user);
      const table = await openInventory(page);
      const wo = `0003-${stamp().slice(-3)}A`;

      // + New: Work Order is required; Escape cancels the new row.
      await page.getByRole("button", { name: "New", exact: true }).click();
      const editor = page.getByRole("row", { name: "New box" });
      await editor.getByRole("button", { name: "Save" }).click();
      await table.getByText("Work Order is required.").waitFor();
      await page.keyboard.press("Escape");
      await editor.waitFor({ state: "detached" });

      // Create: the expiry is pre-filled from the submission date + the server's 18 months.
      await page.getByRole("button", { name: "New", exact: true }).click();
      await editor.getByLabel("Work Order").fill(wo.toLowerCase());
      expect(await editor.getByLabel("Work Order").inputValue()).toBe(wo);
      await editor.getByLabel("Island").fill("Maui");
      await editor.getByLabel("Project").fill("Haiku Test Boring");
      await editor.getByLabel("Engineer").fill("QA");
      await editor.getByLabel("Report submission date").fill("2024-03-05");
      expect(await editor.getByLabel("Storage expiry date").inputValue()).toBe("2025-09-05");
      await editor.getByLabel("Disposition").selectOption("Save");
      await editor.getByLabel("Work Order").press("Enter");
      await toast(page, `Added ${wo}.`).waitFor();
      await editor.waitFor({ state: "detached" });

      // One character is not a search yet: the box says so and the URL keeps no q.
      const searchBox = page.getByRole("searchbox", { name: "Search core boxes" });
      await searchBox.fill("E");
      await page.getByText("Type at least 2 characters to search.").waitFor();
      expect(new URL(page.url()).searchParams.get("q")).toBeNull();

      // Filter to it: search + disposition, both in the URL.
      await searchBox.fill(wo);
      await page.waitForURL((u) => u.searchParams.get("q") === wo);
      await page.getByLabel("Disposition filter").selectOption("Save");
      await page.waitForURL(/keep_or_dump=Save/);
      const row = rowOf(table, wo);
      await row.waitFor();
      await waitForRowCount(table, 1);
      expect(await row.textContent()).toContain("2025-09-05");
      expect(await row.getByText("Expired").isVisible()).toBe(true);
      // The export link carries the filters.
      const href = await page.getByRole("link", { name: "Export CSV" }).getAttribute("href");
      expect(href).toContain("keep_or_dump=Save");
      expect(href).toContain(`q=${wo}`);

      // Delete is refused (and explained) for a box not marked Dump.
      const del = row.getByRole("button", { name: `Delete ${wo}` });
      expect(await del.getAttribute("aria-disabled")).toBe("true");
      expect(await del.getAttribute("aria-description")).toContain("marked Save");

      // Mark Dumped & Remove, then Undo from the toast: back, and marked Save again.
      await row.getByRole("button", { name: `Mark Dumped & Remove ${wo}` }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: "Mark Dumped & Remove" }).click();
      await toast(page, `Marked ${wo} Dump and removed it.`).waitFor();
      await page.getByText("No core boxes match these filters.").waitFor();
      await toast(page, `Marked ${wo} Dump`).getByRole("button", { name: "Undo" }).click();
      await toast(page, `Restored ${wo}.`).waitFor();
      await row.waitFor(); // the filter is Disposition: Save, so the old disposition is back

      // Edit it to Dump (inline), then delete it.
      await page.getByLabel("Disposition filter").selectOption("");
      await page.waitForURL((u) => !u.search.includes("keep_or_dump"));
      await row.getByRole("button", { name: `Edit ${wo}` }).click();
      const edit = page.getByRole("row", { name: `Edit ${wo}` });
      await edit.getByLabel("Disposition").selectOption("Dump");
      await edit.getByRole("button", { name: "Save" }).click();
      await toast(page, `Saved ${wo}.`).waitFor();
      await row.getByText("Dump", { exact: true }).waitFor();
      await row.getByRole("button", { name: `Delete ${wo}` }).click();
      const confirm = page.getByRole("alertdialog", { name: "Confirm removal" });
      await confirm.getByRole("button", { name: "Remove" }).click();
      await toast(page, `Removed ${wo}.`).waitFor();
      await page.getByText("No core boxes match these filters.").waitFor();

      // The history drawer shows the edit field by field and restores the removal.
      await page.getByRole("button", { name: "Show History" }).click();
      const drawer = page.getByRole("dialog", { name: "Change History" });
      const edited = drawer.getByRole("listitem", { name: `Edited ${wo}` }).first();
      await edited.waitFor();
      expect(await edited.getByRole("definition").first().textContent()).toMatch(/Save.*Dump/);
      const removed = drawer.getByRole("listitem", { name: `Removed ${wo}` }).first();
      await removed.getByRole("button", { name: `Restore ${wo}` }).click();
      await toast(page, `Restored ${wo}.`).waitFor();
      await row.waitFor();
      await removed.getByText(/Restored .* by user@geolabs\.example/).waitFor();
      expect(await removed.getByRole("button", { name: `Restore ${wo}` }).count()).toBe(0);
      await drawer.getByRole("button", { name: "Refresh" }).click();
      await page.keyboard.press("Escape");
      await drawer.waitFor({ state: "hidden" });
      await page.context().close();
    },
    SLOW,
  );

  test(
    "Delete Selected removes only Dump boxes and says which were skipped and why",
    async () => {
      const page = await env.newPage(DEMO.user);
      // Work orders 0004-2nn: none of the demo boxes has that number.
      const prefix = "0004";
      for (const [n, keep_or_dump] of [
        [1, "Dump"],
        [2, "Keep"],
        [3, "Dump"],
      ] as const) {
        const res = await page.request.post("/api/core-boxes", {
          data: { work_order: `${prefix}-20${n}`, project: "Selection test", keep_or_dump },
        });
        expect(res.status()).toBe(201);
      }
      const table = await openInventory(page, `?q=${prefix}&sort_by=work_order&sort_dir=asc`);
      await waitForRowCount(table, 3);
      await table.getByRole("checkbox", { name: "Select all rows on this page" }).click();
      await page.getByRole("button", { name: "Delete Selected (3)" }).click();
      const confirm = page.getByRole("alertdialog", { name: "Confirm removal" });
      await confirm.getByText(`${prefix}-202 (Keep)`).waitFor();
      await confirm.getByRole("button", { name: "Remove" }).click();
      await toast(page, "Removed 2 boxes. Skipped 1 box.").waitFor();
      const notice = page.getByRole("status").filter({ hasText: "not removed" });
      await notice.getByText(`${prefix}-202: Only boxes marked Dump can be removed`).waitFor();
      await waitForRowCount(table, 1);
      // Undo brings both back.
      await toast(page, "Removed 2 boxes.").getByRole("button", { name: "Undo" }).click();
      await toast(page, "Restored 2 boxes.").waitFor();
      await waitForRowCount(table, 3);
      await page.context().close();
    },
    SLOW,
  );

  test(
    "import: the dry run lists every refused row; a clean file imports all its rows",
    async () => {
      const page = await env.newPage(DEMO.user);
      await openInventory(page);
      const prefix = "0005";
      const header =
        "W.O. Number,Project,Engineer,Report Submission Date,storage date,Construction Complete?,Keep or Dump";
      const bad = [
        header,
        `${prefix}-301,A,GS,2024-01-05,,Yes,Keep`,
        `,B,GS,2024-01-06,,No,Keep`,
        `${prefix}-303,C,GS,2024-13-40,,No,Toss`,
      ];
      await page.getByRole("button", { name: "Import", exact: true }).click();
      const dialog = page.getByRole("dialog", { name: "Import core boxes" });
      const file = dialog.getByLabel("Spreadsheet (CSV or .xlsx)");
      await file.setInputFiles({
        name: "bad.csv",
        mimeType: "text/csv",
        buffer: Buffer.from(bad.join("\n")),
      });
      const rejected = dialog.getByRole("table", { name: "Rejected rows" });
      await rejected.waitFor();
      expect(await rejected.locator("tbody tr").count()).toBe(2);
      await rejected.getByText("Work Order is required.").waitFor();
      // Nothing can be imported while a row is refused: no Import button is offered beside that sentence.
      await dialog.getByText(/^Nothing is imported while any row is refused/).waitFor();
      expect(await dialog.getByRole("button", { name: /^Import \d/ }).count()).toBe(0);

      const good = [
        header,
        `${prefix}-301,A,GS,2024-01-05,,Yes,Keep`,
        `${prefix}-302,B,GS,3/7/2024,,No,Dump`,
      ];
      await file.setInputFiles({
        name: "good.csv",
        mimeType: "text/csv",
        buffer: Buffer.from(good.join("\n")),
      });
      await dialog.getByRole("table", { name: "First rows to import" }).getByText(`${prefix}-302`).waitFor();
      await dialog.getByRole("button", { name: "Import 2 boxes" }).click();
      await dialog.getByText("2 boxes imported.").waitFor();
      await dialog.getByRole("button", { name: "Close" }).first().click();
      await page.getByRole("searchbox", { name: "Search core boxes" }).fill(prefix);
      await waitForRowCount(page.getByRole("table", { name: "Core boxes" }), 2);
      await page.context().close();
    },
    SLOW,
  );
});

async function waitForRowCount(table: Locator, n: number) {
  const rows = table.locator("tbody tr");
  await eventually(
    async () => (await rows.count()) === n && !(await table.getAttribute("aria-busy")),
    true,
    10_000,
  );
}
