import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { DEMO } from "../helpers/app";
import { type BrowserEnv, startBrowserEnv } from "../helpers/browser";
import { createDb } from "../helpers/doc-screens";

let env: BrowserEnv;
beforeAll(async () => {
  env = await startBrowserEnv();
  const files = Array.from({ length: 12 }, (_, i) => `report ${i + 1}.pdf`);
  await createDb(env.t, "site_reports.db", files);
  await createDb(env.t, "share_plan.db", ["plan.pdf"]);
});
afterAll(() => env?.close());

/** The URL's search param as the app reads it (the router JSON-encodes values that look like numbers). */
const param = (page: Page, name: string) =>
  page.evaluate((n) => new URLSearchParams(location.search).get(n), name);

describe("Database Explorer", () => {
  test("search databases, select, paging, type and name filters, sort, all in the URL; selecting resets", async () => {
    const page = await env.newPage(DEMO.user);
    await page.goto("/db-viewer");
    const list = page.getByRole("list", { name: "Databases" });
    await list.getByRole("button", { name: /^site reports/i }).waitFor();
    expect(await list.textContent()).toContain("12");
    await page.getByRole("searchbox", { name: "Search databases" }).fill("share");
    await list.getByRole("button", { name: /^site reports/i }).waitFor({ state: "detached" });
    await page.getByRole("searchbox", { name: "Search databases" }).fill("");
    await list.getByRole("button", { name: /^site reports/i }).click();

    const table = page.getByRole("table", { name: "Files in site reports" });
    await table.getByRole("button", { name: "Preview report 12.pdf" }).waitFor();
    await page.getByText("Page 1 of 1").waitFor();
    expect(await table.getByRole("row").count()).toBe(13);
    // Natural order by name: report 1, 2, … 10.
    expect(await table.getByRole("row").nth(2).textContent()).toContain("report 2.pdf");

    await page.getByLabel("Page size", { exact: true }).selectOption("10");
    await page.getByText("Page 1 of 2").waitFor();
    expect(await param(page, "page_size")).toBe("10");
    await page.getByRole("button", { name: "Next page" }).click();
    await page.getByText("Page 2 of 2").waitFor();
    expect(await table.getByRole("row").count()).toBe(3);

    // A filter returns to page 1.
    await page.getByLabel("Type", { exact: true }).selectOption("pdf");
    await page.waitForFunction(() => !new URLSearchParams(location.search).has("page"));
    await page.getByText("Page 1 of 2").waitFor();
    expect(await page.getByLabel("Type", { exact: true }).textContent()).toBe("All TypesPDF");

    await table.getByRole("button", { name: "File Name" }).click();
    await page.waitForFunction(() => new URLSearchParams(location.search).get("dir") === "desc");
    expect(await table.getByRole("row").nth(1).textContent()).toContain("report 12.pdf");

    await page.getByRole("searchbox", { name: "Search files" }).fill("12");
    await page.waitForFunction(() => new URLSearchParams(location.search).has("q"));
    expect(JSON.parse((await param(page, "q"))!)).toBe("12");
    await page.getByText("Page 1 of 1").waitFor();
    expect(await table.getByRole("row").count()).toBe(2);

    // A reload keeps the view (the numeric-looking search included).
    await page.reload();
    await table.getByRole("button", { name: "Preview report 12.pdf" }).waitFor();
    expect(await page.getByRole("searchbox", { name: "Search files" }).inputValue()).toBe("12");

    // Selecting another database resets search, type, sort and page; the page size stays.
    await list.getByRole("button", { name: /^share plan/i }).click();
    await page.getByRole("table", { name: "Files in share plan" }).getByText("plan.pdf").waitFor();
    const search = await page.evaluate(() => [...new URLSearchParams(location.search).keys()].sort());
    expect(search).toEqual(["db", "page_size"]);
    await list.getByRole("button", { name: /^share plan/i }).click();
    await page.getByText("Select a Database").waitFor();
  });

  test("select all on a page, Copy URLs, Clear Selection, Copy URL, Export CSV, typed Delete database", async () => {
    const page = await env.newPage(DEMO.admin);
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: env.baseUrl });
    await page.goto("/db-viewer?db=site_reports.db&page_size=10");
    const table = page.getByRole("table", { name: "Files in site reports" });
    await table.getByRole("button", { name: "Preview report 1.pdf" }).waitFor();

    await table.getByRole("checkbox", { name: "Select all rows on this page" }).click();
    const bulk = page.getByRole("toolbar", { name: "Selected files" });
    await bulk.getByText("10 file(s) selected").waitFor();
    await bulk.getByRole("button", { name: "Copy URLs" }).click();
    await bulk.getByText("URLs copied!").waitFor();
    const urls = (await page.evaluate(() => navigator.clipboard.readText())).split("\n");
    expect(urls.length).toBe(10);
    expect(urls[0]).toStartWith(`${env.baseUrl}/files/site_reports.db/report%201.pdf?`);
    await bulk.getByRole("button", { name: "Clear Selection" }).click();
    await bulk.waitFor({ state: "detached" });

    await table.getByRole("button", { name: "Copy URL of report 3.pdf" }).click();
    await table.getByRole("button", { name: "Copied URL of report 3.pdf" }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(
      "/files/site_reports.db/report%203.pdf?",
    );
    // Back to 'Copy URL' after 2 s.
    await table.getByRole("button", { name: "Copy URL of report 3.pdf" }).waitFor({ timeout: 4000 });

    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export CSV" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe("site_reports.db_files.csv");
    const csv = await Bun.file((await file.path())!).text();
    const lines = csv
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe("Database,Filename,Type,URL");
    expect(lines.length).toBe(13);
    expect(lines[1]).toStartWith(`site_reports.db,report 1.pdf,pdf,${env.baseUrl}/files/`);

    // The admin sees Delete database: the typed prompt waits for the exact text.
    await page.getByRole("button", { name: "Delete database share plan" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete share_plan.db?" });
    const del = confirm.getByRole("button", { name: "Delete", exact: true });
    await confirm.getByRole("textbox").fill("DELETE share_plan");
    expect(await del.isDisabled()).toBe(true);
    await confirm.getByRole("textbox").fill("DELETE share_plan.db");
    await del.click();
    await page.getByText("Database deleted successfully.").waitFor();
    await page.getByRole("button", { name: /^share plan/i }).waitFor({ state: "detached" });
  });
});
