import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { REPORTS_TEXTS } from "@shared/reports";
import { DEMO } from "../helpers/app";
import { type BrowserEnv, startBrowserEnv, throttleUpload } from "../helpers/browser";
import { textPdf } from "../helpers/pdfs";
import { shots } from "../helpers/screens";

let env: BrowserEnv;
beforeAll(async () => {
  env = await startBrowserEnv();
});
afterAll(() => env?.close());

const pdf = async (name: string, pages: string[]) => ({
  name,
  mimeType: "application/pdf",
  buffer: Buffer.from(await textPdf(pages)),
});

describe("Reports Indexer", () => {
  test("index three reports: the Log streams, the list and counts refresh, search finds a phrase on its page", async () => {
    const page = await env.newPage(DEMO.admin);
    await page.goto("/reports");
    await page.getByRole("heading", { level: 1, name: REPORTS_TEXTS.title }).waitFor();
    await page.getByText(REPORTS_TEXTS.nameFormat).waitFor();
    await page
      .getByRole("table", { name: REPORTS_TEXTS.indexedFiles })
      .getByText(REPORTS_TEXTS.noReports)
      .waitFor();
    const status = page.getByTestId("index-status");

    // Options: labelled, keyboard-operable, with the spec's defaults.
    const s3 = page.getByLabel(REPORTS_TEXTS.uploadToS3);
    const replace = page.getByLabel(REPORTS_TEXTS.replaceIfIndexed);
    expect(await s3.getAttribute("aria-checked")).toBe("true");
    expect(await replace.getAttribute("aria-checked")).toBe("false");
    await replace.focus();
    await page.keyboard.press("Space");
    expect(await replace.getAttribute("aria-checked")).toBe("true");
    await page.keyboard.press("Space");

    // Nothing chosen.
    const indexButton = page.getByRole("button", { name: REPORTS_TEXTS.indexSelected });
    await indexButton.click();
    await status.getByText(REPORTS_TEXTS.noPdfsSelected).waitFor();

    // Three well-named reports and a stray text file (left out).
    await page
      .getByLabel("Choose PDFs")
      .setInputFiles([
        await pdf("1234-56.Kapolei Substation.pdf", [
          "Kapolei substation geotechnical report.",
          "Boring B-2 met vesicular basalt at eleven feet.",
        ]),
        await pdf("2201-07A.Pier 12.pdf", ["Pier 12 pile load test in a coral sand lens."]),
        await pdf("3300-01.Waimea Bridge.pdf", ["Waimea bridge abutment with artesian pressure."]),
        { name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not a report") },
      ]);
    await page
      .getByTestId("selection-summary")
      .getByText(/^3 PDFs selected/)
      .waitFor();
    await status.getByText("1 file that is not a PDF was left out.").waitFor();
    const selected = page.getByRole("list", { name: "Selected reports" });
    expect(await selected.getByRole("listitem").count()).toBe(3);

    await throttleUpload(page, 4 * 1024);
    await indexButton.click();
    await page.getByRole("button", { name: REPORTS_TEXTS.processing }).waitFor();
    await page.getByRole("progressbar", { name: "Upload progress" }).waitFor();
    const log = page.getByRole("list", { name: REPORTS_TEXTS.log });
    await log
      .getByRole("listitem", { name: /^1234-56\.Kapolei Substation\.pdf: / })
      .first()
      .waitFor();
    await indexButton.waitFor({ timeout: 20_000 });
    for (const name of [
      "1234-56.Kapolei Substation.pdf",
      "2201-07A.Pier 12.pdf",
      "3300-01.Waimea Bridge.pdf",
    ]) {
      expect(
        await log.getByRole("listitem", { name: new RegExp(`^${name.replace(/\./g, "\\.")}: `) }).count(),
      ).toBeGreaterThan(0);
    }
    expect(await log.locator('[data-tone="failed"]').count()).toBe(0);
    await page.getByText("Indexing finished.").waitFor();
    await page.getByText("3 reports indexed, 0 replaced, 0 skipped, 0 failed.").waitFor();
    // A clean run empties the selection.
    await selected.waitFor({ state: "detached" });

    // The list and the counts refresh.
    const table = page.getByRole("table", { name: REPORTS_TEXTS.indexedFiles });
    await table.getByText("2201-07A.Pier 12.pdf").waitFor();
    expect(await table.locator("tbody tr").count()).toBe(3);
    const kapolei = table.locator("tr", { hasText: "1234-56.Kapolei Substation.pdf" });
    expect(await kapolei.locator("td").nth(1).textContent()).toBe("1234-56");
    expect(await kapolei.locator("td").nth(2).textContent()).toBe("Kapolei Substation");
    expect(await kapolei.locator("td").nth(3).textContent()).toBe("2");
    expect(await page.getByTestId("stat-files").textContent()).toBe("3");
    expect(await page.getByTestId("stat-pages").textContent()).toBe("4");

    // Filter the list by W.O. prefix (in the URL).
    await page.getByLabel("Indexed files: W.O. prefix").fill("2201");
    // (The router keeps numeric-looking text as a JSON string: ?file_wo=%222201%22.)
    await page.waitForURL(/file_wo=%222201%22/);
    await table.locator("tbody tr").nth(1).waitFor({ state: "detached" });
    expect(await table.locator("tbody tr").count()).toBe(1);

    // Full-text search: the phrase on page 2 of the Kapolei report, highlighted, opened at its page.
    await page.getByLabel("Search inside all reports").fill("vesicular basalt");
    await page.waitForURL(/q=vesicular/);
    const results = page.getByRole("list", { name: "Search results" });
    const open = results.getByRole("button", { name: "Open 1234-56.Kapolei Substation.pdf at page 2" });
    await open.waitFor();
    expect(await results.getByRole("listitem").count()).toBe(1);
    const marks = await results.locator("mark").allTextContents();
    expect(marks.join(" ").toLowerCase()).toContain("basalt");
    const [tab] = await Promise.all([page.context().waitForEvent("page"), open.click()]);
    await tab.waitForURL(/page=2/);
    await tab.close();

    // The search survives a reload (URL state) and a W.O. prefix narrows it.
    await page.reload();
    await open.waitFor();
    await page.getByLabel("Search: W.O. prefix").fill("2201");
    await page.getByText(REPORTS_TEXTS.noHits).waitFor();
    await page.getByLabel("Search: W.O. prefix").fill("kapolei");
    await page.getByText("W.O. prefix must be the start of a work order like 1234-56").first().waitFor();
    await page.context().close();
  });

  test("a folder with no PDFs, and a name out of form warned before sending and refused by the server", async () => {
    const page = await env.newPage(DEMO.owner);
    await page.goto("/reports");
    const status = page.getByTestId("index-status");
    await page.getByLabel(REPORTS_TEXTS.modeLabel).selectOption({ label: REPORTS_TEXTS.modeFolder });
    const dir = mkdtempSync(join(tmpdir(), "reports-folder-"));
    writeFileSync(join(dir, "readme.txt"), "no reports here");
    writeFileSync(join(dir, "photo.jpg"), "not a pdf");
    await page.getByLabel("Choose a reports folder").setInputFiles(dir);
    await status.getByText(REPORTS_TEXTS.noPdfsInSelection).waitFor();
    await page.getByRole("button", { name: REPORTS_TEXTS.indexSelected }).click();
    await status.getByText(REPORTS_TEXTS.noPdfsInSelection).waitFor();

    await page.getByLabel(REPORTS_TEXTS.modeLabel).selectOption({ label: REPORTS_TEXTS.modeUpload });
    await page
      .getByLabel("Choose PDFs")
      .setInputFiles([
        await pdf("Kapolei notes.pdf", ["Loose notes."]),
        await pdf("4400-02.Hilo Airport.pdf", ["Hilo airport runway pavement borings."]),
      ]);
    await page.getByLabel(REPORTS_TEXTS.uploadToS3).click();
    await page.getByText("1 name does not follow the form; the server may refuse it.").waitFor();
    await page.getByRole("button", { name: REPORTS_TEXTS.indexSelected }).click();
    const log = page.getByRole("list", { name: REPORTS_TEXTS.log });
    await log
      .locator('[data-tone="failed"]', { hasText: /^Error: Kapolei notes\.pdf: / })
      .first()
      .waitFor();
    await page.getByText("Indexing finished with errors.").waitFor();
    await page.getByText("1 report indexed, 0 replaced, 0 skipped, 1 failed.").waitFor();
    // What was indexed leaves the selection; the refused file stays, to send again.
    const selected = page.getByRole("list", { name: "Selected reports" });
    await selected.getByText("4400-02.Hilo Airport.pdf", { exact: true }).waitFor({ state: "detached" });
    expect(await selected.getByRole("listitem").count()).toBe(1);
    await selected.getByText("Kapolei notes.pdf", { exact: true }).waitFor();

    // Sent without "Upload original PDF to S3": searchable, marked in the list, and cannot be opened.
    const table = page.getByRole("table", { name: REPORTS_TEXTS.indexedFiles });
    await table.locator("tr", { hasText: "4400-02.Hilo Airport.pdf" }).getByText("not stored").waitFor();
    await page.getByLabel("Search inside all reports").fill("runway pavement");
    await page.getByRole("button", { name: "Open 4400-02.Hilo Airport.pdf at page 1" }).click();
    await page.getByText(REPORTS_TEXTS.originalNotStored).waitFor();
    await page.context().close();
  });

  test("a text file named .pdf is 'not a PDF' before its name is judged, on the screen and in the log", async () => {
    const page = await env.newPage(DEMO.owner);
    await page.goto("/reports");
    await page
      .getByLabel("Choose PDFs")
      .setInputFiles([
        { name: "Lab Guide.pdf", mimeType: "application/pdf", buffer: Buffer.from("just some notes") },
        await pdf("Field Guide.pdf", ["A real PDF with a name out of form."]),
      ]);
    const notPdf = "This file is not a PDF (its content does not start with %PDF-).";
    const selected = page.getByRole("list", { name: "Selected reports" });
    await page.getByText("1 file is not a PDF by its content; the server will refuse it.").waitFor();
    await page.getByText("1 name does not follow the form; the server may refuse it.").waitFor();
    const text = selected.getByRole("listitem").filter({ hasText: "Lab Guide.pdf" });
    await text.getByText(notPdf).waitFor();
    expect(await text.getByText(/work order/).count()).toBe(0);
    await selected
      .getByRole("listitem")
      .filter({ hasText: "Field Guide.pdf" })
      .getByText(/the name has no work order/)
      .waitFor();
    await shots(page, "reports-not-a-pdf");
    await page.getByRole("button", { name: REPORTS_TEXTS.indexSelected }).click();
    const log = page.getByRole("list", { name: REPORTS_TEXTS.log });
    await log.getByText(`Error: Lab Guide.pdf: ${notPdf}`).waitFor();
    await log.getByText(/^Error: Field Guide\.pdf: the name has no work order/).waitFor();
    await page.context().close();
  });

  test("a User searches and browses; the indexing panel is disabled with the reason", async () => {
    const page = await env.newPage(DEMO.user);
    await page.goto("/reports");
    await page.getByText("Only Admins and Owners can index reports.", { exact: false }).waitFor();
    expect(await page.getByRole("button", { name: REPORTS_TEXTS.indexSelected }).isDisabled()).toBe(true);
    expect(await page.getByLabel(REPORTS_TEXTS.uploadToS3).isDisabled()).toBe(true);
    expect(await page.getByLabel(REPORTS_TEXTS.modeLabel).isDisabled()).toBe(true);
    expect(await page.getByRole("list", { name: REPORTS_TEXTS.log }).count()).toBe(0);
    expect(await page.getByLabel("Search inside all reports").isEnabled()).toBe(true);
    await page
      .getByRole("table", { name: REPORTS_TEXTS.indexedFiles })
      .getByText("2201-07A.Pier 12.pdf")
      .waitFor();
    await page.context().close();
  });

  test("the banner says the reports API is unreachable when it does not answer", async () => {
    const page = await env.newPage(DEMO.admin);
    await page.route(/\/trpc\/[^?]*reports\.stats/, (route) => route.abort("connectionrefused"));
    await page.goto("/reports");
    await page.getByRole("alert").getByText(REPORTS_TEXTS.apiUnreachable).waitFor();
    await page.context().close();
  });
});
