import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { auditLog, directoryEntries } from "@server/db/schema";
import { desc } from "drizzle-orm";
import { DEMO, startTestApp, type TestApp, trpcCall } from "../helpers/app";
import { callerAs } from "../helpers/caller";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe("GET /api/auth/config", () => {
  test("gives the browser the directory settings (Graph base and the company filter)", async () => {
    const config = (await (await t.request("/api/auth/config")).json()) as { directory: unknown };
    expect(config.directory).toEqual({
      graphBaseUrl: "https://graph.microsoft.com/v1.0",
      companyDomains: [],
      companyKeyword: "",
    });
  });
});

describe("personal contacts (portal-kept directory)", () => {
  test("each person adds, edits and deletes their own; nobody else's", async () => {
    const user = await callerAs(t, DEMO.user);
    const admin = await callerAs(t, DEMO.admin);
    const added = await user.directory.addContact({
      name: "  Ana Supplier ",
      email: "ANA@Supply.example",
      company: "Supply Co",
    });
    expect(added).toMatchObject({
      source: "contact",
      name: "Ana Supplier",
      email: "ana@supply.example",
      mobile: "",
    });
    const id = Number(added.id.slice(1));

    // Another person cannot see, edit or delete it, whatever their role.
    const adminContacts = await admin.directory.page({ source: "contacts" });
    expect(adminContacts.people.some((c) => c.id === added.id)).toBe(false);
    await expect(admin.directory.updateContact({ id, name: "Hijacked" })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    await expect(admin.directory.removeContact({ id })).rejects.toMatchObject({ code: "FORBIDDEN" });

    const edited = await user.directory.updateContact({ id, name: "Ana Supplier", title: "Sales" });
    expect(edited.title).toBe("Sales");
    const mine = await user.directory.page({ source: "contacts" });
    expect(mine.people.find((c) => c.id === added.id)?.title).toBe("Sales");
    expect(await user.directory.removeContact({ id })).toEqual({ id, deleted: true });
    await expect(user.directory.removeContact({ id })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
  test("a contact needs a name; a bad email is a 400 naming it", async () => {
    const cookie = await t.login(DEMO.user);
    const noName = await trpcCall(t, cookie, "directory.addContact", { name: " ", email: "" }, "mutation");
    expect(noName.status).toBe(400);
    expect(noName.error?.message).toBe("Name is required.");
    const badEmail = await trpcCall(
      t,
      cookie,
      "directory.addContact",
      { name: "X", email: "nope" },
      "mutation",
    );
    expect(badEmail.status).toBe(400);
    expect(badEmail.error?.message).toBe("email must be a valid email address.");
  });
});

describe("the staff directory", () => {
  test("is read 200 at a time with a next cursor, like Graph's next link", async () => {
    const rows = Array.from({ length: 450 }, (_, i) => ({
      name: `Staff ${i}`,
      email: `staff${i}@geolabs.example`,
    }));
    await t.deps.db.insert(directoryEntries).values(rows);
    const user = await callerAs(t, DEMO.user);
    const seen: string[] = [];
    let cursor = 0;
    let pages = 0;
    for (;;) {
      const page = await user.directory.page({ source: "directory", cursor });
      pages++;
      expect(page.people.length).toBeLessThanOrEqual(200);
      seen.push(...page.people.map((p) => p.id));
      if (page.next === null) break;
      cursor = page.next;
    }
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBe(450 + 60); // plus the seeded demo directory
  });
  test("Admins import CSV (merge, then replace); Users may not", async () => {
    const admin = await callerAs(t, DEMO.admin);
    const csv = [
      "Display Name,Email,Job Title,Department,Office Location,Mobile Phone,Business Phone,Company Name",
      '"Kahale, Malia",super@geolabs.example,Principal,Engineering,Honolulu,808-1,808-2,Geolabs',
      "New Person,new.person@geolabs.example,Driller,Drilling,Hilo,,,Geolabs",
      ",nameless@geolabs.example,,,,,,",
      "Bad Email,not-an-email,,,,,,",
    ].join("\r\n");
    const merged = await admin.directory.importStaff({ csv });
    expect(merged).toMatchObject({ inserted: 1, updated: 1, removed: 0 });
    expect(merged.skipped).toEqual([
      { line: 4, reason: "Name is required." },
      { line: 5, reason: "Email must be a valid email address." },
    ]);
    const [audit] = await t.deps.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(audit).toMatchObject({ actor: DEMO.admin, action: "directory.import" });

    const replaced = await admin.directory.importStaff({
      csv: "Name,Email\nOnly One,only@geolabs.example\n",
      mode: "replace",
    });
    expect(replaced.inserted).toBe(1);
    expect(replaced.removed).toBe(450 + 60 + 1);
    const all = await admin.directory.page({ source: "directory" });
    expect(all.people.map((p) => p.email)).toEqual(["only@geolabs.example"]);

    const cookie = await t.login(DEMO.user);
    const refused = await trpcCall(t, cookie, "directory.importStaff", { csv }, "mutation");
    expect(refused.status).toBe(403);
    const noHeader = await admin.directory.importStaff({ csv: "Who,Where\na,b" }).catch((e) => e);
    expect(noHeader.message).toBe("The CSV needs a header row with Name and Email columns.");
  });
});
