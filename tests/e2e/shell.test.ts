import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { DEMO } from "../helpers/app";
import { type BrowserEnv, networkSettled, startBrowserEnv } from "../helpers/browser";

let env: BrowserEnv;
beforeAll(async () => {
  env = await startBrowserEnv();
});
afterAll(() => env?.close());

describe("sign-in and the shell", () => {
  test("a person signs in with a local account and is greeted by first name", async () => {
    const page = await env.newPage(null);
    await page.goto("/");
    // Signed out, the bar shows the brand alone: nothing else in it would work.
    await page.getByLabel("Email").waitFor();
    const bar = page.getByRole("banner");
    expect(await bar.getByRole("link", { name: "Geolabs home" }).isVisible()).toBe(true);
    expect(await bar.getByRole("button").count()).toBe(0);
    expect(await bar.getByRole("search").count()).toBe(0);
    await page.getByLabel("Email").fill(DEMO.admin);
    await page.getByLabel("Password").fill("wrong-password");
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.getByText("Invalid email or password.").waitFor();
    await page.getByLabel("Password").fill("geolabs-demo");
    await page.getByRole("button", { name: "Sign In" }).click();
    await page
      .getByRole("heading", { level: 1, name: /Good (night|morning|afternoon|evening), Leilani/ })
      .waitFor();
    // The badge says the key figures are in: it shows once they have loaded.
    await page.getByText("Analytics Ready").waitFor();
    expect(await bar.getByRole("search").count()).toBe(1);
    await page.context().close();
  });

  test("opening the portal signed in asks who is signed in once", async () => {
    const page = await env.newPage(DEMO.user);
    let asked = 0;
    page.on("request", (req) => {
      if (new URL(req.url()).pathname === "/api/auth/config") asked++;
    });
    await page.goto("/");
    await page.getByRole("heading", { level: 1, name: /Good (night|morning|afternoon|evening)/ }).waitFor();
    await networkSettled(page);
    expect(asked).toBe(1);
    await page.context().close();
  });

  test("the header search offers matching screens (Enter opens the first), then all results", async () => {
    const page = await env.newPage(DEMO.user);
    await page.goto("/");
    await page.getByRole("heading", { level: 1 }).waitFor();
    await page.keyboard.press("/");
    const search = page.getByRole("search").getByRole("combobox");
    expect(await search.evaluate((el) => el === document.activeElement)).toBe(true);
    await search.fill("binder");
    const offers = page.getByRole("listbox", { name: "Suggestions" }).getByRole("option");
    // The screen named so first, one whose description says so among the tools, and "See all results" last.
    await offers.filter({ hasText: "See all results" }).waitFor();
    const texts = await offers.allInnerTexts();
    expect(texts[0]).toContain("Reports Binder");
    expect(texts.some((t) => t.includes("Work Orders"))).toBe(true);
    expect(texts.at(-1)).toBe("See all results for “binder”");
    // A User is offered no admin screen.
    await search.fill("index");
    expect(await offers.filter({ hasText: "Index Manager" }).count()).toBe(0);
    // Escape clears the text first, so the next "/" starts fresh; the screen opens with Enter.
    await search.press("Escape");
    expect(await search.inputValue()).toBe("");
    await search.fill("binder");
    await search.press("Enter");
    await page.waitForURL(/\/reports-binder/);

    // The last offer is every result on one page (/search?q=), reached with the arrow keys.
    await page.keyboard.press("/");
    await search.fill("binder");
    await search.press("ArrowUp"); // from the first offer round to the last
    await search.press("Enter");
    await page.waitForURL(/\/search\?q=binder/);

    // The dashboard's box still filters the tools (/?search=), and says when nothing at all matches.
    await page.goto("/?search=binder");
    const categories = page.getByRole("region", { name: "Categories" });
    await categories.getByRole("link", { name: /Reports Binder/ }).waitFor();
    expect(await categories.getByRole("link", { name: /Ask Geolabs AI/ }).count()).toBe(0);
    expect(await page.locator("mark", { hasText: /binder/i }).count()).toBeGreaterThan(0);

    await page.goto("/?search=zzqxv");
    await page.getByText("No results found").waitFor();
    await page.context().close();
  });

  test("a favorite survives a reload", async () => {
    const page = await env.newPage(DEMO.user);
    await page.goto("/");
    await page.getByRole("button", { name: "Add Directory to favorites" }).click();
    const favorites = page.getByRole("region", { name: "Favorites" });
    await favorites.getByRole("link", { name: /Directory/ }).waitFor();
    await page.reload();
    await favorites.getByRole("link", { name: /Directory/ }).waitFor();
    expect(
      await page
        .getByRole("button", { name: "Remove Directory from favorites" })
        .getAttribute("aria-pressed"),
    ).toBe("true");
    await page.context().close();
  });

  test("the sidebar opens as 'Navigation' and closes on Escape", async () => {
    const page = await env.newPage(DEMO.user);
    await page.goto("/");
    await page.getByRole("button", { name: "Open navigation" }).click();
    const dialog = page.getByRole("dialog", { name: "Navigation" });
    await dialog.waitFor();
    expect(await dialog.getByText("Geolabs v2.0").isVisible()).toBe(true);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    await page.context().close();
  });

  test("opening the profile menu closes the Create menu; Sign Out returns to sign-in", async () => {
    const page = await env.newPage(DEMO.owner);
    await page.goto("/");
    await page.getByRole("button", { name: "Create" }).click();
    await page.getByRole("menuitem", { name: "Upload Documents" }).waitFor();
    await page.getByRole("button", { name: "Profile" }).click();
    await page.getByRole("menuitem", { name: "Sign Out" }).waitFor();
    // One menu at a time: the Create menu has gone (after its closing animation).
    await page
      .getByRole("menuitem", { name: "Upload Documents" })
      .waitFor({ state: "detached", timeout: 2000 });
    expect(await page.getByText(DEMO.owner).isVisible()).toBe(true);
    await page.getByRole("menuitem", { name: "Sign Out" }).click();
    await page.getByRole("button", { name: "Sign In" }).waitFor();
    const me = await page.request.get("/api/auth/me");
    expect(me.status()).toBe(401);
    await page.context().close();
  });
});
