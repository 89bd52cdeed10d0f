import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { users } from "@server/db/schema";
import { DEMO } from "../helpers/app";
import { type BrowserEnv, startBrowserEnv } from "../helpers/browser";

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
  test("an Owner promotes a User to Admin and the row updates", async () => {
    const page = await env.newPage(DEMO.owner);
    await page.goto("/admin");
    const select = page.getByRole("combobox", { name: "Change role of pua.kalani@geolabs.example" });
    await select.waitFor();
    await select.selectOption("Admin");
    await page.getByText("pua.kalani@geolabs.example is now Admin.").waitFor();
    await expectValue(select, "Admin");
    expect(await page.getByTestId("count-Admin").textContent()).toBe("2");
    // The super-owner's row is locked for an Owner.
    expect(await page.getByRole("combobox", { name: `Change role of ${DEMO.superOwner}` }).isDisabled()).toBe(
      true,
    );
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
  test("a bulk 'to Owner' is offered to an Owner disabled, saying who may", async () => {
    const page = await env.newPage(DEMO.owner);
    await page.goto("/admin?q=keoni");
    await page.getByRole("checkbox", { name: "Select keoni.mahoe@geolabs.example" }).click();
    await page.getByText("1 selected").waitFor();
    const toOwner = page.getByRole("button", { name: "to Owner" });
    expect(await toOwner.isDisabled()).toBe(true);
    expect(await toOwner.getAttribute("title")).toBe("Only the super-owner can make someone an Owner.");
    expect(await page.getByRole("button", { name: "to Admin" }).isDisabled()).toBe(false);
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
  for (let i = 0; i < 20; i++) {
    if ((await select.inputValue()) === value) return;
    await Bun.sleep(100);
  }
  expect(await select.inputValue()).toBe(value);
}
