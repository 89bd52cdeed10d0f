import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { RowRejection } from "@shared/common";
import type { Contact, ImportResult } from "@shared/directory";
import type { ImportReport } from "@shared/ocr";
import type { TicketSummary } from "@shared/tickets";
import { DEMO, startTestApp, type TestApp, trpcCall } from "../helpers/app";

/**
 * A right-to-left override (U+202E) or a zero-width space in a stored text field is refused through every door
 * with the field's own sentence, never stored and never a 500; search boxes drop them instead.
 */
const RLO = "\u202e";
const HIDDEN = "must not contain invisible or direction-changing characters";
let t: TestApp;
let user = "";
let admin = "";

beforeAll(async () => {
  t = await startTestApp({ SEED_DEMO: "true" });
  user = await t.login(DEMO.user);
  admin = await t.login(DEMO.admin);
});
afterAll(() => t.close());

const errorOf = async (res: Response) => ((await res.json()) as { error: string }).error;
const upload = (path: string, name: string, body: string, cookie = admin) => {
  const form = new FormData();
  form.set("file", new File([body], name, { type: "text/csv" }));
  return t.request(path, { method: "POST", body: form, cookie });
};

describe("tickets", () => {
  const ticket = { title: `Invoice ${RLO}fdp.exe`, description: "Please open the attachment." };

  test("a title with a right-to-left override is a 400 on REST and the same sentence on tRPC", async () => {
    const rest = await t.request("/api/tickets", { method: "POST", cookie: user, json: ticket });
    expect(rest.status).toBe(400);
    expect(await errorOf(rest)).toBe(`title ${HIDDEN}.`);

    const trpc = await trpcCall(t, user, "tickets.create", ticket, "mutation");
    expect(trpc.status).toBe(400);
    expect(trpc.error?.message).toBe(`title ${HIDDEN}.`);

    const mine = await trpcCall(t, user, "tickets.list", { mine: true });
    const titles = (mine.data as { rows: TicketSummary[] }).rows.map((r) => r.title);
    expect(titles.some((x) => x.includes(RLO))).toBe(false);
  });

  test("a comment with a zero-width space is refused; emoji joined with ZWJ are kept", async () => {
    const created = await t.request("/api/tickets", {
      method: "POST",
      cookie: user,
      json: { title: "Printer 👩‍💻 jam", description: "Tray 2" },
    });
    expect(created.status).toBe(201);
    const { id, title } = (await created.json()) as { id: number; title: string };
    expect(title).toBe("Printer 👩‍💻 jam");
    const comment = await t.request(`/api/tickets/${id}/comments`, {
      method: "POST",
      cookie: user,
      json: { text: "pass\u200bword reset" },
    });
    expect(comment.status).toBe(400);
    expect(await errorOf(comment)).toBe(`text ${HIDDEN}.`);
  });

  test("a search with an invisible character still finds the ticket (search text is not stored)", async () => {
    const res = await t.request(`/api/tickets?q=${encodeURIComponent("Prin\u200bter")}`, { cookie: user });
    expect(res.status).toBe(200);
    const { tickets } = (await res.json()) as { tickets: TicketSummary[] };
    expect(tickets.map((x) => x.title)).toContain("Printer 👩‍💻 jam");
  });
});

describe("contacts and the staff directory", () => {
  test("a contact name with a bidi isolate is refused", async () => {
    const res = await trpcCall(t, user, "directory.addContact", { name: "Kai\u2067 Lee" }, "mutation");
    expect(res.status).toBe(400);
    expect(res.error?.message).toBe(`name ${HIDDEN}.`);
    const page = await trpcCall(t, user, "directory.page", { source: "contacts" });
    const names = (page.data as { people: Contact[] }).people.map((p) => p.name);
    expect(names.some((n) => n.includes("\u2067"))).toBe(false);
  });

  test("a staff CSV row with one is skipped with its line and reason; the others are imported", async () => {
    const csv = `Name,Email,Job Title\nAna Silva,ana@geolabs.example,Drafter\nBo Kim,bo@geolabs.example,Lab${RLO} Tech\n`;
    const res = await trpcCall(t, admin, "directory.importStaff", { csv }, "mutation");
    expect(res.status).toBe(200);
    const result = res.data as ImportResult;
    expect(result.inserted).toBe(1);
    expect(result.skipped).toEqual([{ line: 3, reason: `title ${HIDDEN}.` }]);
  });
});

describe("spreadsheet imports report the row", () => {
  test("core boxes: the row is rejected naming its column", async () => {
    const res = await upload(
      "/api/core-boxes/import?dry_run=1",
      "boxes.csv",
      `Work Order,Project,Engineer\n9801-01,Pier 4,GS\n9801-02,Kapolei${RLO} Lot,AT\n`,
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as { ok: boolean; rejected: RowRejection[] };
    expect(body.ok).toBe(false);
    expect(body.rejected).toEqual([{ row: 3, work_order: "9801-02", errors: [`Project ${HIDDEN}.`] }]);
  });

  test("the reports binder: the row is rejected naming its column", async () => {
    const res = await upload(
      "/api/reports-binder/import?dry_run=1",
      "binder.csv",
      "Page #,Date,Work Order #,Billing\n1\u00ad2,2021-03-04,9802-01,123\n",
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as { ok: boolean; rejected: RowRejection[] };
    expect(body.rejected).toEqual([{ row: 2, work_order: "9802-01", errors: [`Page # ${HIDDEN}.`] }]);
  });

  test("the project register: the row is rejected naming its column", async () => {
    const res = await upload(
      "/api/projects/import",
      "register.csv",
      `Date,Client,Project Name,Work Order Number\n3/10/21,Hawaii Gas,Tank Farm,9803-01\n3/11/21,Matson,Pier${RLO} 2,9803-02\n`,
    );
    expect(res.status).toBe(200);
    const report = (await res.json()) as ImportReport;
    expect(report.accepted).toBe(1);
    expect(report.rejected).toEqual([{ row: 3, work_order: "9803-02", reason: `Project Name ${HIDDEN}.` }]);
  });
});
