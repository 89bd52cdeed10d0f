import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { DEMO } from "../helpers/app";
import { type BrowserEnv, networkSettled, startBrowserEnv } from "../helpers/browser";
import { textPdf } from "../helpers/pdfs";
import { placeholderFits } from "../helpers/screens";

/** What a walk through every screen as each role found, each checked in Chromium. */
let env: BrowserEnv;
beforeAll(async () => {
  env = await startBrowserEnv();
});
afterAll(() => env?.close());

/**
 * Calls to the portal answered by a proxy's error page (HTML, 502) until `restore()`. `pattern` is looked for in
 * the whole path: a tRPC batch names its procedures in any order ("/trpc/pinned.list,coreBoxes.list").
 */
async function breakApi(page: Page, pattern: RegExp) {
  const handler = (route: import("playwright-core").Route) =>
    route.fulfill({ status: 502, contentType: "text/html", body: "<html><body>Bad Gateway</body></html>" });
  await page.route(pattern, handler);
  return () => page.unroute(pattern, handler);
}

describe("error states: what failed, in words, and Retry", () => {
  test("Core Inventory, Binder, Ask AI and the binder's health say what failed and recover on Retry", async () => {
    const page = await env.newPage(DEMO.user);
    const restore = await breakApi(page, /\/(trpc|api)\/[^?]*\b(coreBoxes|reportsBinder|documents|chat|list-dbs)\b/);
    await page.goto("/core-box-inventory");
    const boxes = page.getByRole("alert").filter({ hasText: "Failed to load the core boxes." });
    await boxes.waitFor();
    expect(await boxes.textContent()).toContain("could not be read");
    expect(await page.getByText("Unable to transform response from server").count()).toBe(0);

    await page.goto("/reports-binder");
    await page.getByRole("alert").filter({ hasText: "Failed to load the binder." }).waitFor();
    await page.getByRole("alert").filter({ hasText: "Reports Binder DB unavailable" }).waitFor();

    await page.goto("/ask-ai");
    await page.getByRole("alert").filter({ hasText: "Could not load the document databases." }).waitFor();
    expect(await page.getByText("No document databases yet").count()).toBe(0);

    await restore();
    await page.getByRole("button", { name: "Retry" }).click();
    await page.getByRole("alert").filter({ hasText: "Could not load" }).waitFor({ state: "detached" });
    await page.goto("/core-box-inventory");
    await page
      .getByRole("cell", { name: /^\d{4}-\d{2}/ })
      .first()
      .waitFor();
    await page.context().close();
  });

  test("Retry in a list loads it again once the portal answers", async () => {
    const page = await env.newPage(DEMO.user);
    const restore = await breakApi(page, /\/trpc\/[^?]*\bcoreBoxes\.list\b/);
    await page.goto("/core-box-inventory");
    const retry = page.getByRole("table", { name: "Core boxes" }).getByRole("button", { name: "Retry" });
    await retry.waitFor();
    await restore();
    await retry.click();
    await page
      .getByRole("table", { name: "Core boxes" })
      .getByRole("checkbox", { name: /^Select \d/ })
      .first()
      .waitFor();
    await page.context().close();
  });
});

describe("menus by role", () => {
  test("a User's Create menu offers no uploads and the profile menu no Admin Settings", async () => {
    const page = await env.newPage(DEMO.user);
    await page.goto("/");
    await page.getByRole("button", { name: "Create" }).click();
    await page.getByRole("menuitem", { name: "New Ticket" }).waitFor();
    expect(await page.getByRole("menuitem", { name: "Upload Documents" }).count()).toBe(0);
    expect(await page.getByRole("menuitem", { name: "Upload to S3" }).count()).toBe(0);
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Profile" }).click();
    await page.getByRole("menuitem", { name: "Sign Out" }).waitFor();
    expect(await page.getByRole("menuitem", { name: "Admin Settings" }).count()).toBe(0);
    await page.context().close();
  });

  test("an Admin gets both; an Owner who is not the super-owner cannot press 'to Owner'; badges tell roles apart", async () => {
    const admin = await env.newPage(DEMO.admin);
    await admin.goto("/");
    await admin.getByRole("button", { name: "Create" }).click();
    await admin.getByRole("menuitem", { name: "Upload Documents" }).waitFor();
    await admin.context().close();

    const owner = await env.newPage(DEMO.owner);
    await owner.goto("/admin");
    await owner.getByRole("checkbox", { name: `Select ${DEMO.user}` }).click();
    const toOwner = owner.getByRole("button", { name: "to Owner" });
    expect(await toOwner.isDisabled()).toBe(true);
    expect(await owner.getByRole("button", { name: "to Admin" }).isDisabled()).toBe(false);
    const badge = (email: string) =>
      owner.getByRole("row").filter({ hasText: email }).locator('[data-slot="badge"]').first();
    const ownerClass = await badge(DEMO.owner).getAttribute("class");
    const adminClass = await badge(DEMO.admin).getAttribute("class");
    expect(ownerClass).not.toBe(adminClass);
    await owner.context().close();
  });
});

