import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { STORAGE_MESSAGES } from "@shared/storage";
import type { Page } from "playwright-core";
import { DEMO } from "../helpers/app";
import { type BrowserEnv, startBrowserEnv } from "../helpers/browser";
import { createDb } from "../helpers/doc-screens";
import { SHOTS, shots as shoot } from "../helpers/screens";

/**
 * Files, names and history as staff see them (issue 55): a database by its one display name on every storage
 * screen, Move/Rename refusing to strip a PDF's .pdf, and Activity saying what was moved and what was done.
 */
const DB = "field_operations.db";
const SHOWN = "Field Operations";
let env: BrowserEnv;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  env = await startBrowserEnv();
  await createDb(env.t, DB, ["Crew Guide.pdf"]);
}, 60_000);
afterAll(() => env?.close());

const optionTexts = (page: Page, label: string) =>
  page.getByLabel(label, { exact: true }).locator("option").allTextContents();

describe("one display name per database", () => {
  test("the S3 Uploader, the S3 Browser and the Index Manager name the database as Ask AI does", async () => {
    const page = await env.newPage(DEMO.admin);
    await page.goto("/s3-admin");
    const group = page.getByRole("region", { name: `Folder ${SHOWN}` });
    await group.getByRole("button", { name: "Preview Crew Guide.pdf" }).waitFor();
    expect(await optionTexts(page, "Target DB")).toContain(SHOWN);
    expect(await optionTexts(page, "Target DB")).not.toContain(DB);
    // The chosen value is still the database's name: what the server is sent does not change.
    expect(await page.getByLabel("Target DB", { exact: true }).inputValue()).toBe(DB);

    await page.goto("/s3-viewer");
    await page.getByRole("button", { name: "Preview Crew Guide.pdf" }).waitFor();
    expect(await optionTexts(page, "Folder")).toEqual(["All folders", SHOWN]);

    await page.goto("/db-admin");
    const history = page.getByRole("list", { name: "Upload history" });
    await history.getByText("Crew Guide.pdf").waitFor();
    expect(await history.textContent()).toContain(SHOWN);
    expect(await history.textContent()).not.toContain(DB);
    await page.getByRole("radio", { name: "Append" }).check();
    expect(await optionTexts(page, "Select DB")).toContain(SHOWN);
    expect(await optionTexts(page, "Select DB")).not.toContain(DB);
    await page.context().close();
  });
});

describe("Move/Rename and Activity", () => {
  test("the dialog refuses to strip .pdf on the field, before sending; a kept .pdf moves", async () => {
    const page = await env.newPage(DEMO.admin);
    const sent: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("storage.move") || r.url().includes("/api/s3/move")) sent.push(r.url());
    });
    await page.goto("/s3-admin");
    const group = page.getByRole("region", { name: `Folder ${SHOWN}` });
    await group.getByRole("button", { name: "Move or rename Crew Guide.pdf" }).click();
    const dialog = page.getByRole("dialog", { name: "Move/Rename" });
    const path = dialog.getByLabel("New path");
    await path.fill("Crew Guide.txt");
    await dialog.getByRole("button", { name: "Move" }).click();
    await dialog.getByRole("alert").getByText(STORAGE_MESSAGES.movePdfExtension).waitFor();
    expect(await path.getAttribute("aria-invalid")).toBe("true");
    expect(sent).toEqual([]);
    await shoot(page, "move-keeps-pdf");

    await path.fill("Crew Handbook.pdf");
    await dialog.getByRole("button", { name: "Move" }).click();
    await dialog.waitFor({ state: "detached" });
    await group.getByRole("button", { name: "Preview Crew Handbook.pdf" }).waitFor();
    await page.context().close();
  });

  test("Activity shows a move as old → new, names the Target column, and Mark Dumped & Remove in its own words", async () => {
    const cookie = await env.t.login(DEMO.user);
    const box = (await (
      await env.t.request("/api/core-boxes", {
        method: "POST",
        cookie,
        json: { work_order: "5501-03", project: "Manoa Footbridge", keep_or_dump: "Save" },
      })
    ).json()) as { id: number };
    const dumped = await env.t.request(`/api/core-boxes/${box.id}/dump-and-remove`, {
      method: "POST",
      cookie,
    });
    expect(dumped.status).toBe(200);

    const page = await env.newPage(DEMO.owner);
    await page.goto("/admin?tab=activity");
    const table = page.getByRole("table", { name: "Account activity" });
    const moved = table.getByRole("row").filter({ hasText: "File moved or renamed" });
    await moved.waitFor();
    expect(await moved.textContent()).toContain(`${DB}/Crew Guide.pdf → ${DB}/Crew Handbook.pdf`);
    expect(await table.getByRole("columnheader").allTextContents()).toEqual([
      "When",
      "Who",
      "What",
      "Target",
      "Change",
    ]);
    const box5501 = table.getByRole("row").filter({ hasText: "5501-03" });
    expect(await box5501.textContent()).toContain("Core box dumped and removed");
    expect(await table.getByText("Core box deleted").count()).toBe(0);
    await shoot(page, "activity-move-row");
    // At phone width the table scrolls sideways: the move's Target and Change, scrolled into view.
    await page.setViewportSize({ width: 390, height: 800 });
    await moved.getByText("→").scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SHOTS, "activity-move-row-390-change.png") });
    await page.context().close();
  });
});
