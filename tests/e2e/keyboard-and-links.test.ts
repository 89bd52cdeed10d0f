import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { REPORTS_TEXTS } from "@shared/reports";
import type { Locator, Page } from "playwright-core";
import { DEMO } from "../helpers/app";
import { type BrowserEnv, startBrowserEnv } from "../helpers/browser";
import { textPdf } from "../helpers/pdfs";
import { bulkIndex } from "../helpers/reports";
import { placeholderFits, shootLightAndDark } from "../helpers/screens";

/** Where keyboard focus goes, how links look, and the words on screen, at a desktop's 1,400 px. */
let env: BrowserEnv;
beforeAll(async () => {
  env = await startBrowserEnv();
  const cookie = await env.t.login(DEMO.admin);
  const indexed = await bulkIndex(env.t, cookie, [
    {
      name: "5203-11.Makiki Culvert.pdf",
      content: await textPdf(["Makiki culvert footing on weathered basalt."]),
    },
  ]);
  if (indexed.status !== 200) throw new Error(`bulk-index: ${indexed.status}`);
});
afterAll(() => env?.close());

async function desktop(who: string): Promise<Page> {
  const page = await env.newPage(who);
  await page.setViewportSize({ width: 1400, height: 900 });
  return page;
}

/** What document.activeElement is, in words a test can compare. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return el ? `${el.tagName.toLowerCase()}:${el.getAttribute("aria-label") ?? el.textContent?.trim()}` : "";
  });

async function waitForFocus(page: Page, want: string) {
  await page
    .waitForFunction(
      (w) => {
        const el = document.activeElement;
        return (
          !!el &&
          `${el.tagName.toLowerCase()}:${el.getAttribute("aria-label") ?? el.textContent?.trim()}` === w
        );
      },
      want,
      { timeout: 5000 },
    )
    .catch(async () => expect(await focused(page)).toBe(want));
}

/** Underlined and in another colour than the body text: it reads as a link. */
async function expectLinkLook(link: Locator, what: string) {
  const look = await link.evaluate((a) => {
    const s = getComputedStyle(a);
    return { line: s.textDecorationLine, color: s.color, text: getComputedStyle(document.body).color };
  });
  expect(look.line, `${what} underlined`).toContain("underline");
  expect(look.color, `${what} in the link colour`).not.toBe(look.text);
}

describe("keyboard focus", () => {
  test("the header search opens a screen and focus lands on its heading, not the page's body", async () => {
    const page = await desktop(DEMO.user);
    await page.goto("/contacts");
    await page.getByRole("heading", { level: 1, name: "Directory" }).waitFor();
    await page.keyboard.press("/");
    await page.keyboard.type("Reports Binder");
    await page.keyboard.press("Enter");
    await page.waitForURL((u) => u.pathname === "/reports-binder");
    await waitForFocus(page, "h1:Reports Binder");
    await page.context().close();
  });

  test("saving a binder row with Enter puts focus back on that row", async () => {
    const page = await desktop(DEMO.user);
    await page.goto("/reports-binder");
    const table = page.getByRole("table", { name: "Reports binder" });
    const edit = table.getByRole("button", { name: /^Edit / }).nth(1);
    const label = (await edit.getAttribute("aria-label"))!;
    await edit.click();
    const billing = page.getByLabel("Billing", { exact: true });
    await billing.fill("48213");
    await billing.press("Enter");
    await billing.waitFor({ state: "detached" });
    await waitForFocus(page, `button:${label}`);
    await page.context().close();
  });

  test("saving a core box with Enter puts focus back on that row", async () => {
    const page = await desktop(DEMO.user);
    await page.goto("/core-box-inventory");
    const table = page.getByRole("table", { name: "Core boxes" });
    const edit = table.getByRole("button", { name: /^Edit / }).nth(2);
    const label = (await edit.getAttribute("aria-label"))!;
    await edit.click();
    const engineer = page.getByRole("textbox", { name: "Engineer", exact: true });
    await engineer.fill("KM");
    await engineer.press("Enter");
    await engineer.waitFor({ state: "detached" });
    await waitForFocus(page, `button:${label}`);
    await page.context().close();
  });
});

