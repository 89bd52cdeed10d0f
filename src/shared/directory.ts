import { z } from "zod";
import { caselessEnum, emailAddress, text, unsetWhenBlank } from "./common";
import { compareText, fold, naturalKey } from "./text-keys";

/** Where a person in the directory comes from: the organisation's staff list or the signed-in person's contacts. */
export const CONTACT_SOURCES = ["directory", "contact"] as const;
export type ContactSource = (typeof CONTACT_SOURCES)[number];

/** The spec's Contact entity (part 2 §3). Empty strings, not nulls, for missing values: simpler to search/sort. */
export interface Contact {
  id: string;
  source: ContactSource;
  name: string;
  email: string;
  mobile: string;
  business: string;
  title: string;
  department: string;
  office: string;
  company: string;
}

/** Source select of the screen: "My Contacts" or "Both" (directory + contacts). */
export const SOURCE_OPTIONS = [
  { value: "both", label: "Both" },
  { value: "contacts", label: "My Contacts" },
] as const;
export type SourceOption = (typeof SOURCE_OPTIONS)[number]["value"];

export const CONTACT_FIELDS = [
  "name",
  "email",
  "mobile",
  "business",
  "title",
  "department",
  "office",
  "company",
] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];
export type ColumnKey = ContactField | "source";

/** Columns of the table, in order. The first seven are the spec's sortable columns, shown by default. */
export const DIRECTORY_COLUMNS: { key: ColumnKey; label: string; defaultVisible: boolean }[] = [
  { key: "name", label: "Name", defaultVisible: true },
  { key: "email", label: "Email", defaultVisible: true },
  { key: "mobile", label: "Mobile", defaultVisible: true },
  { key: "business", label: "Business", defaultVisible: true },
  { key: "title", label: "Title", defaultVisible: true },
  { key: "department", label: "Department", defaultVisible: true },
  { key: "office", label: "Office", defaultVisible: true },
  { key: "company", label: "Company", defaultVisible: false },
  { key: "source", label: "Source", defaultVisible: false },
];
export const COLUMN_KEYS = DIRECTORY_COLUMNS.map((c) => c.key);
export const DEFAULT_VISIBLE_COLUMNS = DIRECTORY_COLUMNS.filter((c) => c.defaultVisible).map((c) => c.key);
export const COLUMNS_STORAGE_KEY = "directory.columns.v1";

/** Contacts screen: 25/50/100/200 per page, default 50; fetched 200 at a time (spec §9). */
export const DIRECTORY_PAGE_SIZES = [25, 50, 100, 200] as const;
export const DIRECTORY_FETCH_SIZE = 200;
/** Pages each source loads on its own when the screen opens; 'Load more' fetches the rest on demand. */
export const AUTO_LOAD_PAGES = 5;

export const SOURCE_LABELS: Record<ContactSource, string> = {
  directory: "Directory",
  contact: "My Contacts",
};

/**
 * The spec's company filter for contacts: shown only when the email's domain is one of the company domains or
 * the company name contains the keyword. With neither configured there is nothing to filter on: all are shown.
 */
export function isCompanyContact(c: Pick<Contact, "email" | "company">, domains: string[], keyword: string) {
  const kw = keyword.trim().toLowerCase();
  const ds = domains.map((d) => d.trim().toLowerCase().replace(/^@/, "")).filter(Boolean);
  if (!ds.length && !kw) return true;
  const domain = c.email.split("@")[1]?.trim().toLowerCase() ?? "";
  if (domain && ds.includes(domain)) return true;
  return !!kw && c.company.toLowerCase().includes(kw);
}

export interface DirectorySort {
  by: ColumnKey;
  dir: "asc" | "desc";
}
export const DEFAULT_SORT: DirectorySort = { by: "name", dir: "asc" };

const haystacks = new WeakMap<Contact, string>();
const sortKeys = new WeakMap<Contact, Partial<Record<ColumnKey, string>>>();

function haystack(c: Contact): string {
  let h = haystacks.get(c);
  if (h === undefined) {
    h = fold([c.name, c.email, c.mobile, c.business, c.title, c.department, c.office, c.company].join("\n"));
    haystacks.set(c, h);
  }
  return h;
}

const cellText = (c: Contact, key: ColumnKey) => (key === "source" ? SOURCE_LABELS[c.source] : c[key]);

/**
 * A plain-string sort key per person and column: case and accents folded away, digit runs padded so "Kai 9"
 * sorts before "Kai 10". Comparing these with < is many times faster than a locale collator per comparison.
 */
function sortKey(c: Contact, key: ColumnKey): string {
  let keys = sortKeys.get(c);
  if (!keys) {
    keys = {};
    sortKeys.set(c, keys);
  }
  let k = keys[key];
  if (k === undefined) {
    k = naturalKey(cellText(c, key));
    keys[key] = k;
  }
  return k;
}

const cmp = compareText;

