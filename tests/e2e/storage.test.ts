import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { DEMO } from "../helpers/app";
import { type BrowserEnv, startBrowserEnv } from "../helpers/browser";

let env: BrowserEnv;
beforeAll(async () => {
  env = await startBrowserEnv();
});
afterAll(() => env?.close());

/** A small valid one-page PDF; `pad` bytes of comment after %%EOF make it as large as a test needs. */
function pdf(text: string, pad = 0): Buffer {
  const stream = `BT /F1 18 Tf 30 100 Td (${text}) Tj ET`;
  const body = [
    "%PDF-1.4",
    "1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj",
    "2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj",
    "3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 300 200]/Contents 4 0 R/Resources<</Font<</F1 5 0 R>>>>>>endobj",
    `4 0 obj<</Length ${stream.length}>>stream\n${stream}\nendstream endobj`,
    "5 0 obj<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>endobj",
    "trailer<</Root 1 0 R>>",
    "%%EOF",
    "",
  ].join("\n");
  return Buffer.concat([Buffer.from(body), Buffer.alloc(pad, 0x25)]);
}

async function putObject(key: string, bytes: Uint8Array, contentType: string) {
  await env.t.deps.store.put(
    key,
    (async function* () {
      yield bytes;
    })(),
    { contentType },
  );
}

/** Every aria-valuenow the queue's progress bars take, recorded in the page as they change. */
async function recordProgress(page: Page) {
  await page.evaluate(() => {
    const seen: number[] = [];
    (window as unknown as { __progress: number[] }).__progress = seen;
    new MutationObserver((records) => {
      for (const r of records) {
        const el = r.target as Element;
        if (el.getAttribute?.("role") === "progressbar") seen.push(Number(el.getAttribute("aria-valuenow")));
      }
    }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ["aria-valuenow"] });
  });
  return () => page.evaluate(() => (window as unknown as { __progress: number[] }).__progress);
}

