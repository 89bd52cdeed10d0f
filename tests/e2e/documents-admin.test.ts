import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { DOCUMENT_MESSAGES } from "@shared/documents";
import { DEMO } from "../helpers/app";
import { type BrowserEnv, startBrowserEnv, throttleUpload } from "../helpers/browser";
import { createDb, pageText, pdfBytes } from "../helpers/doc-screens";

let env: BrowserEnv;
beforeAll(async () => {
  env = await startBrowserEnv();
  await createDb(env.t, "hr_docs.db", ["first.pdf", "second.pdf"]);
  await createDb(env.t, "old_one.db", ["a.pdf"]);
  await createDb(env.t, "old_two.db", ["b.pdf"]);
});
afterAll(() => env?.close());

describe("Index Manager", () => {
  test("Append to a chosen database; New DB on a taken name fails in words; Stop, Retry, Remove, Clear", async () => {
    const page = await env.newPage(DEMO.owner);
    await page.goto("/db-admin");
    const status = page.getByTestId("index-status");
    const run = page.getByRole("button", { name: "Run", exact: true });
    const row = page.locator('li[data-db="hr_docs.db"]');
    await row.getByText("2 files").waitFor();
    const queue = page.getByRole("list", { name: "Upload queue" });

    // New DB on an existing name: the server's reason in Steps, the item says 'Upload failed'.
    await page.getByLabel("DB File", { exact: true }).fill("HR Docs");
    await page
      .getByLabel("Choose files")
      .setInputFiles([
        { name: "third.pdf", mimeType: "application/pdf", buffer: await pdfBytes([pageText("Third")]) },
      ]);
    await run.click();
    await status.getByText("Finished queue.").waitFor();
    await page
      .getByRole("list", { name: "Steps" })
      .getByText("A database named hr_docs.db already exists. Choose Append to add files to it.")
      .waitFor();
    await queue.getByText("Upload failed").waitFor();

    // Append: '-- choose --' first; then the chosen database; Retry sends the file again.
    await page.getByRole("radio", { name: "Append" }).check();
    const select = page.getByLabel("Select DB", { exact: true });
    expect(await select.locator("option").first().textContent()).toBe("-- choose --");
    await queue.getByRole("button", { name: "Retry third.pdf" }).click();
    await run.click();
    await status.getByText("Please enter/select a DB.").waitFor();
    await select.selectOption("hr_docs.db");
    await run.click();
    await status.getByText("Finished queue.").waitFor();
    expect(await queue.locator('li[data-status="done"]').count()).toBe(1);
    await row.getByText("3 files").waitFor();

    // Stop aborts the upload in flight: 'Stopped.' and the item is canceled; Retry, Remove, Clear.
    await throttleUpload(page, 512 * 1024);
    await page.getByLabel("Choose files").setInputFiles([
      { name: "big.pdf", mimeType: "application/pdf", buffer: await pdfBytes([pageText("Big")], 4) },
      { name: "later.pdf", mimeType: "application/pdf", buffer: await pdfBytes([pageText("Later")]) },
    ]);
    await run.click();
    await status.getByText(/^Uploading big\.pdf… \d+%$/).waitFor();
    await page.getByRole("button", { name: "Stop", exact: true }).click();
    await status.getByText("Stopped.").waitFor();
    await queue.locator('li[data-status="canceled"]').getByText("big.pdf").waitFor();
    expect(await queue.locator('li[data-status="ready"]').count()).toBe(1);
    await queue.getByRole("button", { name: "Retry big.pdf" }).click();
    await queue.getByRole("button", { name: "Cancel later.pdf" }).click();
    await queue.getByRole("button", { name: "Remove later.pdf from the queue" }).click();
    await queue.getByText("later.pdf").waitFor({ state: "detached" });
    await page
      .getByRole("region", { name: "Upload" })
      .getByRole("button", { name: "Clear", exact: true })
      .click();
    await queue.waitFor({ state: "detached" });
    expect(await row.getByText("3 files").count()).toBe(1);
  });

  test("schema JSON export, refresh embeddings without an endpoint, a file without a signed link, bulk delete", async () => {
    const page = await env.newPage(DEMO.admin);
    // The server always signs the originals' links; they are taken out of its answers for this page.
    await page.route(/\/trpc\/.*documents\.(listFiles|pdfLinks)/, async (route) => {
      const res = await route.fetch();
      const body = JSON.parse(await res.text(), (k, v) => (k === "url" ? null : v));
      await route.fulfill({ response: res, json: body });
    });
    await page.goto("/db-admin");
    const row = page.locator('li[data-db="hr_docs.db"]');
    await row.getByText(/\d files/).waitFor();

    const download = page.waitForEvent("download");
    await row.getByRole("button", { name: "Export schema of hr_docs.db as JSON" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe("hr_docs_schema.json");
    const schema = JSON.parse(await Bun.file((await file.path())!).text());
    const first = Object.values(schema)[0] as { columns: string[]; sample_rows: unknown[][] };
    expect(Array.isArray(first.columns)).toBe(true);

    // No embedding model is configured here: the button cannot be pressed; the server refuses too (the reason
    // reaching people is its own test below).
    const refresh = row.getByRole("button", { name: "Refresh embeddings of hr_docs.db" });
    expect(await refresh.isDisabled()).toBe(true);
    const refused = await page.request.post("/api/refresh-embeddings", { data: { db_name: "hr_docs.db" } });
    expect(refused.status()).toBe(400);
    expect((await refused.json()).error).toBe(DOCUMENT_MESSAGES.embeddingsOff);

    // No signed link for a file (the store's signer gave none): a click says so.
    await row
      .getByRole("button", { name: /hr_docs\.db/ })
      .first()
      .click();
    await row.getByRole("button", { name: "first.pdf" }).click();
    await page.getByText("Signed URL not found for this file.").waitFor();

    const bulk = page.getByRole("button", { name: /^Bulk Delete/ });
    expect(await bulk.isDisabled()).toBe(true);
    await page.getByRole("checkbox", { name: "Select old_one.db" }).click();
    await page.getByRole("checkbox", { name: "Select old_two.db" }).click();
    await bulk.click();
    const confirm = page.getByRole("alertdialog", { name: "Delete 2 database(s)? This cannot be undone." });
    await confirm.getByRole("button", { name: "Delete", exact: true }).click();
    await page.locator('li[data-db="old_one.db"]').waitFor({ state: "detached" });
    await page.locator('li[data-db="old_two.db"]').waitFor({ state: "detached" });
    expect(await bulk.isDisabled()).toBe(true);
  });
  test("Refresh embeddings without a model: why it is off is on the screen, under the pointer and read out", async () => {
    const page = await env.newPage(DEMO.admin);
    await page.goto("/db-admin");
    const row = page.locator('li[data-db="hr_docs.db"]');
    const refresh = row.getByRole("button", { name: "Refresh embeddings of hr_docs.db" });
    await refresh.waitFor();
    expect(await refresh.isDisabled()).toBe(true);
    // Shown once for the panel, in words (a phone has no hover).
    const note = page.getByText(DOCUMENT_MESSAGES.embeddingsOff, { exact: false });
    await note.waitFor();
    expect(await note.count()).toBe(1);
    expect(await note.isVisible()).toBe(true);
    // A pointer over the disabled button reaches the tooltip (a disabled button itself takes no pointer).
    const box = (await refresh.boundingBox())!;
    const tip = await page.evaluate(
      ([x, y]) => document.elementFromPoint(x!, y!)?.closest("[title]")?.getAttribute("title") ?? null,
      [box.x + box.width / 2, box.y + box.height / 2],
    );
    expect(tip).toBe(DOCUMENT_MESSAGES.embeddingsOff);
    // A screen reader hears it as the button's description.
    const cdp = await page.context().newCDPSession(page);
    const { result } = await cdp.send("Runtime.evaluate", { expression: "document" });
    const { nodes } = await cdp.send("Accessibility.queryAXTree", {
      objectId: result.objectId,
      accessibleName: "Refresh embeddings of hr_docs.db",
      role: "button",
    });
    expect(String(nodes[0]?.description?.value ?? "")).toContain(DOCUMENT_MESSAGES.embeddingsOff);
    await page.context().close();
  });

  test("a file listed as 'Not a PDF' still says so after Retry and Run (the server refuses its name); 5 B", async () => {
    const page = await env.newPage(DEMO.admin);
    await page.goto("/db-admin");
    await page.getByLabel("DB File", { exact: true }).fill("not_pdf_db");
    await page
      .getByLabel("Choose files")
      .setInputFiles([{ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") }]);
    const queue = page.getByRole("list", { name: "Upload queue" });
    const chip = queue.getByRole("listitem", { name: "notes.txt: error" });
    await chip.getByText("Not a PDF").waitFor();
    expect(await chip.getByText("5 B", { exact: true }).count()).toBe(1);

    await queue.getByRole("button", { name: "Retry notes.txt" }).click();
    await queue.getByRole("listitem", { name: "notes.txt: ready" }).waitFor();
    const answered = page.waitForResponse((r) => r.url().includes("/api/process-file"));
    await page.getByRole("button", { name: "Run", exact: true }).click();
    expect((await answered).status()).toBe(400);
    await page.getByTestId("index-status").getByText("Finished queue.").waitFor();
    await chip.getByText("Not a PDF").waitFor();
    expect(await queue.getByText("Upload failed").count()).toBe(0);
    await page.context().close();
  });
});
