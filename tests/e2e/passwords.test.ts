import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { users } from "@server/db/schema";
import { MESSAGES, PUBLISHED_DEMO_PASSWORD } from "@shared/auth";
import type { Page } from "playwright-core";
import { DEMO } from "../helpers/app";
import { type BrowserEnv, eventually, startBrowserEnv } from "../helpers/browser";
import { SHOTS, toScheme } from "../helpers/screens";

let env: BrowserEnv;
beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  env = await startBrowserEnv();
  await env.t.deps.db.insert(users).values({
    email: "mele.reset@geolabs.example",
    name: "Mele Reset",
    role: "User",
    source: "test",
    passwordHash: await Bun.password.hash("a-password-of-her-own"),
  });
});
afterAll(() => env?.close());

/** Sign in through the form, the way a person does. */
async function signInByHand(page: Page, email: string, password: string) {
  await page.goto("/");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

async function fillChange(page: Page, current: string, next: string, again = next) {
  await page.getByLabel("Current password").fill(current);
  await page.getByLabel("New password", { exact: true }).fill(next);
  await page.getByLabel("New password again").fill(again);
  await page.getByRole("button", { name: "Change password" }).click();
}

describe("passwords people own", () => {
  test("a registered person must choose their own password before anything else, in light, dark and on a phone", async () => {
    const owner = await env.newPage(DEMO.owner);
    await owner.goto("/admin");
    await owner.getByRole("textbox", { name: "Email to register" }).fill("kaipo.first@geolabs.example");
    await owner.getByRole("button", { name: "Register" }).click();
    const issued = owner.getByRole("dialog", { name: "kaipo.first@geolabs.example registered as User" });
    const temporary = (await issued.getByTitle("Temporary password").textContent()) ?? "";
    await owner.context().close();

    const page = await env.newPage(null);
    await signInByHand(page, "kaipo.first@geolabs.example", temporary);
    await page.getByRole("heading", { name: "Choose your own password" }).waitFor();
    await page.screenshot({ path: join(SHOTS, "change-password-light.png") });
    await toScheme(page, "dark");
    await page.screenshot({ path: join(SHOTS, "change-password-dark.png") });
    await toScheme(page, "light");
    // Going elsewhere shows the same card: nothing else answers until it is changed.
    await page.goto("/reports-binder");
    await page.getByRole("heading", { name: "Choose your own password" }).waitFor();
    await page.setViewportSize({ width: 390, height: 800 });
    // Mistakes are said on the field, before anything is sent.
    await fillChange(page, temporary, "short");
    await page.getByText("New password must be at least 12 characters.").waitFor();
    await fillChange(page, temporary, "tide-pool-lantern", "tide-pool-lanterns");
    await page.getByText("The new passwords do not match.").waitFor();
    await page.screenshot({ path: join(SHOTS, "change-password-390.png"), fullPage: true });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
    await fillChange(page, temporary, "tide-pool-lantern");
    await page.getByText(MESSAGES.passwordChanged).waitFor();
    await page.getByRole("heading", { name: "Reports Binder" }).waitFor();
    expect(
      (
        await env.t.request("/api/auth/login", {
          method: "POST",
          json: { email: "kaipo.first@geolabs.example", password: temporary },
        })
      ).status,
    ).toBe(401);
    await page.context().close();
  });

  test("Change password from the account menu: Escape closes it untouched; a wrong current password is said", async () => {
    const page = await env.newPage(DEMO.admin);
    await page.goto("/");
    await page.getByRole("button", { name: "Profile" }).click();
    await page.getByRole("menuitem", { name: "Change password" }).click();
    const dialog = page.getByRole("dialog", { name: "Change password" });
    await dialog.waitFor();
    await expectFocused(page, "Current password");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });

    await page.getByRole("button", { name: "Profile" }).click();
    await page.getByRole("menuitem", { name: "Change password" }).click();
    await fillChange(page, "not-the-password", "reef-break-morning");
    await dialog.getByText(MESSAGES.wrongCurrentPassword).waitFor();
    await page.screenshot({ path: join(SHOTS, "change-password-dialog-light.png") });
    await toScheme(page, "dark");
    await page.screenshot({ path: join(SHOTS, "change-password-dialog-dark.png") });
    await page.setViewportSize({ width: 390, height: 800 });
    await page.screenshot({ path: join(SHOTS, "change-password-dialog-390.png") });
    const box = await dialog.boundingBox();
    expect(box!.x >= 0 && box!.x + box!.width <= 390).toBe(true);
    await fillChange(page, PUBLISHED_DEMO_PASSWORD, "reef-break-morning");
    await dialog.waitFor({ state: "hidden" });
    await page.getByText(MESSAGES.passwordChanged).waitFor();
    await page.context().close();
  });

  test("an Owner sees who still uses the demo password, and resets a password after confirming", async () => {
    const page = await env.newPage(DEMO.owner);
    await page.goto("/admin");
    const banner = page.getByRole("alert").filter({ hasText: "published demo password" });
    await banner.waitFor();
    expect(await banner.textContent()).toContain(DEMO.user);
    await page.getByRole("button", { name: "Reset password of mele.reset@geolabs.example" }).click();
    const confirm = page.getByRole("alertdialog", {
      name: "Reset the password of mele.reset@geolabs.example?",
    });
    await confirm.getByRole("button", { name: "Reset password" }).click();
    const issued = page.getByRole("dialog", {
      name: "New temporary password for mele.reset@geolabs.example",
    });
    const temporary = (await issued.getByTitle("Temporary password").textContent()) ?? "";
    expect(temporary).toMatch(/^[a-z2-9]{12}$/);
    await page.screenshot({ path: join(SHOTS, "reset-password-light.png") });
    await toScheme(page, "dark");
    await page.screenshot({ path: join(SHOTS, "reset-password-dark.png") });
    await toScheme(page, "light");
    await issued.getByRole("button", { name: "Done" }).click();
    await issued.waitFor({ state: "hidden" });
    expect(
      (
        await env.t.request("/api/auth/login", {
          method: "POST",
          json: { email: "mele.reset@geolabs.example", password: "a-password-of-her-own" },
        })
      ).status,
    ).toBe(401);
    // The super-owner's row offers no reset to an Owner, and says why.
    const locked = page.getByRole("button", { name: `Reset password of ${DEMO.superOwner}` });
    expect(await locked.isDisabled()).toBe(true);
    await page.setViewportSize({ width: 390, height: 800 });
    await banner.waitFor();
    await page.screenshot({ path: join(SHOTS, "demo-password-banner-390.png") });
    await page.context().close();
  });
});

/** The field labelled `label` gets the keyboard's focus (once the dialog has settled). */
async function expectFocused(page: Page, label: string) {
  const target = (await page.getByLabel(label).getAttribute("id")) ?? "missing";
  await eventually(() => page.evaluate(() => document.activeElement?.id ?? ""), target);
}
