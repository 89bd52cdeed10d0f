import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { isCompanyContact } from "@shared/directory";
import { CONTACTS_SCOPES, createGraphClient, DIRECTORY_SCOPES, GraphError, retryAfterMs } from "@/lib/graph";

/**
 * The browser's Graph client against a small Graph-shaped server on loopback: paging through next links,
 * a throttled 429 with Retry-After, refusals, and a token failure.
 */
const USERS = 450;
const requests: { path: string; query: URLSearchParams; auth: string | null; at: number }[] = [];
let throttleOnce = new Set<string>();
let alwaysThrottle = false;
let unauthorized = false;

const graph = Bun.serve({
  port: 0,
  hostname: "127.0.0.1",
  fetch(req) {
    const url = new URL(req.url);
    requests.push({
      path: url.pathname,
      query: url.searchParams,
      auth: req.headers.get("authorization"),
      at: performance.now(),
    });
    if (unauthorized)
      return Response.json(
        { error: { code: "InvalidAuthenticationToken", message: "Access token has expired." } },
        { status: 401 },
      );
    if (alwaysThrottle) return new Response("", { status: 429, headers: { "Retry-After": "0" } });
    const key = url.pathname + url.search;
    if (throttleOnce.has(key)) {
      throttleOnce.delete(key);
      return Response.json(
        { error: { code: "TooManyRequests" } },
        { status: 429, headers: { "Retry-After": "1" } },
      );
    }
    const base: string = `http://127.0.0.1:${graph.port}/v1.0`;
    if (url.pathname === "/v1.0/users") {
      const skip = Number(url.searchParams.get("$skiptoken") ?? 0);
      const top = Number(url.searchParams.get("$top") ?? 100);
      const value = Array.from({ length: Math.min(top, USERS - skip) }, (_, i) => ({
        id: `u${skip + i}`,
        displayName: `Person ${skip + i}`,
        mail: skip + i === 3 ? null : `person${skip + i}@geolabs.example`,
        userPrincipalName: `person${skip + i}@geolabs.onmicrosoft.example`,
        mobilePhone: null,
        businessPhones: ["(808) 555-0100"],
        jobTitle: "Engineer",
        department: "Drilling",
        officeLocation: "Hilo",
        companyName: "Geolabs",
      }));
      const next: string | undefined =
        skip + top < USERS ? `${base}/users?$top=${top}&$skiptoken=${skip + top}` : undefined;
      return Response.json({ value, ...(next ? { "@odata.nextLink": next } : {}) });
    }
    if (url.pathname === "/v1.0/me/contacts") {
      return Response.json({
        value: [
          {
            id: "c1",
            displayName: "Dana Fujimoto",
            emailAddresses: [{ address: "dana@hdot.example" }],
            companyName: "Hawaii DOT",
          },
          {
            id: "c2",
            displayName: "Kai Lee",
            emailAddresses: [{ address: "kai@geolabs.example" }],
            companyName: "",
          },
          { id: "c3", displayName: "Lab Partner", emailAddresses: [], companyName: "Geolabs Hawaii" },
        ],
      });
    }
    if (url.pathname === "/v1.0/evil")
      return Response.json({ value: [], "@odata.nextLink": "http://attacker.example/steal" });
    return Response.json({ error: { message: "not found" } }, { status: 404 });
  },
});
const baseUrl = `http://127.0.0.1:${graph.port}/v1.0`;
const scopesAsked: string[][] = [];
const client = (over: Partial<Parameters<typeof createGraphClient>[0]> = {}) =>
  createGraphClient({
    baseUrl,
    getToken: async (scopes) => {
      scopesAsked.push(scopes);
      return `token-for-${scopes.length}`;
    },
    ...over,
  });

beforeAll(() => {
  requests.length = 0;
});
afterAll(() => graph.stop(true));

