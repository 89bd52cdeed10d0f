import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createAnswerModel } from "@server/ai/providers";
import type { Page } from "playwright-core";
import { DEMO } from "../helpers/app";
import { type BrowserEnv, startBrowserEnv } from "../helpers/browser";
import { indexDemoDocuments } from "../helpers/chat";
import { startFakeOpenAi } from "../helpers/fake-openai";

/**
 * Ask Geolabs AI in a real browser over the demo handbook (indexed through the real pipeline): a suggested
 * question, the streamed answer with a citation that opens the PDF at its page, copy, then delete it from the
 * history with confirmation.
 */
let env: BrowserEnv;
beforeAll(async () => {
  env = await startBrowserEnv();
  await indexDemoDocuments(env.t.deps);
});
afterAll(() => env?.close());

/** The dropdown shows `db` once the list of databases has loaded. */
const dbChosen = (page: Page, db: string) =>
  page.waitForFunction(
    (name) => (document.getElementById("ask-db") as HTMLSelectElement | null)?.value === name,
    db,
  );

describe("Ask Geolabs AI", () => {
  test("ask a suggested handbook question, open the cited PDF page, copy the answer, delete it from history", async () => {
    const page = await env.newPage(DEMO.user);
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: env.baseUrl });
    await page.goto("/ask-ai");
    await page.getByText("Ready to Help").waitFor();
    await dbChosen(page, "employee_handbook.db");
    await page.getByRole("button", { name: /Show 5 More/ }).click();
    await page.getByRole("button", { name: "Show Less" }).waitFor();

    const q = "How much unused annual leave carries over to next year?";
    await page.getByRole("button", { name: q }).click();
    const answer = page.getByTestId("answer");
    await answer.getByText("Up to 10 days (80 hours) of unused annual leave carry over").waitFor();

    // The citation opens the original through a signed link, at the cited page.
    const cite = answer.locator('a[data-citation="Geolabs_Employee_Handbook_2026.pdf#9"]').first();
    await cite.waitFor();
    const href = (await cite.getAttribute("href"))!;
    expect(href).toMatch(/^\/files\/employee_handbook\.db\/Geolabs_Employee_Handbook_2026\.pdf\?.+#page=9$/);
    const [tab] = await Promise.all([page.context().waitForEvent("page"), cite.click()]);
    expect(tab.url()).toEndWith("#page=9");
    await tab.close();
    const pdf = await page.request.get(href);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toContain("application/pdf");

    await answer.getByRole("button", { name: "Copy answer" }).click();
    await answer.getByText("Copied!").waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(
      "Up to 10 days (80 hours) of unused annual leave carry over into the next year. [Geolabs_Employee_Handbook_2026.pdf p. 9]",
    );

    const history = page.getByRole("complementary");
    await history.getByText(q).waitFor();
    await history.getByText(/Up to 10 days \(80 hours\)/).waitFor();
    await history.getByRole("button", { name: `Delete from history: ${q}` }).click();
    const dialog = page.getByRole("alertdialog");
    await dialog.getByText("Delete this question?").waitFor();
    await dialog.getByRole("button", { name: "Delete" }).click();
    await history.getByText("No questions yet.").waitFor();
    expect(await history.getByText(q).count()).toBe(0);
  });

  test("a database has one display name on Ask AI, the Index Manager and the Explorer: the spec's prettified name", async () => {
    const page = await env.newPage(DEMO.admin);
    await page.goto("/ask-ai");
    await dbChosen(page, "employee_handbook.db");
    const option = page.locator('#ask-db option[value="retirement_plan.db"]');
    expect(await option.textContent()).toBe("Retirement Plan");
    await page.goto("/db-admin");
    await page
      .getByRole("button", { name: /^Retirement Plan\b/ })
      .first()
      .waitFor();
    await page.goto("/db-viewer");
    await page
      .getByRole("list", { name: "Databases" })
      .getByText("Retirement Plan", { exact: true })
      .waitFor();
    await page.context().close();
  });

  test("on a phone, a long citation chip wraps inside the answer's card", async () => {
    const page = await env.newPage(DEMO.user);
    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto("/ask-ai?db=retirement_plan.db");
    await page.getByRole("button", { name: "When do matching contributions vest?" }).click();
    const answer = page.getByTestId("answer");
    await answer.getByRole("button", { name: "Copy answer" }).waitFor({ timeout: 15_000 });
    const chips = answer.locator("a[data-citation]");
    await chips.first().waitFor();
    const card = (await answer.boundingBox())!;
    for (const chip of await chips.all()) {
      const box = (await chip.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(card.x + card.width + 0.5);
    }
    const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    expect(widths[0]).toBeLessThanOrEqual(widths[1]!);
    await page.context().close();
  });

  test("Enter sends, Shift+Enter adds a line, Ctrl+K focuses the box; New chat returns to Ready to Help", async () => {
    const page = await env.newPage(DEMO.user);
    await page.goto("/ask-ai?db=share_plan.db");
    await page.getByText("Ready to Help").waitFor();
    await dbChosen(page, "share_plan.db");
    const box = page.getByRole("textbox", { name: "Question" });
    await page.getByRole("heading", { name: "Ask Geolabs AI" }).click();
    await page.keyboard.press("Control+k");
    expect(await box.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type("How are RSUs");
    await page.keyboard.press("Shift+Enter");
    await page.keyboard.type("taxed?");
    expect(await box.inputValue()).toBe("How are RSUs\ntaxed?");
    await page.keyboard.press("Enter");
    await page.getByTestId("answer").getByText("RSUs are taxed as ordinary income").waitFor();
    expect(await box.inputValue()).toBe("");
    await page.getByRole("button", { name: "New chat" }).click();
    await page.getByText("Ready to Help").waitFor();
  });
});

describe("Ask Geolabs AI with a slow hosted model", () => {
  test("Thinking while waiting, Stop says Request stopped., Regenerate answers again without the cache", async () => {
    const fake = startFakeOpenAi({ slowMs: 250 });
    const previous = env.t.deps.ai;
    env.t.deps.ai = {
      ...previous,
      answer: createAnswerModel({ ...env.t.deps.env, AI_BASE_URL: fake.baseURL, AI_MODEL: "slow" }),
    };
    try {
      const page = await env.newPage(DEMO.admin);
      await page.goto("/ask-ai?db=retirement_plan.db");
      await page.getByRole("button", { name: "When do matching contributions vest?" }).click();
      await page.getByText("Thinking").waitFor();
      await page.getByTestId("answer").getByText("The documents").waitFor();
      await page.getByRole("button", { name: "Stop" }).click();
      await page.getByText("Request stopped.").waitFor();
      const before = fake.chats.length;
      await page.getByRole("button", { name: "Regenerate (no cache)" }).click();
      const answer = page.getByTestId("answer");
      // Finished (the copy button comes with the end of the stream), with its citation linked to the PDF.
      await answer.getByRole("button", { name: "Copy answer" }).waitFor({ timeout: 15_000 });
      await answer.locator('a[data-citation^="Geolabs_401k_Retirement_Plan_Guide.pdf#"]').waitFor();
      expect(fake.chats.length).toBe(before + 1);
      expect(await page.getByTestId("answer").getByText("Cached", { exact: true }).count()).toBe(0);
    } finally {
      env.t.deps.ai = previous;
      fake.stop();
    }
  });
});
