import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { users } from "@server/db/schema";
import { AUDIT_ACTION_LABELS } from "@shared/users";
import { DEMO } from "../helpers/app";
import { type BrowserEnv, eventually, startBrowserEnv } from "../helpers/browser";

let env: BrowserEnv;
beforeAll(async () => {
  env = await startBrowserEnv();
  await env.t.deps.db.insert(users).values([
    { email: "pua.kalani@geolabs.example", name: "Pua Kalani", role: "User", source: "test" },
    { email: "keoni.mahoe@geolabs.example", name: "Keoni Mahoe", role: "User", source: "test" },
  ]);
});
afterAll(() => env?.close());

describe("Admin Console", () => {
  test("an Owner promotes a User to Admin after confirming what it means, and the row updates", async () => {
    const page = await env.newPage(DEMO.owner);
    await page.goto("/admin");
    const select = page.getByRole("combobox", { name: "Change role of pua.kalani@geolabs.example" });
    await select.waitFor();
    // A role changes what a person can do: asked first; Cancel leaves it as it was.
    await select.selectOption("Admin");
    const dialog = page.getByRole("alertdialog", { name: "Make pua.kalani@geolabs.example an Admin?" });
    await dialog.getByText("Pua Kalani is User now. Admins also manage document databases").waitFor();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "hidden" });
    await expectValue(select, "User");
    await select.selectOption("Admin");
    await dialog.getByRole("button", { name: "Make Admin" }).click();
    await page.getByText("pua.kalani@geolabs.example is now Admin.").waitFor();
    await expectValue(select, "Admin");
    expect(await page.getByTestId("count-Admin").textContent()).toBe("2");
    // The super-owner's row is locked for an Owner.
    expect(await page.getByRole("combobox", { name: `Change role of ${DEMO.superOwner}` }).isDisabled()).toBe(
      true,
    );

    // Activity says what happened in words, and its filter offers every action the log records.
    await page.goto("/admin?tab=activity");
    const table = page.getByRole("table", { name: "Account activity" });
    await table.getByText("Role changed").first().waitFor();
    const filter = page.getByRole("combobox", { name: "Filter by action" });
    const offered = await filter.locator("option").allTextContents();
    expect(offered).toEqual(["All actions", ...Object.values(AUDIT_ACTION_LABELS)]);
    expect(await table.getByText(/^[a-z_]+\.[a-zA-Z_]+$/).count()).toBe(0);
    await page.context().close();
  });

  test("registering a person says how they sign in: here, a temporary password shown once, that works", async () => {
    const page = await env.newPage(DEMO.owner);
    await page.goto("/admin");
    await page.getByRole("textbox", { name: "Email to register" }).fill("lani.new@geolabs.example");
    await page.getByRole("button", { name: "Register" }).click();
    const dialog = page.getByRole("dialog", { name: "lani.new@geolabs.example registered as User" });
    await dialog
      .getByText("They sign in with their email and this temporary password, and choose their own")
      .waitFor();
    const password = (await dialog.getByTitle("Temporary password").textContent()) ?? "";
    expect(password).toMatch(/^[a-z2-9]{12}$/);
    await dialog.getByRole("button", { name: "Done" }).click();
    await dialog.waitFor({ state: "hidden" });
    expect(await env.t.login("lani.new@geolabs.example", password)).toContain("=");
    await page.context().close();
  });

  test("an Admin sees every row locked", async () => {
    const page = await env.newPage(DEMO.admin);
    await page.goto("/admin");
    const select = page.getByRole("combobox", { name: "Change role of keoni.mahoe@geolabs.example" });
    await select.waitFor();
    expect(await select.isDisabled()).toBe(true);
    expect(await page.getByRole("button", { name: "Delete keoni.mahoe@geolabs.example" }).isDisabled()).toBe(
      true,
    );
    expect(await page.getByRole("textbox", { name: "Email to register" }).isDisabled()).toBe(true);
    await page.context().close();
  });

  // The server's refusal of the same call is covered in tests/api/users.test.ts.
  test("a bulk 'to Owner' is offered to an Owner disabled, saying who may; 'to Admin' asks first", async () => {
    const page = await env.newPage(DEMO.owner);
    await page.goto("/admin?q=keoni");
    await page.getByRole("checkbox", { name: "Select keoni.mahoe@geolabs.example" }).click();
    await page.getByText("1 selected").waitFor();
    const toOwner = page.getByRole("button", { name: "to Owner" });
    expect(await toOwner.isDisabled()).toBe(true);
    expect(await toOwner.getAttribute("title")).toBe("Only the super-owner can make someone an Owner.");
    expect(await page.getByRole("button", { name: "to Admin" }).isDisabled()).toBe(false);
    // A bulk role change is confirmed too; Cancel changes nobody.
    await page.getByRole("button", { name: "to Admin" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Make 1 account(s) Admin?" });
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "hidden" });
    expect(
      await page.getByRole("combobox", { name: "Change role of keoni.mahoe@geolabs.example" }).inputValue(),
    ).toBe("User");
    await page.context().close();
  });

  test("a User is kept out of the console", async () => {
    const page = await env.newPage(DEMO.user);
    await page.goto("/admin");
    await page.getByText("Admins and Owners only").first().waitFor();
    expect(await page.getByRole("table").count()).toBe(0);
    await page.context().close();
  });
});

async function expectValue(select: import("playwright-core").Locator, value: string) {
  await eventually(() => select.inputValue(), value);
}
