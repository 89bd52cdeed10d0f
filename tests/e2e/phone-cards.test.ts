import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { REPORTS_TEXTS } from "@shared/reports";
import type { Page } from "playwright-core";
import { DEMO } from "../helpers/app";
import { type BrowserEnv, startBrowserEnv } from "../helpers/browser";
import { textPdf } from "../helpers/pdfs";
import { bulkIndex } from "../helpers/reports";
import { expectFirstRowCard, placeholderFits, shootLightAndDark } from "../helpers/screens";

/** On a phone (390 px) every list is a stack of cards: no column is cut off at the side, nothing scrolls sideways. */
let env: BrowserEnv;
beforeAll(async () => {
  env = await startBrowserEnv();
  const cookie = await env.t.login(DEMO.admin);
  const indexed = await bulkIndex(env.t, cookie, [
    {
      name: "6817-03A.Manoa Valley Retaining Wall.pdf",
      content: await textPdf(["Manoa valley retaining wall: borings met stiff clay at six feet."]),
    },
  ]);
  if (indexed.status !== 200) throw new Error(`bulk-index: ${indexed.status}`);
  await env.t.deps.store.put(
    "field_notes/Kaimuki Slope Survey, second visit.pdf",
    (async function* () {
      yield new TextEncoder().encode("%PDF-1.4\n%%EOF\n");
    })(),
    { contentType: "application/pdf" },
  );
});
afterAll(() => env?.close());

async function phone(who: string): Promise<Page> {
  const page = await env.newPage(who);
  await page.setViewportSize({ width: 390, height: 844 });
  return page;
}

describe("phones: lists are cards", () => {
  test("S3 Browser: the stored file is a card with its name, folder, type and actions", async () => {
    const page = await phone(DEMO.admin);
    await page.goto("/s3-viewer?q=Kaimuki");
    const table = page.getByRole("table", { name: "Stored files" });
    await expectFirstRowCard(page, table, {
      Name: "Kaimuki Slope Survey, second visit.pdf",
      Folder: /field_notes|Field notes/i,
      Type: /pdf/i,
      Actions: /Copy URL/,
    });
    await shootLightAndDark(page, "s3-browser-390");
    await page.context().close();
  });

  test("Admin Console: each account is a card with its email, role and what can be done", async () => {
    const page = await phone(DEMO.owner);
    await page.goto("/admin");
    const table = page.getByRole("table", { name: "Accounts" });
    const first = table.locator("tbody tr").first();
    await first
      .locator('td[data-label="Email"]')
      .getByText(/@geolabs\.example/)
      .waitFor();
    await expectFirstRowCard(page, table, { Email: /@geolabs\.example/, Role: /Owner|Admin|User/ });
    expect(await first.locator('td[data-label="Change Role"]').getByRole("combobox").isVisible()).toBe(true);
    expect(await first.locator('td[data-label="Actions"]').getByRole("button").first().isVisible()).toBe(
      true,
    );
    await shootLightAndDark(page, "admin-users-390");
    await page.context().close();
  });

  test("Onboarded: each account is a card with every column on its own line", async () => {
    const page = await phone(DEMO.admin);
    await page.goto("/it-onboarded");
    const table = page.getByRole("table", { name: "Onboarded accounts" });
    await table
      .getByText(/@geolabs\.example/)
      .first()
      .waitFor();
    await expectFirstRowCard(page, table, {
      Email: /@geolabs\.example/,
      Name: /\w/,
      Role: /Owner|Admin|User/,
      Status: /Active|Removed/,
      Added: /\d{4}-\d{2}-\d{2}/,
      "First sign-in": /\d{4}-\d{2}-\d{2}|Not yet/,
      "Registered by": /\w/,
    });
    await shootLightAndDark(page, "onboarded-390");
    await page.context().close();
  });

  test("Reports: the indexed report is a card; the W.O. prefix boxes say what they take", async () => {
    const page = await phone(DEMO.user);
    await page.goto("/reports");
    const table = page.getByRole("table", { name: REPORTS_TEXTS.indexedFiles });
    await table.getByText("6817-03A.Manoa Valley Retaining Wall.pdf").waitFor();
    await expectFirstRowCard(page, table, {
      "File name": "6817-03A.Manoa Valley Retaining Wall.pdf",
      "W.O.": "6817-03A",
      Project: "Manoa Valley Retaining Wall",
      Pages: "1",
      Indexed: /\d{4}-\d{2}-\d{2}/,
    });
    for (const label of ["Search: W.O. prefix", "Indexed files: W.O. prefix"]) {
      const box = page.getByLabel(label);
      expect(await box.getAttribute("placeholder"), label).toBe(REPORTS_TEXTS.woPrefixPlaceholder);
      expect(await placeholderFits(box), `${label} placeholder fits`).toBe(true);
    }
    expect(await page.getByPlaceholder("Search…", { exact: true }).count()).toBe(0);
    await shootLightAndDark(page, "reports-390");
    await page.context().close();
  });
});
