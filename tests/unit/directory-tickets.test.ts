import { describe, expect, test } from "bun:test";
import { parseStaffCsv } from "@server/domains/directory/csv-import";
import { ftsQuery } from "@server/domains/tickets/queries";
import { ConfigError, loadEnv } from "@server/env";
import { securityHeaders } from "@server/http/security-headers";
import { type Contact, DEFAULT_SORT, isCompanyContact, mergeSources, searchAndSort } from "@shared/directory";
import { canDeleteTicket, canSeeTicket, ownsContact } from "@shared/permissions";
import { previewText, ticketCreateInput } from "@shared/tickets";

const person = (over: Partial<Contact>): Contact => ({
  id: over.name ?? "x",
  source: "directory",
  name: "",
  email: "",
  mobile: "",
  business: "",
  title: "",
  department: "",
  office: "",
  company: "",
  ...over,
});

describe("directory search and sort (in the browser)", () => {
  const people = [
    person({ name: "noah Kealoha", email: "noah@geolabs.example", office: "Hilo", title: "Driller" }),
    person({ name: "Ánela Adams", email: "anela@geolabs.example", office: "Honolulu" }),
    person({ name: "Kai 10", mobile: "808 1" }),
    person({ name: "Kai 9", department: "Drilling", office: "Hilo" }),
  ];
  test("default sort is name ascending, case- and accent-insensitive, numbers in order", () => {
    expect(searchAndSort(people, "", DEFAULT_SORT).map((p) => p.name)).toEqual([
      "Ánela Adams",
      "Kai 9",
      "Kai 10",
      "noah Kealoha",
    ]);
  });
  test("every word must match some field; case-insensitive", () => {
    expect(searchAndSort(people, "HILO dri", DEFAULT_SORT).map((p) => p.name)).toEqual([
      "Kai 9",
      "noah Kealoha",
    ]);
    expect(searchAndSort(people, "geolabs honolulu", DEFAULT_SORT).map((p) => p.name)).toEqual([
      "Ánela Adams",
    ]);
    expect(searchAndSort(people, "nobody", DEFAULT_SORT)).toEqual([]);
  });
  test("empty values sort last in both directions", () => {
    const asc = searchAndSort(people, "", { by: "office", dir: "asc" }).map((p) => p.office);
    const desc = searchAndSort(people, "", { by: "office", dir: "desc" }).map((p) => p.office);
    expect(asc).toEqual(["Hilo", "Hilo", "Honolulu", ""]);
    expect(desc).toEqual(["Honolulu", "Hilo", "Hilo", ""]);
  });
  test("Both: a contact who is also in the directory is listed once", () => {
    const merged = mergeSources(
      [person({ name: "A", email: "a@geolabs.example" })],
      [
        person({ name: "A again", email: "A@geolabs.example", source: "contact" }),
        person({ name: "B", source: "contact" }),
      ],
    );
    expect(merged.map((p) => p.name)).toEqual(["A", "B"]);
  });
  test("company filter: domain or keyword; nothing configured shows everyone", () => {
    const outside = person({ email: "x@elsewhere.example", company: "Elsewhere" });
    expect(isCompanyContact(outside, [], "")).toBe(true);
    expect(isCompanyContact(outside, ["geolabs.example"], "geolabs")).toBe(false);
    expect(isCompanyContact(person({ email: "y@GEOLABS.example" }), ["@geolabs.example"], "")).toBe(true);
    expect(isCompanyContact(person({ company: "Geolabs Hawaii" }), ["geolabs.example"], "GeoLabs")).toBe(
      true,
    );
  });
});

describe("staff CSV import parsing", () => {
  test("loose headers, quoted commas, BOM, a later duplicate replacing an earlier one", () => {
    const csv =
      '\uFEFFDisplay Name,E-mail Address,Job Title,Office Location,Unknown\r\n"Kahale, Malia",M@Geolabs.example,Principal,Honolulu,zzz\r\nDup,m@geolabs.example,Again,Hilo,\r\n';
    const { entries, skipped } = parseStaffCsv(csv);
    expect(entries).toEqual([
      expect.objectContaining({ name: "Dup", email: "m@geolabs.example", title: "Again", office: "Hilo" }),
    ]);
    expect(skipped).toEqual([{ line: 2, reason: "Replaced by line 3 (same email)." }]);
  });
  test("a file without Name or Email columns is refused", () => {
    expect(() => parseStaffCsv("Title,Office\nx,y")).toThrow(
      "The CSV needs a header row with Name and Email columns.",
    );
  });
});