describe("screens", () => {
  test("Directory: the 'Load more' buttons are there", async () => {
    const page = await env.newPage(DEMO.user);
    await page.goto("/contacts");
    const more = page.getByRole("button", { name: /^Load more/ });
    await more.first().waitFor();
    expect((await more.allTextContents()).map((t) => t.trim())).toEqual([
      "Load more (Directory)",
      "Load more (My Contacts)",
    ]);
    await page.context().close();
  });

  test("Core Inventory: New and Edit keep the columns where they were; row actions have names; a taken work order is said once", async () => {
    const page = await env.newPage(DEMO.user);
    await page.goto("/core-box-inventory");
    const table = page.getByRole("table", { name: "Core boxes" });
    await table
      .getByRole("button", { name: /^Edit / })
      .first()
      .waitFor();
    const widths = () =>
      table
        .locator("thead th")
        .evaluateAll((ths) => ths.map((th) => Math.round(th.getBoundingClientRect().width)));
    const before = await widths();
    await page.getByRole("button", { name: "New", exact: true }).click();
    await page.getByLabel("Work Order").waitFor();
    expect(await widths()).toEqual(before);
    await page.keyboard.press("Escape");
    const first = table.getByRole("button", { name: /^Edit / }).first();
    const wo = ((await first.getAttribute("aria-label")) ?? "").replace("Edit ", "");
    await first.click();
    expect(await widths()).toEqual(before);
    await page.keyboard.press("Escape");
    // Names and tooltips for the icon buttons.
    await table.getByRole("button", { name: `Mark Dumped & Remove ${wo}` }).hover();
    await page.getByRole("tooltip", { name: "Mark Dumped & Remove" }).waitFor();
    // A work order already taken: the refusal appears once, in the row being edited.
    await page.getByRole("button", { name: "New", exact: true }).click();
    await page.getByLabel("Work Order").fill(wo);
    await page.getByRole("button", { name: "Save" }).click();
    const refusal = page.getByText(new RegExp(`${wo.replace(/[()]/g, "\\$&")}.*(already|taken|exists)`, "i"));
    await refusal.first().waitFor();
    await networkSettled(page);
    expect(await refusal.count()).toBe(1);
    await page.context().close();
  });

  test("Binder: Export CSV follows the sort on screen", async () => {
    const page = await env.newPage(DEMO.user);
    await page.goto("/reports-binder");
    await page.getByRole("button", { name: /^W\.O\./ }).click();
    await page.waitForURL(/sort_by=work_order/);
    const href = await page.getByRole("link", { name: "Export CSV" }).getAttribute("href");
    expect(href).toContain("sort_by=work_order");
    expect(href).toContain("sort_dir=asc");
    await page.context().close();
  });

  test("Phones: the header search is one tap away; placeholders fit", async () => {
    const page = await env.newPage(DEMO.user);
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto("/reports-binder");
    await page.getByRole("button", { name: "Search the portal" }).click();
    const search = page.getByRole("search").getByRole("combobox", { name: "Search the portal" });
    expect(await search.isVisible()).toBe(true);
    await search.fill("tickets");
    await search.press("Enter");
    await page.waitForURL(/\/it-tickets/);
    for (const [path, label] of [
      ["/reports-binder", "Search the binder"],
      ["/it-onboarded", "Search onboarded accounts"],
      ["/ask-ai", "Question"],
    ] as const) {
      const as = path === "/it-onboarded" ? await env.newPage(DEMO.admin) : page;
      await as.setViewportSize({ width: 390, height: 800 });
      await as.goto(path);
      const box = as.getByLabel(label);
      await box.waitFor();
      expect(await placeholderFits(box), `${path} placeholder`).toBe(true);
      if (as !== page) await as.context().close();
    }
    await page.context().close();
  });

  test("Phones: the top bar fits while the API status still reads 'Checking…' (its longest label)", async () => {
    const page = await env.newPage(DEMO.admin);
    await page.setViewportSize({ width: 360, height: 800 });
    // The health call is held unanswered, as on a slow network.
    await page.route("**/api/core-boxes/_debug", () => {});
    await page.goto("/contacts");
    await page.getByRole("status", { name: "API status: Checking…" }).waitFor();
    await page.getByRole("button", { name: "Profile" }).waitFor();
    const [scroll, inner] = await page.evaluate(() => [
      document.documentElement.scrollWidth,
      window.innerWidth,
    ]);
    expect(scroll, `the top bar is ${scroll} px wide`).toBeLessThanOrEqual(inner!);
    await page.context().close();
  });

  test("Phones: no screen is wider than the phone (wide tables scroll inside their box)", async () => {
    const page = await env.newPage(DEMO.admin);
    await page.setViewportSize({ width: 390, height: 800 });
    for (const [path, ready] of [
      ["/contacts", "People"],
      ["/core-box-inventory", "Core boxes"],
      ["/reports-binder", "Reports binder"],
    ] as const) {
      await page.goto(path);
      await page.getByRole("table", { name: ready }).locator("tbody tr").first().waitFor();
      const [scroll, inner] = await page.evaluate(() => [
        document.documentElement.scrollWidth,
        window.innerWidth,
      ]);
      expect(scroll, `${path} is ${scroll} px wide`).toBeLessThanOrEqual(inner!);
    }
    await page.context().close();
  });

  test("Phones: a row is a card, its point on screen without scrolling sideways (Directory, IT Tickets, Core Inventory, Reports Binder)", async () => {
    const page = await env.newPage(DEMO.admin);
    await page.setViewportSize({ width: 390, height: 800 });
    /** Every labelled cell of the first row lies inside the table's box. */
    const firstRowFits = async (table: string, labels: string[]) => {
      const t = page.getByRole("table", { name: table });
      const row = t.locator("tbody tr").first();
      await row.waitFor();
      const box = (await t.boundingBox())!;
      for (const label of labels) {
        const cell = row.locator(`td[data-label="${label}"]`);
        expect(await cell.isVisible(), `${table}: ${label} shown`).toBe(true);
        const c = (await cell.boundingBox())!;
        expect(c.x + c.width, `${table}: ${label} inside`).toBeLessThanOrEqual(box.x + box.width + 0.5);
      }
    };
    await page.goto("/contacts");
    await firstRowFits("People", ["Name", "Email", "Mobile", "Business"]);
    await page.goto("/it-tickets");
    await firstRowFits("Tickets", ["Type", "Priority", "Status"]);
    await page.goto("/core-box-inventory");
    await firstRowFits("Core boxes", ["W.O.", "Status", "Actions"]);
    await page.goto("/reports-binder");
    await firstRowFits("Reports binder", ["Date", "W.O.", "Billing", "Actions"]);
    await page.context().close();
  });

  test("Desktop 1,400 px: the Directory table fits its card, Office and the row actions included", async () => {
    const page = await env.newPage(DEMO.user);
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.goto("/contacts");
    const table = page.getByRole("table", { name: "People" });
    await table.locator("tbody tr").first().waitFor();
    const [scroll, client] = await table.evaluate((el) => [
      el.parentElement!.scrollWidth,
      el.parentElement!.clientWidth,
    ]);
    expect(scroll).toBeLessThanOrEqual(client!);
    await page.context().close();
  });
});

