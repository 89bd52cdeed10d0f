import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { DEMO } from "../helpers/app";
import { type BrowserEnv, dropFile, eventually, startBrowserEnv } from "../helpers/browser";
import { printedList, unsurePhoto } from "../helpers/drawn-photos";
import { expectFirstRowCard, shootLightAndDark, shots } from "../helpers/screens";

const NOT_AN_IMAGE = "This file is not an image: its content is not a PNG, JPG or GIF picture.";

/** A printed list of four work orders drawn by the test: two not in the demo register, then two in it. */
const IMAGE = "list.png";
let list: Buffer;

let env: BrowserEnv;
beforeAll(async () => {
  list = await printedList(["4802-07B", "9581-02A", "2521-06", "5065-04"]);
  env = await startBrowserEnv();
});
afterAll(() => env?.close());

describe("Work Order Recognition", () => {
  test("drop an image, see work orders and matches, edit one, copy matches, export CSV", async () => {
    const page = await env.newPage(DEMO.user);
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.goto("/ocr-lookup");
    await dropFile(page, list, IMAGE, "image/png");
    await page.getByRole("button", { name: "Upload & Extract" }).click();

    const found = page.getByTestId("found-count");
    await found.waitFor({ timeout: 20_000 });
    await expectText(found, "Found: 2 / 4");
    expect(await page.getByRole("textbox", { name: "Work order 1" }).inputValue()).toBe("4802-07B");
    expect(await page.getByTestId("wo-box").count()).toBe(4);
    const matches = page.getByRole("table", { name: "Matches" });
    await matches.getByText("Not Found").first().waitFor();
    expect(await matches.getByRole("row").count()).toBe(5);

    // Fix a misread: the second work order becomes one the register knows.
    const second = page.getByRole("textbox", { name: "Work order 2" });
    await second.fill("3519-03");
    await second.press("Enter");
    await expectText(found, "Found: 3 / 4");
    await matches.getByText("3519-03").first().waitFor();

    await page.getByRole("button", { name: "Copy Matches" }).click();
    await page.getByRole("button", { name: "Copied!" }).waitFor();
    const tsv = await page.evaluate(() => navigator.clipboard.readText());
    expect(tsv.split("\n")[0]).toBe("Work Order\tMatched WO\tPR\tClient\tProject\tDate\tRead As");
    expect(tsv).toContain("3519-03\t3519-03\t");

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "CSV" }).click(),
    ]);
    const csv = readFileSync((await download.path())!, "utf8");
    expect(csv.replace(/^\uFEFF/, "").split("\r\n")[0]).toBe(
      "Work Order,Matched WO,PR,Client,Project,Date,Read As",
    );
    // The header and four matches, each record ending with CRLF like the server's exports.
    const records = csv.split("\r\n");
    expect(records.pop()).toBe("");
    expect(records).toHaveLength(5);

    // Show not found only, then New Image returns to step 1 and clears.
    await page.getByText("Show not found only").click();
    expect(await matches.getByRole("row").count()).toBe(2);
    await page.getByRole("button", { name: "New Image" }).click();
    await page.getByTestId("drop-zone").waitFor();
    expect(await page.getByRole("button", { name: "Upload & Extract" }).isDisabled()).toBe(true);
    await page.context().close();
  }, 60_000);

  test("an unsure reading is shown apart with a dashed box; Add puts it in the list", async () => {
    const page = await env.newPage(DEMO.user);
    await page.goto("/ocr-lookup");
    // A sticky note, drawn by the test, with a torn handwritten work order the reader is unsure of.
    await dropFile(page, (await unsurePhoto()).jpg, "note.jpg", "image/jpeg");
    await page.getByRole("button", { name: "Upload & Extract" }).click();
    const unsure = page.getByRole("region", { name: "Unsure readings" });
    await unsure.waitFor({ timeout: 30_000 });
    expect(await page.getByTestId("unsure-box").count()).toBeGreaterThan(0);
    const add = unsure.getByRole("button", { name: /^Add \d{4}/ }).first();
    const reading =
      (await add.getAttribute("aria-label"))?.replace(/^Add /, "") ?? (await add.textContent()) ?? "";
    const listed = await page.getByRole("textbox", { name: /^Work order \d+$/ }).count();

    await add.click();
    const list = page.getByRole("region", { name: "Work orders" });
    await list.getByRole("textbox", { name: `Work order ${listed + 1}` }).waitFor();
    expect(await list.getByRole("textbox", { name: `Work order ${listed + 1}` }).inputValue()).toBe(reading);
    expect(await unsure.getByText(reading).count()).toBe(0);
    await page.getByText(`${reading} added to the work orders.`).waitFor();
    // Once the last unsure reading is added, focus goes on to the field that adds a work order, not the page.
    while (await unsure.isVisible()) await unsure.getByRole("button", { name: /^Add / }).first().click();
    await page.waitForFunction(
      () => document.activeElement?.getAttribute("aria-label") === "Add a work order",
      null,
      { timeout: 5_000 },
    );
    await page.context().close();
  }, 60_000);

  test("on a phone, step 2 fits the screen: each match is a card, the hint says Tap, numbers sit beside their boxes", async () => {
    // A phone: touch, no hover.
    const context = await env.browser.newContext({
      baseURL: env.baseUrl,
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
    });
    await context.request.post("/api/auth/login", { data: { email: DEMO.user, password: "geolabs-demo" } });
    const page = await context.newPage();
    await page.goto("/ocr-lookup");
    await dropFile(page, list, IMAGE, "image/png");
    await page.getByRole("button", { name: "Upload & Extract" }).click();
    const matches = page.getByRole("table", { name: "Matches" });
    // The first reading of a run may start the photo reader.
    await matches.getByText("Not Found").first().waitFor({ timeout: 45_000 });
    await expectFirstRowCard(page, matches, {
      "Work Order": "4802-07B",
      "Matched WO": "Not Found",
    });
    // A work order not found has no empty lines (PR, Client, Project, Date) in its card.
    expect(await matches.locator("tbody tr").first().locator('td[data-label="Date"]').isVisible()).toBe(
      false,
    );
    const known = matches.locator("tbody tr").filter({ hasText: "2521-06" }).first();
    for (const label of ["Matched WO", "PR", "Client", "Project", "Date"])
      expect(await known.locator(`td[data-label="${label}"]`).textContent(), label).not.toBe("");
    await page
      .getByText(/^Boxes show where each work order was read/)
      .getByText(/Tap one/)
      .waitFor();
    expect(await page.getByText(/Hover one/).count()).toBe(0);
    // Each number sits outside every box: no reading's digits are under it, its own or the next line's.
    const covered = await page.getByTestId("wo-box").evaluateAll((boxes) => {
      const border = 2;
      const rects = boxes.map((b) => b.getBoundingClientRect());
      return boxes.flatMap((b) => {
        const n = b.querySelector("span")!.getBoundingClientRect();
        return rects
          .filter(
            (r) =>
              n.right > r.left + border &&
              n.left < r.right - border &&
              n.bottom > r.top + border &&
              n.top < r.bottom - border,
          )
          .map(() => b.getAttribute("aria-label"));
      });
    });
    expect(covered).toEqual([]);
    await shootLightAndDark(page, "recognition-image-390", page.locator("figure"));
    await shootLightAndDark(page, "recognition-matches-390", page.getByRole("region", { name: "Matches" }));
    await context.close();
  }, 90_000);

  test("a reading not in the register offers what it may be; one click takes it and its match appears", async () => {
    const page = await env.newPage(DEMO.user);
    await page.goto("/ocr-lookup");
    // 2049 has phases 01–06 in the demo register: "-00" is no work order of it, "-06" is one digit away.
    await dropFile(page, await printedList(["2049-00"]), IMAGE, "image/png");
    await page.getByRole("button", { name: "Upload & Extract" }).click();
    const note = page.getByTestId("not-in-register");
    await note.waitFor({ timeout: 20_000 });
    await expectText(note.locator("p").first(), "Not in the register · Did you mean");
    expect(await page.getByTestId("wo-box").getAttribute("aria-label")).toContain("not in the register");
    await shots(page, "ocr-register-suggestions");
    const take = page.getByRole("button", { name: /^Use 2049-06: Lihue Rockfall Mitigation, Phase 6/ });
    await take.click();
    expect(await page.getByRole("textbox", { name: "Work order 1" }).inputValue()).toBe("2049-06");
    await expectText(page.getByTestId("read-as"), "read as 2049-00");
    const matches = page.getByRole("table", { name: "Matches" });
    await matches.getByText("Lihue Rockfall Mitigation, Phase 6").waitFor();
    await matches.getByText("read as 2049-00").waitFor();
    await shots(page, "ocr-register-taken");
    await page.context().close();
  }, 60_000);

  test("a lettered work order without its own register line matches its base, marked so", async () => {
    const page = await env.newPage(DEMO.user);
    await page.goto("/ocr-lookup");
    await dropFile(page, list, IMAGE, "image/png");
    await page.getByRole("button", { name: "Upload & Extract" }).click();
    await page.getByTestId("found-count").waitFor({ timeout: 20_000 });
    // 3519-03 is in the demo register, 3519-03A is not: the match is the base's line, and says so.
    const first = page.getByRole("textbox", { name: "Work order 1" });
    await first.fill("3519-03A");
    await first.press("Enter");
    const matches = page.getByRole("table", { name: "Matches" });
    await matches.getByText("(base 3519-03)").waitFor();
    await matches.getByText("Manoa Wastewater Pump Station, Phase 3").waitFor();
    await shots(page, "ocr-matches-base");
    await page.context().close();
  }, 60_000);

  test("dropping a file that is not an image is refused, by its content before its name", async () => {
    /** A fresh page each time, so an earlier refusal's message cannot answer for this one. */
    const refused = async (bytes: Buffer, name: string, type: string, message: string) => {
      const page = await env.newPage(DEMO.user);
      await page.goto("/ocr-lookup");
      await page.getByTestId("drop-zone").waitFor();
      await dropFile(page, bytes, name, type);
      await page.getByText(message).waitFor();
      expect(await page.getByRole("button", { name: "Upload & Extract" }).isDisabled()).toBe(true);
      return page;
    };
    const pdf = await refused(Buffer.from("%PDF-1.7"), "report.pdf", "application/pdf", NOT_AN_IMAGE);
    // Importing the register is for Admins and Owners: a User has no such button.
    expect(await pdf.getByRole("button", { name: "Import projects" }).count()).toBe(0);
    await pdf.context().close();
    // A text file named .png is not an image; a WebP is an image of the wrong kind.
    const text = await refused(Buffer.from("8801-01, 8801-02\n"), "notes.png", "image/png", NOT_AN_IMAGE);
    expect(await text.getByText("Only PNG, JPG and GIF images are accepted.").count()).toBe(0);
    await text.context().close();
    const webp = Buffer.concat([
      Buffer.from("RIFF"),
      Buffer.alloc(4),
      Buffer.from("WEBPVP8 "),
      Buffer.alloc(32),
    ]);
    const other = await refused(
      webp,
      "photo.webp",
      "image/webp",
      "Only PNG, JPG and GIF images are accepted.",
    );
    await other.context().close();
  }, 60_000);

  test("every sharp printed work order is listed, none left among the unsure; the badge counts the list", async () => {
    const page = await env.newPage(DEMO.user);
    await page.goto("/ocr-lookup");
    const printed = await printedList(["2521-06", "3519-03", "4554-03", "6070-03"]);
    await dropFile(page, printed, "list.png", "image/png");
    await page.getByRole("button", { name: "Upload & Extract" }).click();
    const found = page.getByTestId("found-count");
    await found.waitFor({ timeout: 20_000 });
    const listed = page.getByRole("textbox", { name: /^Work order \d+$/ });
    const values = await Promise.all((await listed.all()).map((box) => box.inputValue()));
    expect(values).toEqual(["2521-06", "3519-03", "4554-03", "6070-03"]);
    expect(await page.getByTestId("unsure-box").count()).toBe(0);
    expect(await found.textContent()).toMatch(/^Found: \d \/ 4$/);
    await page.context().close();
  }, 60_000);

  test("a damaged image says what is wrong with the file, not 'Please try again'", async () => {
    const page = await env.newPage(DEMO.user);
    await page.goto("/ocr-lookup");
    await dropFile(page, list.subarray(0, 200), "photo.png", "image/png");
    await page.getByRole("button", { name: "Upload & Extract" }).click();
    await page
      .getByText("The image could not be decoded: the file is damaged or cut short.")
      .first()
      .waitFor({ timeout: 20_000 });
    expect(await page.getByText("Please try again").count()).toBe(0);
    await page.context().close();
  }, 60_000);

  test("an Admin checks a register file before importing it", async () => {
    const page = await env.newPage(DEMO.admin);
    await page.goto("/ocr-lookup");
    await page.getByRole("button", { name: "Import projects" }).click();
    await page.getByTestId("register-stats").getByText("20,000 demo").waitFor();
    await page.getByLabel("Register file").setInputFiles({
      name: "register.csv",
      mimeType: "text/csv",
      buffer: Buffer.from("Work Order Number,Client\n9301-01,Hawaii Gas\n,Nobody\n"),
    });
    await page.getByRole("button", { name: "Check file" }).click();
    await page.getByText("Dry run: 2 rows, 1 accepted").waitFor();
    await page
      .getByRole("table", { name: "Rejected rows" })
      .getByText("Work Order Number is empty.")
      .waitFor();
    await page.getByRole("button", { name: "Import 1 projects" }).click();
    await page.getByText("Register updated: 1 added, 0 updated, 0 removed.").waitFor();
    await page.context().close();
  });
});

async function expectText(locator: import("playwright-core").Locator, text: string) {
  await eventually(async () => (await locator.textContent())?.trim(), text);
}
