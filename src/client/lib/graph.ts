import { type Contact, DIRECTORY_FETCH_SIZE } from "@shared/directory";

/**
 * Microsoft Graph from the browser (Entra mode): the organisation's users and the signed-in person's contacts,
 * 200 per page following `@odata.nextLink`. No DOM or MSAL import here: the token comes from an injected
 * function, so tests run this file against a Graph-shaped server on loopback.
 */

/** The spec's scopes: directory = user read, basic read all, read all, directory read all; contacts = user read, contacts read. */
export const DIRECTORY_SCOPES = ["User.Read", "User.ReadBasic.All", "User.Read.All", "Directory.Read.All"];
export const CONTACTS_SCOPES = ["User.Read", "Contacts.Read"];

const USER_FIELDS = [
  "id",
  "displayName",
  "mail",
  "userPrincipalName",
  "mobilePhone",
  "businessPhones",
  "jobTitle",
  "department",
  "officeLocation",
  "companyName",
];
const CONTACT_FIELDS = [
  "id",
  "displayName",
  "emailAddresses",
  "mobilePhone",
  "businessPhones",
  "jobTitle",
  "department",
  "officeLocation",
  "companyName",
];

export type GraphErrorKind = "token" | "throttled" | "http" | "network";

/** A failure said in words a staff member can act on; `kind` lets the screen choose what to offer. */
export class GraphError extends Error {
  constructor(
    message: string,
    readonly kind: GraphErrorKind,
    readonly status?: number,
  ) {
    super(message);
    this.name = "GraphError";
  }
}

export interface GraphClientOptions {
  /** GRAPH_BASE_URL, e.g. https://graph.microsoft.com/v1.0 (from /api/auth/config). */
  baseUrl: string;
  /** An access token for these scopes (MSAL: silently, with a popup when that fails). */
  getToken(scopes: string[]): Promise<string>;
  fetch?: typeof fetch;
  sleep?(ms: number): Promise<void>;
  /** Retries of a throttled (429) or unavailable (503/504) answer. */
  maxRetries?: number;
  /** Longest wait we accept from Retry-After before giving up with a message. */
  maxWaitMs?: number;
}

export interface GraphPage {
  people: Contact[];
  next: string | null;
}

export type GraphSource = "directory" | "contacts";

interface GraphUser {
  id: string;
  displayName?: string | null;
  mail?: string | null;
  userPrincipalName?: string | null;
  mobilePhone?: string | null;
  businessPhones?: string[] | null;
  jobTitle?: string | null;
  department?: string | null;
  officeLocation?: string | null;
  companyName?: string | null;
}
interface GraphContact extends Omit<GraphUser, "mail" | "userPrincipalName"> {
  emailAddresses?: { address?: string | null }[] | null;
}

const s = (v: string | null | undefined) => (v ?? "").trim();

export function fromGraphUser(u: GraphUser): Contact {
  return {
    id: `u:${u.id}`,
    source: "directory",
    name: s(u.displayName),
    email: s(u.mail) || s(u.userPrincipalName),
    mobile: s(u.mobilePhone),
    business: s(u.businessPhones?.[0]),
    title: s(u.jobTitle),
    department: s(u.department),
    office: s(u.officeLocation),
    company: s(u.companyName),
  };
}

export function fromGraphContact(c: GraphContact): Contact {
  return {
    id: `c:${c.id}`,
    source: "contact",
    name: s(c.displayName),
    email: s(c.emailAddresses?.find((e) => e.address)?.address),
    mobile: s(c.mobilePhone),
    business: s(c.businessPhones?.[0]),
    title: s(c.jobTitle),
    department: s(c.department),
    office: s(c.officeLocation),
    company: s(c.companyName),
  };
}

/** Retry-After is seconds or an HTTP date; without one, back off 1 s, 2 s, 4 s. */
export function retryAfterMs(header: string | null, attempt: number, now = Date.now()): number {
  if (header) {
    const seconds = Number(header);
    if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
    const at = Date.parse(header);
    if (!Number.isNaN(at)) return Math.max(0, at - now);
  }
  return 1000 * 2 ** attempt;
}