describe("S3 Uploader", () => {
  test("upload two PDFs with progress, preview one, move it, delete it; history; indexing refused for a non-database folder", async () => {
    const page = await env.newPage(DEMO.admin);
    await page.goto("/s3-admin");
    await page.getByText("No files.").waitFor();

    // An empty store has no databases yet: the Target DB starts on "New folder/database…".
    await page.getByLabel("New database name").fill("e2e_db");
    await page.getByLabel("Subfolder").fill("reports");

    // Slow the upload link so the progress bar moves through real intermediate values.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 2 * 1024 * 1024,
    });
    const progress = await recordProgress(page);
    await page.getByLabel("Choose files").setInputFiles([
      { name: "Site-Report.PDF", mimeType: "application/pdf", buffer: pdf("Site report", 3 * 1024 * 1024) },
      { name: "lab-data.pdf", mimeType: "application/pdf", buffer: pdf("Lab data") },
      { name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not a pdf") },
    ]);
    const queue = page.getByRole("list", { name: "Upload queue" });
    // notes.txt is not sent, and not dropped without a word: it is listed as not a PDF.
    const refused = queue.getByRole("listitem", { name: "notes.txt: error" });
    await refused.getByText("Not a PDF").waitFor();
    expect(await queue.getByRole("listitem").count()).toBe(3);
    await queue.locator('li[data-status="done"]').nth(1).waitFor({ timeout: 20_000 });
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    const values = await progress();
    expect(values.some((v) => v > 0 && v < 100)).toBe(true);
    expect(values.at(-1)).toBe(100);
    await page.getByText("Uploaded", { exact: true }).first().waitFor();

    // The list refreshed: one group for the new database with both files.
    const group = page.getByRole("region", { name: "Folder e2e_db" });
    await group.getByRole("button", { name: "Preview Site-Report.PDF" }).waitFor();
    await group.getByText("2", { exact: true }).waitFor();
    expect(await group.textContent()).toContain("reports/");

    // Clear finished empties the queue.
    await page.getByRole("button", { name: "Clear finished" }).click();
    await queue.waitFor({ state: "detached" });

    // Preview in the side pane: the PDF frame on a signed link that the app serves.
    await group.getByRole("button", { name: "Preview Site-Report.PDF" }).click();
    const frame = page.getByTitle("Preview of Site-Report.PDF");
    await frame.waitFor();
    const src = (await frame.getAttribute("src"))!;
    expect(src).toStartWith("/files/e2e_db/reports/Site-Report.PDF?");
    const res = await page.request.get(src);
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toBe("application/pdf");
    await page.keyboard.press("Escape");
    await frame.waitFor({ state: "detached" });

    // Move/Rename: another top folder is refused in the dialog; a new path in the same one moves it.
    await group.getByRole("button", { name: "Move or rename Site-Report.PDF" }).click();
    const dialog = page.getByRole("dialog", { name: "Move/Rename" });
    const path = dialog.getByLabel("New path");
    expect(await path.inputValue()).toBe("e2e_db/reports/Site-Report.PDF");
    await path.fill("elsewhere/Site-Report.PDF");
    await dialog.getByRole("button", { name: "Move" }).click();
    await dialog.getByText("A file can only be moved within its top folder 'e2e_db'.").waitFor();
    await path.fill("e2e_db//archive//site-report-final.pdf");
    await dialog.getByRole("button", { name: "Move" }).click();
    await page.getByText("Moved", { exact: true }).waitFor();
    await dialog.waitFor({ state: "detached" });
    await group.getByRole("button", { name: "Delete site-report-final.pdf" }).waitFor();
    expect(await group.textContent()).toContain("archive/");
    // A name alone renames the file in its folder, and back.
    for (const [from, to] of [
      ["site-report-final.pdf", "site-report-v2.pdf"],
      ["site-report-v2.pdf", "site-report-final.pdf"],
    ] as const) {
      await group.getByRole("button", { name: `Move or rename ${from}` }).click();
      await dialog.getByLabel("New path").fill(to);
      await dialog.getByRole("button", { name: "Move" }).click();
      await dialog.waitFor({ state: "detached" });
      await group.getByRole("button", { name: `Delete ${to}` }).waitFor();
      expect(await env.t.deps.store.head(`e2e_db/archive/${to}`)).not.toBeNull();
    }

    // Delete it, with the spec's confirmation; Cancel first keeps it.
    await group.getByRole("button", { name: "Delete site-report-final.pdf" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete 1 item(s) from S3?" });
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await confirm.waitFor({ state: "detached" });
    await group.getByRole("button", { name: "Delete site-report-final.pdf" }).click();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await page.getByText("Deleted", { exact: true }).waitFor();
    await group.getByRole("button", { name: "Delete site-report-final.pdf" }).waitFor({ state: "detached" });
    expect(await env.t.deps.store.head("e2e_db/archive/site-report-final.pdf")).toBeNull();

    // Index: a folder without .db is not a document database; the toast carries the server's reason.
    await group.getByRole("button", { name: "Index lab-data.pdf" }).click();
    await page.getByText("Indexing failed", { exact: true }).waitFor();
    // Anchored: the upload toast for Site-Report.PDF, naming its path first, may still be on screen.
    await page.getByText(/^e2e_db cannot be indexed into/).waitFor();

    // The history drawer has the upload, the move and the delete, by the signed-in admin.
    await page.getByRole("button", { name: "Show History" }).click();
    const drawer = page.getByRole("dialog", { name: "Upload & Index History" });
    const history = drawer.getByRole("list", { name: "Recent activity" });
    await history.waitFor();
    const text = (await history.textContent()) ?? "";
    for (const part of [
      "Uploaded",
      "lab-data.pdf",
      "Moved",
      "Deleted",
      "archive/site-report-final.pdf",
      "e2e_db",
    ])
      expect(text).toContain(part);
    expect(text).toContain(`by ${DEMO.admin}`);
    // The toggle says what it does next; Escape closes the drawer.
    await page.getByRole("button", { name: "Hide History" }).waitFor();
    await page.keyboard.press("Escape");
    await drawer.waitFor({ state: "detached" });
    await page.getByRole("button", { name: "Show History" }).waitFor();
    await page.context().close();
  });

  test("drag-and-drop and keyboard; no target DB gives 'Pick a target DB first'; bulk delete asks first", async () => {
    await putObject("bulk_db/one.pdf", pdf("one"), "application/pdf");
    await putObject("bulk_db/two.pdf", pdf("two"), "application/pdf");
    const page = await env.newPage(DEMO.owner);
    await page.goto("/s3-admin");
    const group = page.getByRole("region", { name: "Folder bulk_db" });
    await group.waitFor();
    const target = page.getByLabel("Target DB");
    await target.selectOption("bulk_db");

    // Dropped files: the PDF (any case) is queued, the image is listed as not a PDF and never sent.
    const transfer = await page.evaluateHandle((text) => {
      const dt = new DataTransfer();
      dt.items.add(new File([text], "dropped.PDF", { type: "application/pdf" }));
      dt.items.add(new File(["not a pdf"], "photo.png", { type: "image/png" }));
      return dt;
    }, pdf("dropped").toString("latin1"));
    await page.getByTestId("drop-zone").dispatchEvent("drop", { dataTransfer: transfer });
    const queue = page.getByRole("list", { name: "Upload queue" });
    await queue.locator('li[data-status="done"]').waitFor();
    expect(await queue.getByRole("listitem").count()).toBe(2);
    await queue.getByRole("listitem", { name: "photo.png: error" }).getByText("Not a PDF").waitFor();
    await group.getByRole("button", { name: "Preview dropped.PDF" }).waitFor();

    // The drop zone is a button: Enter opens the file chooser. With no Target DB the file fails at once.
    await target.selectOption({ label: "New folder/database…" });
    const choosing = page.waitForEvent("filechooser");
    await page.getByTestId("drop-zone").press("Enter");
    const chooser = await choosing;
    await chooser.setFiles([{ name: "orphan.pdf", mimeType: "application/pdf", buffer: pdf("orphan") }]);
    await queue.locator('li[data-status="error"]').getByText("Pick a target DB first").waitFor();
    await page.getByText("Pick a target DB first").first().waitFor();

    // Retry sends it with the Target DB chosen now.
    await page.getByLabel("New database name").fill("retry_db");
    await queue.getByRole("button", { name: "Retry orphan.pdf" }).click();
    await page.getByRole("region", { name: "Folder retry_db" }).waitFor();

    // Select the whole group, then Delete selected with the spec's confirmation.
    await group.getByRole("checkbox", { name: "Select all rows on this page" }).click();
    await page.getByRole("toolbar", { name: "Bulk actions" }).getByText("3 selected").waitFor();
    await page.getByRole("button", { name: "Delete selected" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete 3 item(s) from S3?" });
    await confirm.getByRole("button", { name: "Delete" }).click();
    await page.getByText("Deleted", { exact: true }).waitFor();
    await group.waitFor({ state: "detached" });
    expect(await env.t.deps.store.head("bulk_db/one.pdf")).toBeNull();
    await page.context().close();
  });

  test("a file listed as 'Not a PDF' still says so after Retry (the server refuses its name), never 'Upload failed'; 5 B", async () => {
    await putObject("notpdf_db/keep.pdf", pdf("keep"), "application/pdf");
    const page = await env.newPage(DEMO.admin);
    await page.goto("/s3-admin");
    await page.getByRole("region", { name: "Folder notpdf_db" }).waitFor();
    await page.getByLabel("Target DB").selectOption("notpdf_db");
    await page
      .getByLabel("Choose files")
      .setInputFiles([{ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") }]);
    const queue = page.getByRole("list", { name: "Upload queue" });
    const chip = queue.getByRole("listitem", { name: "notes.txt: error" });
    await chip.getByText("Not a PDF").waitFor();
    expect(await chip.getByText("5 B", { exact: true }).count()).toBe(1);

    // Retry sends it anyway; the server refuses it by its name, and the chip and the toast say why in the same words.
    const answered = page.waitForResponse((r) => r.url().includes("/api/s3/upload"));
    await queue.getByRole("button", { name: "Retry notes.txt" }).click();
    expect((await answered).status()).toBe(400);
    await chip.getByText("Not a PDF").waitFor();
    await page.locator("[data-sonner-toast]").getByText("Not a PDF", { exact: true }).waitFor();
    expect(await page.getByText("Upload failed").count()).toBe(0);
    expect(await page.getByText("Only PDF files can be uploaded", { exact: false }).count()).toBe(0);
    await page.context().close();
  });

  test("Move/Rename: a name alone renames in its folder; path tricks are refused in the dialog in words, nothing sent", async () => {
    await putObject("tricks_db/reports/a.pdf", pdf("a"), "application/pdf");
    const page = await env.newPage(DEMO.admin);
    const moves: string[] = [];
    page.on("request", (r) => {
      if (/storage\.move|\/api\/s3\/move/.test(r.url())) moves.push(r.url());
    });
    await page.goto("/s3-admin");
    const group = page.getByRole("region", { name: "Folder tricks_db" });
    await group.getByRole("button", { name: "Move or rename a.pdf" }).click();
    const dialog = page.getByRole("dialog", { name: "Move/Rename" });
    await dialog.getByText("a name alone renames it in its folder", { exact: false }).waitFor();
    const path = dialog.getByLabel("New path");
    const dots = "The new path must not contain . or .. path segments.";
    for (const [typed, said] of [
      ["..", dots],
      ["../a.pdf", dots],
      ["tricks_db/../other/a.pdf", dots],
      ["a\u0000.pdf", "The new path must not contain control characters."],
      ["a\u202efdp.pdf", "The new path must not contain invisible or direction-changing characters."],
      ["..\\a.pdf", "The new path must use / between folders, not \\."],
      ["/etc/passwd", "A file can only be moved within its top folder 'tricks_db'."],
    ] as const) {
      await path.fill(typed);
      await dialog.getByRole("button", { name: "Move" }).click();
      await dialog.getByRole("alert").getByText(said, { exact: true }).waitFor();
    }
    expect(moves).toEqual([]);
    expect(await page.getByText("Move failed").count()).toBe(0);

    // A name alone: the same folder, new name.
    await path.fill("b.pdf");
    await dialog.getByRole("button", { name: "Move" }).click();
    await dialog.waitFor({ state: "detached" });
    await group.getByRole("button", { name: "Delete b.pdf" }).waitFor();
    expect(await env.t.deps.store.head("tricks_db/reports/b.pdf")).not.toBeNull();
    expect(await env.t.deps.store.head("tricks_db/reports/a.pdf")).toBeNull();
    await page.context().close();
  });

  test("a User gets no uploader", async () => {
    const page = await env.newPage(DEMO.user);
    await page.goto("/s3-admin");
    await page.getByText("Admins and Owners only").waitFor();
    expect(await page.getByTestId("drop-zone").count()).toBe(0);
    await page.context().close();
  });
});

describe("S3 Browser", () => {
  test("lists, searches, filters, sorts, previews and copies links for any signed-in user", async () => {
    await putObject("viewer_db/alpha.pdf", pdf("alpha"), "application/pdf");
    await putObject("viewer_db/photos/site.png", Buffer.from(PNG_1PX, "base64"), "image/png");
    await putObject("viewer_db/notes.txt", Buffer.from("notes"), "text/plain");
    const page = await env.newPage(DEMO.user);
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: env.baseUrl });
    await page.goto("/s3-viewer?folder=viewer_db");
    const table = page.getByRole("table", { name: "Stored files" });
    await page.getByText("3 files", { exact: true }).waitFor();

    // Type filter, in the URL; Reset clears it.
    await page.getByLabel("Type").selectOption("png");
    await page.getByText("1 files", { exact: true }).waitFor();
    expect(new URL(page.url()).searchParams.get("type")).toBe("png");
    await page.getByRole("button", { name: "Reset" }).click();
    await page.waitForFunction(() => !location.search.includes("folder"));

    // Search over the key: a folder name finds what is in it.
    await page.getByLabel("Search files by name, key or folder").fill("photos");
    await table.getByRole("button", { name: "Preview site.png" }).waitFor();
    await page.getByText("1 files", { exact: true }).waitFor();
    await table.getByRole("button", { name: "Preview site.png" }).click();
    const modal = page.getByRole("dialog", { name: "site.png" });
    await modal.getByRole("img", { name: "site.png" }).waitFor();
    await page.keyboard.press("Escape");
    await modal.waitFor({ state: "detached" });
    await page.getByLabel("Search files by name, key or folder").fill("viewer_db");
    await page.getByText("3 files", { exact: true }).waitFor();

    // Sort by Type descending: txt, png, pdf.
    await table.getByRole("button", { name: "Type", exact: true }).click();
    await table.getByRole("button", { name: "Type", exact: true }).click();
    await page.waitForFunction(() => location.search.includes("dir=desc"));
    const names = await table.locator("tbody tr td:nth-child(2)").allTextContents();
    expect(names).toEqual(["notes.txt", "site.png", "alpha.pdf"]);

    // A text file has no inline preview; a PDF shows in a frame.
    await table.getByRole("button", { name: "Preview notes.txt" }).click();
    await page.getByText("No inline preview for .txt. Use Open/Download.").waitFor();
    await page.keyboard.press("Escape");
    await table.getByRole("button", { name: "Preview alpha.pdf" }).click();
    await page.getByTitle("Preview of alpha.pdf").waitFor();
    await page.keyboard.press("Escape");

    // Copy URL: an absolute signed link, and "Copied!" for 1.2 s.
    await table.getByRole("button", { name: "Copy URL of alpha.pdf" }).click();
    await table.getByText("Copied!").waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toStartWith(`${env.baseUrl}/files/viewer_db/alpha.pdf?`);
    await table.getByText("Copied!").waitFor({ state: "detached", timeout: 3000 });

    // Select page, then Copy URLs copies all three; Clear shows the count.
    await page.getByLabel("Select page").click();
    await page.getByRole("button", { name: "Clear (3)" }).waitFor();
    await page.getByRole("button", { name: "Copy URLs" }).click();
    const lines = (await page.evaluate(() => navigator.clipboard.readText())).split("\n");
    expect(lines).toHaveLength(3);
    await page.getByRole("button", { name: "Clear (3)" }).click();
    await page.getByRole("button", { name: "Clear (0)" }).waitFor();
    await page.context().close();
  });
});

/** A 1×1 transparent PNG. */
const PNG_1PX =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";