describe("ticket rules", () => {
  const ticket = { requester: "noah@geolabs.example" };
  const user = { email: "Noah@geolabs.example", role: "User", isSuperOwner: false } as const;
  const otherUser = { email: "kai@geolabs.example", role: "User", isSuperOwner: false } as const;
  const admin = { email: "it@geolabs.example", role: "Admin", isSuperOwner: false } as const;
  const superOwner = { email: "boss@geolabs.example", role: "Owner", isSuperOwner: true } as const;
  test("delete: the requester only (allowed), anyone else denied, the super-owner included", () => {
    expect(canDeleteTicket(user, ticket)).toBe(true);
    for (const actor of [otherUser, admin, superOwner, null])
      expect(canDeleteTicket(actor, ticket)).toBe(false);
  });
  test("see: the requester and Admins/Owners (allowed); another User denied", () => {
    expect(canSeeTicket(user, ticket)).toBe(true);
    expect(canSeeTicket(admin, ticket)).toBe(true);
    expect(canSeeTicket(otherUser, ticket)).toBe(false);
  });
  test("contacts: the owner only", () => {
    expect(ownsContact(user, { owner: "noah@geolabs.example" })).toBe(true);
    expect(ownsContact(admin, { owner: "noah@geolabs.example" })).toBe(false);
  });
  test("creation needs a non-blank title and description", () => {
    expect(ticketCreateInput.safeParse({ title: " a ", description: "b" }).data).toMatchObject({
      title: "a",
    });
    expect(ticketCreateInput.safeParse({ title: "\t", description: "b" }).error?.issues[0]?.message).toBe(
      "Title is required.",
    );
  });
  test("description preview: 120 characters with an ellipsis, whitespace collapsed", () => {
    expect(previewText("a\n\nb")).toBe("a b");
    const long = "x".repeat(200);
    expect(previewText(long)).toBe(`${"x".repeat(120)}…`);
    expect(previewText("y".repeat(120))).toBe("y".repeat(120));
  });
  test("search text becomes quoted FTS prefix terms; punctuation cannot inject syntax", () => {
    expect(ftsQuery('VPN "drops" OR x*')).toBe('"vpn"* "drops"* "or"* "x"*');
    expect(ftsQuery("%_'")).toBeNull();
  });
});

describe("directory settings", () => {
  test("COMPANY_DOMAINS is a trimmed, lower-cased list; GRAPH_BASE_URL loses a trailing slash", () => {
    const env = loadEnv({
      COMPANY_DOMAINS: " @Geolabs.example, geolabs-hawaii.example ,",
      GRAPH_BASE_URL: "http://127.0.0.1:9/v1.0/",
    });
    expect(env.COMPANY_DOMAINS).toEqual(["geolabs.example", "geolabs-hawaii.example"]);
    expect(env.GRAPH_BASE_URL).toBe("http://127.0.0.1:9/v1.0");
    expect(loadEnv({}).GRAPH_BASE_URL).toBe("https://graph.microsoft.com/v1.0");
    expect(() => loadEnv({ GRAPH_BASE_URL: "graph" })).toThrow(ConfigError);
  });
  test("in Entra mode the CSP lets the browser reach the configured Graph origin", () => {
    const env = loadEnv({
      AUTH_MODE: "entra",
      ENTRA_TENANT_ID: "t",
      ENTRA_CLIENT_ID: "c",
      GRAPH_BASE_URL: "https://graph.example.test/v1.0",
    });
    expect(securityHeaders(env, [])["content-security-policy"]).toContain("https://graph.example.test");
    expect(securityHeaders(loadEnv({}), [])["content-security-policy"]).not.toContain("graph");
  });
});
