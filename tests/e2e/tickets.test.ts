import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { DEMO } from "../helpers/app";
import { type BrowserEnv, eventually, startBrowserEnv } from "../helpers/browser";
import { shots } from "../helpers/screens";

let env: BrowserEnv;
beforeAll(async () => {
  env = await startBrowserEnv();
});
afterAll(() => env?.close());

describe("IT Tickets", () => {
  test("a User raises a ticket, comments, changes its status, filters to it and deletes it", async () => {
    const page = await env.newPage(DEMO.user);
    await page.goto("/it-tickets");
    await page.getByTestId("count-mine").waitFor();
    const mineBefore = Number(await page.getByTestId("count-mine").textContent());

    // Raise it.
    await page.getByRole("button", { name: "New Ticket" }).click();
    const modal = page.getByRole("dialog", { name: "New Ticket" });
    await modal.getByLabel("Title").fill("Plotter offline in Hilo");
    await modal
      .getByLabel("Description")
      .fill("The A0 plotter shows offline since this morning's power cut.");
    await modal.getByLabel("Type").selectOption("hardware");
    await modal.getByLabel("Priority").selectOption("high");
    await modal.getByRole("button", { name: "Create Ticket" }).click();
    await page.getByText(/Ticket #\d+ created\./).waitFor();
    const panel = page.getByRole("dialog", { name: /Ticket #\d+/ });
    await panel.getByText("Plotter offline in Hilo").waitFor();
    await expectText(page.getByTestId("count-mine"), String(mineBefore + 1));

    // Comment on it.
    await panel.getByLabel("Add a comment").fill("Power-cycled it, still offline.");
    await panel.getByRole("button", { name: "Add Comment" }).click();
    await panel.getByText("Power-cycled it, still offline.").waitFor();
    await panel.getByText("Comments (1)").waitFor();
    // One way to show a person: the name, the email on hover (requester and comment author alike).
    const shown = panel.getByTitle(DEMO.user);
    expect(await shown.count()).toBe(2);
    const names = await shown.allTextContents();
    expect(names[0]).toBe(names[1]);
    expect(await panel.getByText(`(${DEMO.user})`).count()).toBe(0);

    // Change its status in edit mode (any status may be chosen).
    await panel.getByRole("button", { name: "Edit" }).click();
    await panel.getByLabel("Status").selectOption("waiting");
    await panel.getByRole("button", { name: "Save" }).click();
    await page.getByText("Ticket updated.").waitFor();
    await panel.getByText("Waiting for User").waitFor();
    await page.keyboard.press("Escape");
    await panel.waitFor({ state: "hidden" });

    // Filter to it: status + search, through the URL.
    await page.getByLabel("Status filter").selectOption("waiting");
    await page.getByRole("searchbox", { name: "Search tickets" }).fill("plotter hilo");
    await page.waitForURL(/status=waiting/);
    await page.waitForURL(/q=plotter/);
    const table = page.getByRole("table", { name: "Tickets" });
    const row = table.getByRole("row").filter({ hasText: "Plotter offline in Hilo" });
    await row.waitFor();
    expect(await table.getByRole("row").count()).toBe(2); // header + the ticket
    expect(await row.getByText("Waiting for User").isVisible()).toBe(true);
    // The list shows the description preview.
    expect(await row.getByText("The A0 plotter shows offline").isVisible()).toBe(true);
    expect(await row.getByTitle(DEMO.user).textContent()).toBe(names[0] ?? "");

    // Delete it as its requester.
    await row.getByRole("button", { name: "Plotter offline in Hilo" }).click();
    await panel.getByRole("button", { name: "Delete" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await page.getByText(/Ticket #\d+ deleted\./).waitFor();
    await page.getByText("No tickets match these filters.").waitFor();

    // Clear Filters brings the rest back.
    await page.getByRole("button", { name: "Clear Filters" }).click();
    await table.getByRole("row").nth(1).waitFor();
    expect(page.url()).not.toContain("status=");
    await page.context().close();
  });

  test("blank fields are refused in the modal with the spec's messages", async () => {
    const page = await env.newPage(DEMO.user);
    await page.goto("/it-tickets?new=true");
    const modal = page.getByRole("dialog", { name: "New Ticket" });
    await modal.getByLabel("Title").fill("   ");
    await modal.getByRole("button", { name: "Create Ticket" }).click();
    await modal.getByText("Title is required.").waitFor();
    await modal.getByText("Description is required.").waitFor();
    await page.context().close();
  });

  test("an Admin sees everyone's tickets but cannot delete one raised by someone else", async () => {
    const page = await env.newPage(DEMO.admin);
    await page.goto("/it-tickets");
    const table = page.getByRole("table", { name: "Tickets" });
    await table.getByText("Request: second monitor").waitFor(); // raised by the demo User
    await table.getByRole("button", { name: "Request: second monitor" }).click();
    const panel = page.getByRole("dialog", { name: /Ticket #\d+/ });
    await panel.getByText("Noah Kealoha").waitFor();
    expect(await panel.getByRole("button", { name: "Delete" }).isDisabled()).toBe(true);
    await page.context().close();
  });

  test("the assignee is shown by name in the list and the panel; a work order in the text links to its page", async () => {
    const admin = await env.t.login(DEMO.admin);
    const raised = await env.t.request("/api/tickets", {
      method: "POST",
      cookie: admin,
      json: {
        title: "Core box labels for W.O. 4321-07A",
        description: "Print labels for 4321-07A and 1234-56(b).",
      },
    });
    const { id } = (await raised.json()) as { id: number };
    await env.t.request(`/api/tickets/${id}`, {
      method: "PUT",
      cookie: admin,
      json: { assignee: DEMO.admin },
    });

    const page = await env.newPage(DEMO.admin);
    await page.goto("/it-tickets");
    const table = page.getByRole("table", { name: "Tickets" });
    const row = table.getByRole("row").filter({ hasText: "Core box labels for W.O. 4321-07A" });
    await row.waitFor();
    // The same name in every column that shows a person, the address on hover.
    expect(await row.getByTitle(DEMO.admin).allTextContents()).toEqual(["Leilani Adams", "Leilani Adams"]);
    await row.getByRole("button", { name: "Core box labels for W.O. 4321-07A" }).click();
    const panel = page.getByRole("dialog", { name: /Ticket #\d+/ });
    await panel.getByRole("link", { name: "4321-07A" }).waitFor();
    expect(await panel.getByTitle(DEMO.admin).allTextContents()).toEqual(["Leilani Adams", "Leilani Adams"]);
    expect(await panel.getByRole("link", { name: "4321-07A" }).getAttribute("href")).toBe(
      "/work-orders/4321-07A",
    );
    expect(await panel.getByRole("link", { name: "1234-56(b)" }).getAttribute("href")).toBe(
      "/work-orders/1234-56B",
    );
    await shots(page, "ticket-panel");
    await panel.getByRole("link", { name: "4321-07A" }).click();
    await page.waitForURL(/\/work-orders\/4321-07A$/);
    await page.context().close();
  }, 60_000);

  test("a User sees only their own tickets", async () => {
    const page = await env.newPage(DEMO.user);
    await page.goto("/it-tickets");
    const table = page.getByRole("table", { name: "Tickets" });
    await table.getByText("Request: second monitor").waitFor();
    expect(await table.getByText("Printer on floor 2 jams").count()).toBe(0); // the Admin's
    await page.context().close();
  });
});

async function expectText(locator: import("playwright-core").Locator, text: string) {
  await eventually(() => locator.textContent(), text);
}
