import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { DEMO } from "../helpers/app";
import { type BrowserEnv, dropFile, startBrowserEnv } from "../helpers/browser";
import { printedList } from "../helpers/drawn-photos";
import { kapoleiWall } from "../helpers/work-order-records";

/**
 * The work order page in Chromium: reached from a binder cell, a core box, a recognised photo and the header
 * search; its "Ask about this work order" answers from that work order's reports alone.
 */
let env: BrowserEnv;

beforeAll(async () => {
  env = await startBrowserEnv();
  const { t } = env;
  const post = await kapoleiWall(t, {
    name: "9876-06.Ewa Seawall.pdf",
    text: "Seawall piles were driven to 40 ft.",
  });
  expect((await post("/api/reports-binder", { work_order: "9876-05", engineer_initials: "GS" })).status).toBe(
    200,
  );
  expect((await post("/api/core-boxes", { work_order: "9876-05A", project: "Kapolei Wall" })).status).toBe(
    201,
  );
}, 120_000);
afterAll(() => env?.close());

/** The page of `wo` is showing, loaded. */
async function onPage(page: Page, wo: string) {
  await page.getByRole("heading", { level: 1, name: `Work order ${wo}` }).waitFor();
  await page.getByRole("heading", { name: /^Project/ }).waitFor();
  expect(new URL(page.url()).pathname).toBe(`/work-orders/${wo}`);
}

describe("reaching a work order's page", () => {
  test("from a binder cell: the page gathers the project, report, binder row and the lettered box", async () => {
    const page = await env.newPage(DEMO.user);
    await page.goto("/reports-binder?wo=9876-05");
    await page.getByRole("table").getByRole("link", { name: "9876-05", exact: true }).click();
    await onPage(page, "9876-05");
    await page.getByText("Kapolei Retaining Wall").waitFor();
    expect(
      await page.getByRole("table", { name: "Reports" }).getByText("9876-05.Kapolei Wall.pdf").count(),
    ).toBe(1);
    expect(await page.getByRole("table", { name: "Binder rows" }).getByText("GS").count()).toBe(1);
    expect(await page.getByRole("table", { name: "Core boxes" }).getByText("9876-05A").count()).toBe(1);
    const history = page.getByRole("list", { name: "Changes" });
    expect(await history.getByRole("listitem").count()).toBe(2);
    await page.context().close();
  }, 30_000);

  test("from a core box: a lettered work order's page shows its base's project", async () => {
    const page = await env.newPage(DEMO.user);
    await page.goto("/core-box-inventory?q=9876-05A");
    await page.getByRole("table").getByRole("link", { name: "9876-05A" }).click();
    await onPage(page, "9876-05A");
    await page.getByText("Kapolei Retaining Wall").waitFor();
    expect(await page.getByText("No binder rows.").count()).toBe(1);
    await page.context().close();
  }, 30_000);

  test("from a recognised photo: a matched work order opens its page", async () => {
    const page = await env.newPage(DEMO.user);
    await page.goto("/ocr-lookup");
    // A printed list drawn by the test: two work orders the demo register has, two it has not.
    const list = await printedList(["4802-07B", "9581-02A", "2521-06", "5065-04"]);
    await dropFile(page, list, "list.png", "image/png");
    await page.getByRole("button", { name: "Upload & Extract" }).click();
    const link = page.getByRole("table", { name: "Matches" }).getByRole("link").first();
    await link.waitFor({ timeout: 20_000 });
    const wo = (await link.textContent())!.trim();
    await link.click();
    await onPage(page, wo);
    await page.context().close();
  }, 40_000);

  test("from the header search: a typed work order is offered first and opens on Enter", async () => {
    const page = await env.newPage(DEMO.user);
    await page.goto("/");
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    await page.keyboard.press("/");
    await page.keyboard.type("W.O. 9876-05");
    const first = page.getByRole("option").first();
    expect(await first.textContent()).toContain("Work order 9876-05");
    await page.keyboard.press("Enter");
    await onPage(page, "9876-05");
    await page.context().close();
  }, 30_000);

  test("from the sidebar: Projects & Files lists Work Orders with a box that takes a number", async () => {
    const page = await env.newPage(DEMO.user);
    await page.goto("/");
    await page.getByRole("button", { name: "Open navigation" }).click();
    const nav = page.getByRole("dialog", { name: "Navigation" });
    await nav.getByRole("button", { name: "Projects & Files" }).click();
    await nav.getByRole("link", { name: "Work Orders" }).waitFor();
    const box = nav.getByRole("textbox", { name: "Work order number" });
    await box.fill("9876-5");
    await box.press("Enter");
    await nav
      .getByRole("alert")
      .getByText(/A work order is four digits/)
      .waitFor();
    await box.fill("9876-05a");
    await box.press("Enter");
    await onPage(page, "9876-05A");
    await nav.waitFor({ state: "hidden" });
    await page.context().close();
  }, 30_000);

  test("a malformed number says what a work order looks like; an unknown one has no records yet", async () => {
    const page = await env.newPage(DEMO.user);
    await page.goto("/work-orders/98-7");
    await page
      .getByRole("alert")
      .getByText(/A work order is four digits/)
      .waitFor();
    await page.goto("/work-orders/1111-22");
    await page.getByText("No records for this work order yet.").waitFor();
    await page.getByText("Not in the project register.").waitFor();
    await page.context().close();
  }, 30_000);
});

describe("Ask about this work order", () => {
  test("opens Ask Geolabs AI on that work order's reports, and the answer cites only them", async () => {
    const page = await env.newPage(DEMO.user);
    await page.goto("/work-orders/9876-05");
    await page.getByRole("link", { name: "Ask about this work order" }).click();
    await page.getByText("Asking only the reports of work order").waitFor();
    expect(new URL(page.url()).searchParams.get("wo")).toBe("9876-05");
    const box = page.getByRole("textbox", { name: "Question" });
    const answer = page.getByTestId("answer").last();
    const ask = async (question: string) => {
      const before = await page.getByTestId("answer").count();
      await box.fill(question);
      await box.press("Enter");
      await page.getByTestId("answer").nth(before).getByRole("button", { name: "Copy answer" }).waitFor({
        timeout: 20_000,
      });
      return (await answer.textContent()) ?? "";
    };
    const seawall = "How deep were the seawall piles driven?";
    // Only the other work order's report holds these words: scoped, they are not found.
    expect(await ask(seawall)).not.toContain("9876-06");
    const boring = await ask("At what depth did boring B-1 meet refusal?");
    expect(boring).toContain("9876-05.Kapolei Wall.pdf");
    expect(boring).not.toContain("9876-06");
    // The cited report names its work order, linked to the page.
    await answer.getByRole("link", { name: "9876-05" }).first().waitFor();
    // Asked of all the reports, the same words find the other work order's.
    await page.getByRole("button", { name: "Ask all reports" }).click();
    await page.getByText("Asking only the reports of work order").waitFor({ state: "detached" });
    expect(await ask(seawall)).toContain("9876-06.Ewa Seawall.pdf");
    await page.context().close();
  }, 40_000);
});