/** A Graph list answer as people, with the link to the next page if there is one. */
function pageOf(source: GraphSource, body: Record<string, unknown>): GraphPage {
  const items = Array.isArray(body.value) ? body.value : [];
  const nextLink = typeof body["@odata.nextLink"] === "string" ? body["@odata.nextLink"] : null;
  return {
    people: items.map((x) =>
      source === "directory" ? fromGraphUser(x as GraphUser) : fromGraphContact(x as GraphContact),
    ),
    next: nextLink,
  };
}

/** A token for `scopes`, or a failure that says what to do about it. */
async function graphToken(getToken: GraphClientOptions["getToken"], scopes: string[]) {
  try {
    const t = await getToken(scopes);
    if (!t) throw new Error("no token was returned");
    return t;
  } catch (err) {
    const why = err instanceof Error && err.message ? ` (${err.message})` : "";
    throw new GraphError(
      `Could not get permission to read the directory from Microsoft${why}. Allow the sign-in pop-up, sign in again and press Refresh.`,
      "token",
    );
  }
}

/** A refused answer (not throttling) in words, with Graph's own detail when it gave one. */
function refusal(status: number, body: Record<string, unknown> | null): GraphError {
  const detail = (body?.error as { message?: string } | undefined)?.message;
  if (status === 401 || status === 403) {
    return new GraphError(
      `Microsoft Graph refused access (${status})${detail ? `: ${detail}` : ""}. Your account may lack the directory permissions.`,
      "token",
      status,
    );
  }
  return new GraphError(`Microsoft Graph answered ${status}${detail ? `: ${detail}` : ""}.`, "http", status);
}

export function createGraphClient(opts: GraphClientOptions) {
  const base = opts.baseUrl.replace(/\/+$/, "");
  const origin = new URL(base).origin;
  const doFetch = opts.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const maxRetries = opts.maxRetries ?? 3;
  const maxWaitMs = opts.maxWaitMs ?? 60_000;

  const firstUrl: Record<GraphSource, string> = {
    directory: `${base}/users?$select=${USER_FIELDS.join(",")}&$filter=${encodeURIComponent("userType eq 'Member'")}&$top=${DIRECTORY_FETCH_SIZE}`,
    contacts: `${base}/me/contacts?$select=${CONTACT_FIELDS.join(",")}&$top=${DIRECTORY_FETCH_SIZE}`,
  };

  async function getJson(url: string, scopes: string[]): Promise<Record<string, unknown>> {
    const bearer = await graphToken(opts.getToken, scopes);
    for (let attempt = 0; ; attempt++) {
      let res: Response;
      try {
        res = await doFetch(url, {
          headers: { Authorization: `Bearer ${bearer}`, Accept: "application/json" },
        });
      } catch {
        throw new GraphError(
          "Could not reach Microsoft Graph. Check your connection and press Refresh.",
          "network",
        );
      }
      const busy = res.status === 429 || res.status === 503 || res.status === 504;
      if (busy) {
        const wait = retryAfterMs(res.headers.get("retry-after"), attempt);
        if (attempt < maxRetries && wait <= maxWaitMs) {
          await sleep(wait);
          continue;
        }
        throw new GraphError(
          "Microsoft Graph is busy right now (too many requests). Wait a minute and press Refresh.",
          "throttled",
          res.status,
        );
      }
      const body = (await res.json().catch(() => null)) as Record<string, unknown> | null;
      if (!res.ok) throw refusal(res.status, body);
      return body ?? {};
    }
  }

  /** One page: the first of `source` when `next` is absent, else the page at that next link. */
  async function page(source: GraphSource, next?: string | null): Promise<GraphPage> {
    const url = next ?? firstUrl[source];
    // A next link carries our token: follow it only on the Graph origin we were configured with.
    if (new URL(url).origin !== origin)
      throw new GraphError("Microsoft Graph sent an unexpected next link.", "http");
    return pageOf(source, await getJson(url, source === "directory" ? DIRECTORY_SCOPES : CONTACTS_SCOPES));
  }

  /** Every page, following next links (used by tests and exports; the screen pages on demand). */
  async function all(source: GraphSource, maxPages = 1000): Promise<Contact[]> {
    const people: Contact[] = [];
    let next: string | null = null;
    for (let n = 0; n < maxPages; n++) {
      const p: GraphPage = await page(source, next);
      people.push(...p.people);
      next = p.next;
      if (!next) break;
    }
    return people;
  }

  return { page, all, firstUrl };
}

export type GraphClient = ReturnType<typeof createGraphClient>;