describe("console", () => {
  test("a walk through every screen as a User and as an Admin leaves the console clean", async () => {
    for (const who of [DEMO.user, DEMO.admin]) {
      const page = await env.newPage(who);
      const noise: string[] = [];
      page.on("console", (m) => (m.type() === "error" || m.type() === "warning") && noise.push(m.text()));
      page.on("requestfailed", (r) => noise.push(`${r.url()} ${r.failure()?.errorText}`));
      page.on("response", (r) => r.status() >= 400 && noise.push(`${r.status()} ${r.url()}`));
      await page.goto("/");
      await page.getByRole("heading", { level: 1 }).waitFor();
      for (const path of [
        "/ask-ai",
        "/reports",
        "/reports-binder",
        "/core-box-inventory",
        "/ocr-lookup",
        "/contacts",
        "/it-tickets",
        "/it-onboarded",
        "/it-terminated",
        "/admin",
        "/db-admin",
        "/db-viewer",
        "/s3-admin",
        "/s3-viewer",
      ]) {
        // In-app navigation, as a person clicks through (a full reload would abort requests on purpose).
        await page.evaluate((to) => {
          history.pushState({}, "", to);
          dispatchEvent(new PopStateEvent("popstate"));
        }, path);
        await page.waitForURL((u) => u.pathname === path);
        await networkSettled(page);
      }
      expect(noise, who).toEqual([]);
      await page.context().close();
    }
    // Signed out: the sign-in page asks nothing that answers 401.
    const out = await env.newPage(null);
    const noise: string[] = [];
    out.on("console", (m) => m.type() === "error" && noise.push(m.text()));
    out.on("response", (r) => r.status() >= 400 && noise.push(`${r.status()} ${r.url()}`));
    await out.goto("/");
    await out.getByRole("button", { name: "Sign In" }).waitFor();
    await networkSettled(out);
    expect(noise).toEqual([]);
    await out.context().close();
  }, 90_000); // it waits for every screen's requests to end (networkSettled): about a second a screen here
});