describe("signing out", () => {
  test("the next person to sign in lands on the dashboard, not the page the last one left open", async () => {
    const page = await desktop(DEMO.admin);
    await page.goto("/admin");
    await page.getByRole("heading", { level: 1, name: "Admin Console" }).waitFor();
    await page.getByRole("button", { name: "Profile" }).click();
    await page.getByRole("menuitem", { name: "Sign Out" }).click();
    await page.getByRole("button", { name: "Sign In" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/");
    await page.getByLabel("Email").fill(DEMO.user);
    await page.getByLabel("Password").fill("geolabs-demo");
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.getByRole("heading", { level: 1, name: /^Good (night|morning|afternoon|evening)/ }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/");
    await page.context().close();
  });
});

describe("links and fit at 1,400 px", () => {
  test("work orders look like links in the binder, Core Inventory, its history drawer and Indexed Files", async () => {
    const page = await desktop(DEMO.user);
    await page.goto("/reports-binder");
    const binder = page.getByRole("table", { name: "Reports binder" });
    await expectLinkLook(binder.getByRole("link").first(), "binder W.O.");
    // The binder's search box shows its whole placeholder.
    expect(await placeholderFits(page.getByLabel("Search the binder"))).toBe(true);
    await shootLightAndDark(page, "binder-1400");

    await page.goto("/core-box-inventory");
    const boxes = page.getByRole("table", { name: "Core boxes" });
    await expectLinkLook(boxes.getByRole("link").first(), "Core Inventory W.O.");
    // A change for the history drawer to show.
    await boxes
      .getByRole("button", { name: /^Edit / })
      .first()
      .click();
    await page.getByRole("textbox", { name: "Engineer", exact: true }).fill("RK");
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByRole("textbox", { name: "Engineer", exact: true }).waitFor({ state: "detached" });
    await page.getByRole("button", { name: "Show History" }).click();
    const drawer = page.getByRole("dialog", { name: "Change History" });
    await expectLinkLook(drawer.getByRole("link").first(), "history W.O.");
    await page.keyboard.press("Escape");

    await page.goto("/reports");
    const files = page.getByRole("table", { name: REPORTS_TEXTS.indexedFiles });
    await expectLinkLook(files.getByRole("link", { name: "5203-11" }), "Indexed Files W.O.");
    await page.context().close();
  });

  test("Core Inventory editor: the Year sentence reads as a sentence; the Island input shows Molokai whole", async () => {
    const page = await desktop(DEMO.user);
    await page.goto("/core-box-inventory");
    await page.getByRole("button", { name: "New", exact: true }).click();
    await page.getByRole("textbox", { name: "Year", exact: true }).fill("abc");
    const island = page.getByRole("combobox", { name: "Island", exact: true });
    await island.fill("Molokai");
    await page.getByRole("button", { name: "Save" }).click();
    const year = page.getByText(/^Year must be/);
    await year.waitFor();
    const lines = await year.evaluate((p) => {
      const s = getComputedStyle(p);
      return Math.round(p.getBoundingClientRect().height / Number.parseFloat(s.lineHeight));
    });
    expect(lines, "lines of the Year sentence").toBeLessThanOrEqual(2);
    expect(await island.evaluate((i: HTMLInputElement) => i.scrollWidth <= i.clientWidth)).toBe(true);
    await shootLightAndDark(page, "core-editor-1400");
    await page.context().close();
  });

  test("Directory: with every column shown, an e-mail wraps only before its @, never inside a word", async () => {
    const page = await desktop(DEMO.user);
    await page.goto("/contacts");
    const table = page.getByRole("table", { name: "People" });
    await table.locator("tbody tr").first().waitFor();
    // The menu stays open while columns are toggled.
    await page.getByRole("button", { name: "Columns" }).click();
    for (const column of ["Company", "Source"]) {
      await page.getByRole("menuitemcheckbox", { name: column }).click();
      await table.getByRole("columnheader", { name: column }).waitFor();
    }
    await page.keyboard.press("Escape");
    const broken = await table.locator('a[href^="mailto:"]').evaluateAll((links) =>
      links
        .filter((a) => {
          const at = (a.textContent ?? "").indexOf("@");
          const tops: number[] = [];
          const walk = document.createTreeWalker(a, NodeFilter.SHOW_TEXT);
          for (let n = walk.nextNode(); n; n = walk.nextNode()) {
            for (let i = 0; i < (n.textContent ?? "").length; i++) {
              const r = document.createRange();
              r.setStart(n, i);
              r.setEnd(n, i + 1);
              tops.push(Math.round(r.getBoundingClientRect().top));
            }
          }
          return new Set(tops.slice(0, at)).size > 1 || new Set(tops.slice(at)).size > 1;
        })
        .map((a) => a.textContent),
    );
    expect(broken).toEqual([]);
    await shootLightAndDark(page, "directory-all-columns-1400");
    await page.context().close();
  });

  test("screen names are the spec's: OCR Lookup and Core Inventory, in the navigation, headings and dashboard", async () => {
    const page = await desktop(DEMO.user);
    for (const [path, name] of [
      ["/ocr-lookup", "OCR Lookup"],
      ["/core-box-inventory", "Core Inventory"],
    ] as const) {
      await page.goto(path);
      await page.getByRole("heading", { level: 1, name, exact: true }).waitFor();
    }
    await page.goto("/");
    await page.getByRole("heading", { level: 1 }).waitFor();
    const text = ((await page.locator("#main").textContent()) ?? "").toLowerCase();
    expect(text).not.toContain("work order recognition");
    expect(text).not.toContain("core box inventory");
    await page.context().close();
  });
});
