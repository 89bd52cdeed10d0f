import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { DEMO } from "../helpers/app";
import { type BrowserEnv, startBrowserEnv } from "../helpers/browser";
import { createDb, pageText, pdfBytes as pdf } from "../helpers/doc-screens";

let env: BrowserEnv;
beforeAll(async () => {
  env = await startBrowserEnv();
});
afterAll(() => env?.close());

/** What the Index Manager shows while it runs, recorded in the page as it changes. */
async function recordRun(page: Page) {
  await page.evaluate(() => {
    const log = { status: [] as string[], stepsWhileUploading: 0 };
    (window as unknown as { __run: typeof log }).__run = log;
    new MutationObserver(() => {
      const status = document.querySelector('[data-testid="index-status"]')?.textContent ?? "";
      if (status && log.status.at(-1) !== status) log.status.push(status);
      const uploading = document.querySelector('li[data-status="uploading"]');
      const steps = document.querySelectorAll('ol[aria-label="Steps"] > li:not([aria-hidden])').length;
      if (uploading && steps > log.stepsWhileUploading) log.stepsWhileUploading = steps;
    }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  });
  return () =>
    page.evaluate(
      () => (window as unknown as { __run: { status: string[]; stepsWhileUploading: number } }).__run,
    );
}

describe("Index Manager and Database Explorer", () => {
  test("Admin: a new database from two PDFs through the queue, with progress and steps; explorer; delete", async () => {
    const page = await env.newPage(DEMO.admin);
    await page.goto("/db-admin");
    await page.getByText("No databases.").waitFor();
    await page.getByText("No history.").waitFor();
    const status = page.getByTestId("index-status");
    const run = page.getByRole("button", { name: "Run", exact: true });

    // The spec's refusals.
    await run.click();
    await status.getByText("Queue is empty.").waitFor();
    await page.getByLabel("Title", { exact: true }).fill("E2E Handbook");
    const dbFile = page.getByLabel("DB File", { exact: true });
    expect(await dbFile.inputValue()).toBe("e2e_handbook.db");
    expect(await dbFile.getAttribute("placeholder")).toBe("generated_name.db");
    await page.getByLabel("Choose files").setInputFiles([
      {
        name: "Handbook.pdf",
        mimeType: "application/pdf",
        buffer: await pdf([pageText("Leave policy"), pageText("Vacation")], 3),
      },
      {
        name: "benefits.pdf",
        mimeType: "application/pdf",
        buffer: await pdf([pageText("Benefits"), pageText("Health plan")]),
      },
      { name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("ignored") },
    ]);
    const queue = page.getByRole("list", { name: "Upload queue" });
    // The text file is listed as refused, never sent.
    expect(await queue.getByRole("listitem").count()).toBe(3);
    await queue.getByRole("listitem", { name: "notes.txt: error" }).getByText("Not a PDF").waitFor();
    expect(await queue.textContent()).toContain("3.00 MB");
    await dbFile.fill("");
    await run.click();
    await status.getByText("Please enter/select a DB.").waitFor();
    await dbFile.fill("e2e_handbook.db");

    // Run with a slow upload link so the progress moves through real values.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 2 * 1024 * 1024,
    });
    const recorded = await recordRun(page);
    await run.click();
    await status.getByText("Finished queue.").waitFor({ timeout: 25_000 });
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    expect(await queue.locator('li[data-status="done"]').count()).toBe(2);
    const log = await recorded();
    expect(log.status.some((s) => /^Uploading Handbook\.pdf… ([1-9]|[1-9]\d)%$/.test(s))).toBe(true);
    expect(log.stepsWhileUploading).toBeGreaterThan(0);
    const steps = page.getByRole("list", { name: "Steps" });
    expect(await steps.getByRole("listitem", { name: /^benefits\.pdf: / }).count()).toBeGreaterThan(0);

    // The lists refreshed: the database with its two files, and one history group of two files.
    const row = page.locator('li[data-db="e2e_handbook.db"]');
    await row.getByText("2 files").waitFor();
    const history = page.getByRole("list", { name: "Upload history" });
    await history.getByText("2 files").waitFor();
    expect(await history.textContent()).toContain(DEMO.admin);

    // The file list opens; a file opens its PDF through a signed link.
    await row
      .getByRole("button", { name: /e2e_handbook\.db/ })
      .first()
      .click();
    await row.getByRole("button", { name: "benefits.pdf" }).click();
    const frame = page.getByTitle("Preview of benefits.pdf");
    await frame.waitFor();
    const res = await page.request.get((await frame.getAttribute("src"))!);
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toBe("application/pdf");
    await page.keyboard.press("Escape");
    await frame.waitFor({ state: "detached" });

    // [Schema] popup: tables with columns; Escape closes it.
    await row.getByRole("button", { name: "Schema of e2e_handbook.db", exact: true }).click();
    const schema = page.getByRole("dialog", { name: "Schema of e2e_handbook.db" });
    await schema.getByRole("table").first().waitFor();
    await page.keyboard.press("Escape");
    await schema.waitFor({ state: "detached" });

    // The explorer lists it by its title (or readable name); selecting shows the files, a second click deselects.
    await page.goto("/db-viewer");
    const dbButton = page.getByRole("button", { name: /^e2e handbook/i });
    await dbButton.click();
    await page.waitForFunction(() =>
      new URLSearchParams(location.search).get("db")?.includes("e2e_handbook.db"),
    );
    const table = page.getByRole("table", { name: /^Files in e2e handbook$/i });
    await table.getByRole("button", { name: "Preview Handbook.pdf" }).waitFor();
    expect(await table.getByRole("row").count()).toBe(3);
    await page.getByText("Page 1 of 1").waitFor();
    await table.getByRole("button", { name: "Preview Handbook.pdf" }).click();
    const preview = page.getByTitle("Preview of Handbook.pdf");
    await preview.waitFor();
    expect(await preview.getAttribute("src")).toStartWith("/files/e2e_handbook.db/Handbook.pdf?");
    await page.keyboard.press("Escape");
    await preview.waitFor({ state: "detached" });
    await dbButton.click();
    await page.getByText("Select a Database").waitFor();

    // Delete with the typed confirmation: a wrong text is refused in the spec's words.
    await page.goto("/db-admin");
    await row.getByRole("button", { name: "Delete e2e_handbook.db", exact: true }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete e2e_handbook.db?" });
    await confirm.getByRole("textbox").fill("DELETE e2e_handbook");
    await confirm.getByRole("button", { name: "Delete", exact: true }).click();
    await confirm.getByText("Confirmation does not match.").waitFor();
    await confirm.getByRole("textbox").fill("DELETE e2e_handbook.db");
    await confirm.getByRole("button", { name: "Delete", exact: true }).click();
    await page.getByText("No databases.").waitFor();
    expect(await env.t.deps.store.head("e2e_handbook.db/benefits.pdf")).toBeNull();
  });

  test("User: no Index Manager, and the explorer without Delete; the schema is open to all", async () => {
    await createDb(env.t, "staff_guide.db", ["guide.pdf"]);
    const page = await env.newPage(DEMO.user);
    await page.goto("/db-admin");
    await page.getByText("Admins and Owners only").waitFor();
    expect(await page.getByTestId("drop-zone").count()).toBe(0);
    expect(await page.getByRole("button", { name: "Run", exact: true }).count()).toBe(0);

    await page.goto("/db-viewer");
    await page.getByRole("button", { name: /^staff guide/i }).waitFor();
    expect(await page.getByRole("button", { name: /^Delete database/ }).count()).toBe(0);
    await page.getByRole("button", { name: /^View schema of staff guide$/i }).click();
    const schema = page.getByRole("dialog", { name: "Schema of staff_guide.db" });
    await schema.getByRole("table").first().waitFor();
    await page.keyboard.press("Escape");
  });
});