/**
 * The screen's search and sort, in the browser, over everything loaded. Every word typed must appear in some
 * field (case- and accent-insensitive). Empty values sort last in both directions; ties fall back to name, then
 * email. Each person's folded text and sort keys are cached, so typing over 5,000 people stays far under 50 ms.
 */
export function searchAndSort(people: readonly Contact[], query: string, sort: DirectorySort): Contact[] {
  const terms = fold(query).split(/\s+/).filter(Boolean);
  const hits = terms.length
    ? people.filter((c) => {
        const h = haystack(c);
        return terms.every((t) => h.includes(t));
      })
    : [...people];
  const sign = sort.dir === "asc" ? 1 : -1;
  const keyed = hits.map((c) => ({
    c,
    k: sortKey(c, sort.by),
    n: sortKey(c, "name"),
    e: sortKey(c, "email"),
  }));
  keyed.sort((a, b) => {
    if (!a.k !== !b.k) return a.k ? -1 : 1;
    return sign * cmp(a.k, b.k) || cmp(a.n, b.n) || cmp(a.e, b.e);
  });
  return keyed.map((x) => x.c);
}

/** One person listed once: a directory entry wins over a contact with the same email. */
export function mergeSources(directory: readonly Contact[], contacts: readonly Contact[]): Contact[] {
  const seen = new Set(directory.map((c) => c.email.toLowerCase()).filter(Boolean));
  return [...directory, ...contacts.filter((c) => !c.email || !seen.has(c.email.toLowerCase()))];
}

// ---- The portal-kept directory (non-Entra modes) ----

const field = text(200).default("");
const optionalEmail = z.union([z.literal(""), emailAddress], {
  error: "Email must be a valid email address.",
});

/** A personal contact as typed into the add/edit form. Only a name is required. */
export const contactInput = z.object({
  name: text(200).pipe(z.string().min(1, "Name is required.")).prefault(""),
  email: z.string().trim().pipe(optionalEmail).default(""),
  mobile: field,
  business: field,
  title: field,
  department: field,
  office: field,
  company: field,
});
export type ContactInput = z.input<typeof contactInput>;
/** A staff directory entry (CSV import): like a contact, but the email is required (one entry per email). */
export const staffEntryInput = contactInput.extend({
  email: z
    .string({ error: "Email is required." })
    .trim()
    .min(1, "Email is required.")
    .pipe(z.email({ error: "Email must be a valid email address." }))
    .transform((s) => s.toLowerCase()),
});
export type StaffEntry = z.infer<typeof staffEntryInput>;

export const contactIdInput = z.object({ id: z.coerce.number().int().positive("id must be positive") });
export type ContactIdInput = z.infer<typeof contactIdInput>;
export const contactUpdateInput = contactInput.extend(contactIdInput.shape);
export type ContactUpdateInput = ContactInput & ContactIdInput;

export const directoryPageInput = z.object({
  source: caselessEnum(["directory", "contacts"], "source must be directory or contacts"),
  /** Keyset cursor: the last id of the previous page (the portal's "next link"). */
  cursor: z.coerce.number().int().min(0).default(0),
});

export interface DirectoryPage {
  people: Contact[];
  /** Cursor for the next page, or null on the last page. */
  next: number | null;
}

export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const IMPORT_MODES = ["merge", "replace"] as const;
export const importInput = z.object({
  csv: z
    .string({ error: "csv must be text" })
    .min(1, "The CSV file is empty.")
    .max(IMPORT_MAX_BYTES, "The CSV file is larger than 5 MB."),
  /** merge: add new emails, update known ones. replace: the file becomes the whole staff directory. */
  mode: unsetWhenBlank(caselessEnum(IMPORT_MODES, "mode must be merge or replace").default("merge")),
});
export type ImportInput = z.infer<typeof importInput>;

export interface ImportResult {
  inserted: number;
  updated: number;
  removed: number;
  skipped: { line: number; reason: string }[];
}

/** CSV headers we understand (case and punctuation ignored), including Outlook/Entra export names. */
export const CSV_HEADER_ALIASES: Record<ContactField, string[]> = {
  name: ["name", "displayname", "fullname"],
  email: ["email", "mail", "emailaddress", "userprincipalname", "e-mailaddress"],
  mobile: ["mobile", "mobilephone", "cell", "cellphone"],
  business: ["business", "businessphone", "businessphones", "phone", "officephone", "telephone"],
  title: ["title", "jobtitle"],
  department: ["department", "dept"],
  office: ["office", "officelocation", "location"],
  company: ["company", "companyname", "organization", "organisation"],
};

const normaliseHeader = (h: string) => h.toLowerCase().replace(/[^a-z-]/g, "");

/** Which contact field a CSV header feeds, if any. */
export function fieldForHeader(header: string): ContactField | undefined {
  const h = normaliseHeader(header);
  return CONTACT_FIELDS.find((f) => CSV_HEADER_ALIASES[f].some((a) => normaliseHeader(a) === h));
}
