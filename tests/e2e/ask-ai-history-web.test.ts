import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { DEMO } from "../helpers/app";
import { type BrowserEnv, startBrowserEnv } from "../helpers/browser";
import { indexPages } from "../helpers/chat";
import { textPdf } from "../helpers/pdfs";
import { bulkIndex } from "../helpers/reports";
import { SHOTS, toScheme } from "../helpers/screens";

/**
 * Ask AI without an AI service (the built-in model): no Web toggle; and a database where the person has not asked
 * yet points to the databases holding their questions. In light, dark and at phone width (issue 55).
 */
let env: BrowserEnv;
beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  env = await startBrowserEnv();
  await indexPages(env.t.deps.db, "yard.db", "Yard Guide.pdf", [
    "Eyewash Stations\nThe eyewash station in the core shed is flushed every week by the lab lead.",
  ]);
  await indexPages(env.t.deps.db, "boat_launch.db", "Launch Guide.pdf", [
    "Launch Ramp\nThe skiff is launched from the north ramp at high tide only.",
  ]);
  const admin = await env.t.login(DEMO.admin);
  await bulkIndex(env.t, admin, [
    {
      name: "5102-03.Makana Ridge Greenhouse.pdf",
      content: await textPdf([
        "Site Conditions\nThree borings were drilled to depths of 31.5 feet below grade.",
      ]),
    },
  ]);
});
afterAll(() => env?.close());

describe("Ask AI with the built-in answer model", () => {
  test("no Web toggle; an empty history names where the person's questions are, and opens it", async () => {
    const page = await env.newPage(DEMO.user);
    const asked = await page.request.post("/api/question", {
      data: { query: "How often is the eyewash station flushed?", db: "yard.db" },
    });
    expect(asked.status()).toBe(200);
    await page.goto("/ask-ai?db=boat_launch.db");
    const history = page.getByRole("complementary");
    await history.getByText("No questions in this database yet.").waitFor();
    await page.locator("#ask-cache").waitFor();
    expect(await page.locator("#ask-web").count()).toBe(0);
    expect(await page.getByText("Web", { exact: true }).count()).toBe(0);
    await page.screenshot({ path: join(SHOTS, "ask-ai-empty-history-light.png") });
    await toScheme(page, "dark");
    await page.screenshot({ path: join(SHOTS, "ask-ai-empty-history-dark.png") });
    await toScheme(page, "light");
    await page.setViewportSize({ width: 390, height: 844 });
    await history.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SHOTS, "ask-ai-empty-history-390.png"), fullPage: true });

    await history.getByRole("button", { name: "Yard (1)" }).click();
    await history.getByText("How often is the eyewash station flushed?").waitFor();
    expect(await page.locator("#ask-db").inputValue()).toBe("yard.db");
  });

  test("a question asked of one work order's reports keeps its own history entry, marked with the work order", async () => {
    const page = await env.newPage(DEMO.owner);
    const q = "How deep were the borings?";
    for (const scope of [{ work_order: "5102-03" }, {}]) {
      const res = await page.request.post("/api/question", {
        data: { query: q, db: "reports.db", ...scope },
      });
      expect(res.status()).toBe(200);
    }
    await page.goto("/ask-ai?db=reports.db");
    const history = page.getByRole("complementary");
    await history.getByText("Only W.O. 5102-03").waitFor();
    expect(await history.getByText(q).count()).toBe(2);
    await page.screenshot({ path: join(SHOTS, "ask-ai-scoped-history-light.png") });
    await toScheme(page, "dark");
    await page.screenshot({ path: join(SHOTS, "ask-ai-scoped-history-dark.png") });
    await toScheme(page, "light");
    await page.setViewportSize({ width: 390, height: 844 });
    await history.scrollIntoViewIfNeeded();
    await history.screenshot({ path: join(SHOTS, "ask-ai-scoped-history-390.png") });
  });
});
