import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { DEMO } from "../helpers/app";
import { type BrowserEnv, startBrowserEnv } from "../helpers/browser";

let env: BrowserEnv;
beforeAll(async () => {
  env = await startBrowserEnv();
});
afterAll(() => env?.close());

describe("Reports Binder", () => {
  test("a saved row sorted off the page is said to be there, and 'Show it' shows it", async () => {
    const page = await env.newPage(DEMO.user);
    await page.goto("/reports-binder");
    await page.getByRole("table", { name: "Reports binder" }).locator("tbody tr").first().waitFor();
    // Newest date first: a row without a date goes to the end of the binder.
    await page.getByRole("button", { name: "New row" }).click();
    await page.getByLabel("Work order", { exact: true }).fill("abc");
    await page.getByRole("button", { name: "Save row" }).click();
    await page.getByText("Added ABC.").waitFor();
    const note = page.locator("[data-sonner-toast]").filter({ hasText: "ABC is not on this page" });
    await note.waitFor();
    await note.getByRole("button", { name: "Show it" }).click();
    await page.getByRole("row", { name: /\bABC\b/ }).waitFor();
    expect(new URL(page.url()).searchParams.get("wo")).toBe("ABC");
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
