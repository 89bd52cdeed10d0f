import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { DEMO } from "../helpers/app";
import { type BrowserEnv, startBrowserEnv } from "../helpers/browser";

let env: BrowserEnv;
beforeAll(async () => {
  env = await startBrowserEnv();
});
afterAll(() => env?.close());

const headers = async (page: import("playwright-core").Page) =>
  (await page.getByRole("table", { name: "People" }).locator("thead th").allTextContents()).map((t) =>
    t.trim(),
  );

describe("Directory", () => {
  test("search, sort by a column, and a column hidden in the menu stays hidden after a reload", async () => {
    const page = await env.newPage(DEMO.user);
    await page.goto("/contacts");
    const table = page.getByRole("table", { name: "People" });
    await page.getByTestId("loaded-Directory").getByText("Directory: 60 loaded").waitFor();
    expect(await headers(page)).toEqual([
      "Name",
      "Email",
      "Mobile",
      "Business",
      "Title",
      "Department",
      "Office",
      "Actions",
    ]);
    // Default sort: name ascending.
    expect(await table.locator("thead th").first().getAttribute("aria-sort")).toBe("ascending");

    await page.getByRole("searchbox", { name: "Search the directory" }).fill("kealoha");
    await table.getByText("Noah Kealoha").waitFor();
    expect(await table.getByText("Leilani Adams").count()).toBe(0);
    await page.waitForURL(/q=kealoha/);

    await table.getByRole("button", { name: "Email" }).click();
    await page.waitForURL(/sort_by=email/);
    const emails = await table.locator("tbody tr td:nth-child(2)").allTextContents();
    expect(emails).toEqual([...emails].sort((a, b) => a.localeCompare(b)));

    await page.getByRole("button", { name: "Columns" }).click();
    await page.getByRole("menuitemcheckbox", { name: "Mobile" }).click();
    await page.keyboard.press("Escape");
    expect(await headers(page)).not.toContain("Mobile");
    await page.reload();
    await table.getByText("Noah Kealoha").waitFor();
    expect(await headers(page)).not.toContain("Mobile");
    await page.context().close();
  });

  test("a person adds, edits and deletes their own contact; My Contacts shows only contacts", async () => {
    const page = await env.newPage(DEMO.admin);
    await page.goto("/contacts");
    await page.getByTestId("loaded-Directory").waitFor();
    await page.getByRole("button", { name: "Add Contact" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Contact" });
    await dialog.getByRole("button", { name: "Save" }).click();
    await dialog.getByText("Name is required.").waitFor();
    await dialog.getByLabel("Name").fill("Rocky Drill Rentals");
    await dialog.getByLabel("Email").fill("rent@rockydrill.example");
    await dialog.getByRole("button", { name: "Save" }).click();
    await page.getByText("Contact added.").waitFor();

    await page.getByLabel("Source").selectOption("contacts");
    await page.waitForURL(/source=contacts/);
    const table = page.getByRole("table", { name: "People" });
    await table.getByText("Rocky Drill Rentals").waitFor();
    expect(await table.locator("tbody tr").count()).toBe(1);

    await table.getByRole("button", { name: "Edit Rocky Drill Rentals" }).click();
    const edit = page.getByRole("dialog", { name: "Edit Contact" });
    await edit.getByLabel("Title").fill("Equipment hire");
    await edit.getByRole("button", { name: "Save" }).click();
    await table.getByText("Equipment hire").waitFor();

    await table.getByRole("button", { name: "Delete Rocky Drill Rentals" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await page.getByText("No contacts yet. Add one with Add Contact.").waitFor();
    await page.context().close();
  });

  test("Export CSV holds the visible columns of what the search shows", async () => {
    const page = await env.newPage(DEMO.user);
    await page.goto("/contacts?q=hilo");
    const table = page.getByRole("table", { name: "People" });
    await table.getByText("Hilo").first().waitFor();
    const shown = await table.locator("tbody tr").count();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Export CSV" }).click(),
    ]);
    const csv = readFileSync((await download.path())!, "utf8").replace(/^\uFEFF/, "");
    const lines = csv.trim().split("\r\n");
    expect(lines[0]).toBe("Name,Email,Mobile,Business,Title,Department,Office");
    expect(lines.length - 1).toBe(shown);
    expect(lines.slice(1).every((l) => /hilo/i.test(l))).toBe(true);
    await page.context().close();
  });
});