describe("Graph directory paging", () => {
  test("users: selected fields, Member filter, 200 per page, every next link followed", async () => {
    requests.length = 0;
    const people = await client().all("directory");
    expect(people.length).toBe(USERS);
    expect(new Set(people.map((p) => p.id)).size).toBe(USERS);
    expect(requests.map((r) => r.query.get("$skiptoken"))).toEqual([null, "200", "400"]);
    const first = requests[0]!;
    expect(first.query.get("$top")).toBe("200");
    expect(first.query.get("$filter")).toBe("userType eq 'Member'");
    expect(first.query.get("$select")?.split(",")).toEqual(
      expect.arrayContaining([
        "displayName",
        "mail",
        "mobilePhone",
        "businessPhones",
        "jobTitle",
        "department",
        "officeLocation",
        "companyName",
      ]),
    );
    expect(requests.every((r) => r.auth === `Bearer token-for-${DIRECTORY_SCOPES.length}`)).toBe(true);
    expect(scopesAsked.at(-1)).toEqual([
      "User.Read",
      "User.ReadBasic.All",
      "User.Read.All",
      "Directory.Read.All",
    ]);
    // A user without mail falls back to the sign-in name; the first business phone is used.
    expect(people[3]).toMatchObject({
      email: "person3@geolabs.onmicrosoft.example",
      business: "(808) 555-0100",
      source: "directory",
    });
  });

  test("a throttled page (429 + Retry-After: 1) is retried after the wait, then paging goes on", async () => {
    requests.length = 0;
    throttleOnce = new Set(["/v1.0/users?$top=200&$skiptoken=200"]);
    const people = await client().all("directory");
    expect(people.length).toBe(USERS);
    const second = requests.filter((r) => r.query.get("$skiptoken") === "200");
    expect(second.length).toBe(2);
    expect(second[1]!.at - second[0]!.at).toBeGreaterThanOrEqual(950);
  });

  test("contacts: me/contacts with the contacts scopes", async () => {
    requests.length = 0;
    const page = await client().page("contacts");
    expect(requests[0]!.path).toBe("/v1.0/me/contacts");
    expect(requests[0]!.query.get("$top")).toBe("200");
    expect(scopesAsked.at(-1)).toEqual(CONTACTS_SCOPES);
    expect(page.next).toBeNull();
    expect(page.people.map((p) => p.email)).toEqual(["dana@hdot.example", "kai@geolabs.example", ""]);
    // The spec's company filter: a company domain, or the keyword in the company name.
    const shown = page.people.filter((c) => isCompanyContact(c, ["geolabs.example"], "geolabs"));
    expect(shown.map((c) => c.name)).toEqual(["Kai Lee", "Lab Partner"]);
  });
});

describe("Graph failures are clear errors", () => {
  test("a token failure (silent and popup both failed) never calls Graph", async () => {
    requests.length = 0;
    const err = await client({
      getToken: async () => {
        throw new Error("popup_window_error");
      },
    })
      .page("directory")
      .catch((e) => e);
    expect(err).toBeInstanceOf(GraphError);
    expect(err.kind).toBe("token");
    expect(err.message).toContain(
      "Could not get permission to read the directory from Microsoft (popup_window_error)",
    );
    expect(requests.length).toBe(0);
  });
  test("a 401 from Graph says access was refused", async () => {
    unauthorized = true;
    try {
      const err = await client()
        .page("contacts")
        .catch((e) => e);
      expect(err).toMatchObject({ kind: "token", status: 401 });
      expect(err.message).toContain("Access token has expired.");
    } finally {
      unauthorized = false;
    }
  });
  test("throttling that does not stop gives up after the retries", async () => {
    alwaysThrottle = true;
    requests.length = 0;
    try {
      const err = await client({ maxRetries: 2 })
        .page("directory")
        .catch((e) => e);
      expect(err).toMatchObject({ kind: "throttled", status: 429 });
      expect(requests.length).toBe(3);
    } finally {
      alwaysThrottle = false;
    }
  });
  test("a next link to another origin is not followed (it would carry the token)", async () => {
    const err = await client()
      .page("directory", `${baseUrl}/evil`)
      .then((p) => client().page("directory", p.next))
      .catch((e) => e);
    expect(err).toBeInstanceOf(GraphError);
    expect(err.message).toBe("Microsoft Graph sent an unexpected next link.");
  });
  test("Retry-After as seconds or a date; backoff without one", () => {
    expect(retryAfterMs("3", 0)).toBe(3000);
    expect(retryAfterMs(new Date(10_000).toUTCString(), 0, 4_000)).toBe(6000);
    expect(retryAfterMs(null, 2)).toBe(4000);
  });
});