describe("small things", () => {
  test("'Queue is empty.' goes once files are queued; small files show bytes; a non-PDF is listed as 'Not a PDF'; the explorer shows titles; no demo date is in the future", async () => {
    const page = await env.newPage(DEMO.admin);
    await page.goto("/db-admin");
    await page.getByRole("button", { name: "Run", exact: true }).click();
    await page.getByText("Queue is empty.").waitFor();
    await page.getByLabel("Choose files").setInputFiles([
      { name: "tiny.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4\n%%EOF\n") },
      { name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") },
    ]);
    await page.getByText("Queue is empty.").waitFor({ state: "detached" });
    const queue = page.getByRole("list", { name: "Upload queue" });
    await queue.getByRole("listitem", { name: "tiny.pdf: ready" }).getByText("15 B").waitFor();
    // Not dropped without a word: listed, with why.
    const refused = queue.getByRole("listitem", { name: "notes.txt: error" });
    await refused.getByText("Not a PDF").waitFor();
    expect(await refused.getByText("5 B").count()).toBe(1);
    expect(await page.getByText("0.00 MB").count()).toBe(0);

    const form = new FormData();
    form.set("db_name", "field_manual.db");
    form.set("title", "Field Manual");
    form.set("file", new File([await textPdf(["Hard hats on every site."])], "manual.pdf"));
    const cookie = await env.t.login(DEMO.admin);
    expect((await env.t.request("/api/process-file", { method: "POST", body: form, cookie })).status).toBe(
      200,
    );
    await page.goto("/db-viewer");
    await page
      .getByRole("button", { name: /Field Manual/ })
      .first()
      .waitFor();

    const today = new Date().toISOString().slice(0, 10);
    const latest = async (path: string, key: string) => {
      const res = await page.request.get(path);
      const body = (await res.json()) as { rows: Record<string, string | null>[] };
      return body.rows[0]?.[key] ?? "";
    };
    const boxes = await latest(
      "/api/core-boxes?sort_by=report_submission_date&sort_dir=desc",
      "report_submission_date",
    );
    expect(boxes <= today).toBe(true);
    expect((await latest("/api/reports-binder/?sort_by=date&sort_dir=desc", "date")) <= today).toBe(true);
    await page.context().close();
  });
});
