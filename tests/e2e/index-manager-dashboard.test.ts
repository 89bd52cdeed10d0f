import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { DEMO } from "../helpers/app";
import { type BrowserEnv, startBrowserEnv } from "../helpers/browser";
import { createDb, pageText, pdfBytes } from "../helpers/doc-screens";
import { shots } from "../helpers/screens";

let env: BrowserEnv;
beforeAll(async () => {
  env = await startBrowserEnv();
  await createDb(env.t, "site_notes.db", ["first.pdf"]);
});
afterAll(() => env?.close());

const pdf = async (name: string) => ({
  name,
  mimeType: "application/pdf",
  buffer: await pdfBytes([pageText(`Notes of ${name}`)]),
});

describe("Index Manager", () => {
  test("one Run button for assistive tech; Append without a database is marked on the field", async () => {
    const page = await env.newPage(DEMO.owner);
    await page.goto("/db-admin");
    await page.locator('li[data-db="site_notes.db"]').getByText("1 file").waitFor();
    // The drop zone is named by its title, not by its hint ("…until you press Run").
    expect(await page.getByRole("button", { name: "Run" }).count()).toBe(1);
    expect(await page.getByRole("button", { name: "Drop PDFs here or click to choose" }).count()).toBe(1);

    await page.getByRole("radio", { name: "Append" }).check();
    await page.getByLabel("Choose files").setInputFiles([await pdf("second.pdf")]);
    await page.getByRole("button", { name: "Run", exact: true }).click();
    const select = page.getByLabel("Select DB", { exact: true });
    await page.getByTestId("index-status").getByText("Please enter/select a DB.").waitFor();
    expect(await select.getAttribute("aria-invalid")).toBe("true");
    const described = await select.getAttribute("aria-describedby");
    expect(await page.locator(`[id="${described}"]`).textContent()).toBe("Please enter/select a DB.");
    await shots(page, "index-manager-append-missing");
    await select.selectOption("site_notes.db");
    expect(await select.getAttribute("aria-invalid")).toBeNull();
    await page.context().close();
  }, 60_000);

  test("after a New DB run the form appends to the new database, so a second Run adds to it", async () => {
    const page = await env.newPage(DEMO.owner);
    await page.goto("/db-admin");
    const status = page.getByTestId("index-status");
    const run = page.getByRole("button", { name: "Run", exact: true });
    await page.getByLabel("Title", { exact: true }).fill("Field Guides");
    await page.getByLabel("Choose files").setInputFiles([await pdf("guide-one.pdf")]);
    await run.click();
    await status.getByText("Finished queue.").waitFor({ timeout: 30_000 });
    // The form now says Append, to the database just made; the New DB fields are gone.
    expect(await page.getByRole("radio", { name: "Append" }).isChecked()).toBe(true);
    expect(await page.getByLabel("Select DB", { exact: true }).inputValue()).toBe("field_guides.db");
    expect(await page.getByLabel("DB File", { exact: true }).count()).toBe(0);
    await shots(page, "index-manager-after-new-db");

    await page.getByLabel("Choose files").setInputFiles([await pdf("guide-two.pdf")]);
    await run.click();
    await status.getByText("Finished queue.").waitFor({ timeout: 30_000 });
    expect(await page.getByText(/already exists/).count()).toBe(0);
    await page.locator('li[data-db="field_guides.db"]').getByText("2 files").waitFor();
    await page.context().close();
  }, 90_000);
});

describe("Dashboard", () => {
  test("Recently Used holds only pages the person may open, and work order pages too", async () => {
    const page = await env.newPage(DEMO.user);
    // A locked page (the Admin Console) and a work order page, opened by a User.
    await page.goto("/admin");
    await page
      .getByText(/Admins and Owners only/i)
      .first()
      .waitFor();
    await page.goto("/work-orders/4321-07");
    await page
      .getByRole("heading", { name: /4321-07/ })
      .first()
      .waitFor();
    await page.goto("/reports-binder");
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    await page.goto("/");
    const recents = page.getByRole("region", { name: "Recently Used" });
    await recents.getByRole("link", { name: /Reports Binder/ }).waitFor();
    await recents.getByRole("link", { name: /W\.O\. 4321-07/ }).waitFor();
    expect(await recents.getByRole("link", { name: /Admin Console/ }).count()).toBe(0);
    await shots(page, "dashboard-recents");
    await recents.getByRole("link", { name: /W\.O\. 4321-07/ }).click();
    await page.waitForURL(/\/work-orders\/4321-07$/);
    await page.context().close();
  }, 60_000);

  test("a Work Orders tile among the screens; the Analytics Ready badge once the key figures are in", async () => {
    const page = await env.newPage(DEMO.user);
    await page.goto("/");
    const categories = page.getByRole("region", { name: "Categories" });
    await categories.getByRole("link", { name: /Work Orders/ }).waitFor();
    await page.getByText("Analytics Ready").waitFor();
    expect(await page.getByText("Analytics Ready").getAttribute("title")).toContain("key figures");
    await shots(page, "dashboard");
    await categories.getByRole("link", { name: /Work Orders/ }).click();
    await page.waitForURL(/\/work-orders$/);
    await page.context().close();
  }, 60_000);
});
