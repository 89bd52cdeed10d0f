/** A hostile-input corpus: what a careless client, a scanner or an attacker sends to a web API. */

export const LONG = "A".repeat(200_000);

/** Strings for every text field and query parameter. */
export const HOSTILE_STRINGS = [
  `" OR 1=1 --`,
  `' OR '1'='1`,
  "1; DROP TABLE users; --",
  "NEAR(",
  "*",
  '"',
  "a AND (b OR",
  "^col:*",
  "%_\\",
  "<script>alert(1)</script>",
  '<img src=x onerror="alert(1)">',
  "../../../../etc/passwd",
  "..\\..\\windows\\win.ini",
  "\u0000\u0001\u001f",
  "\u202e\u200b\ufeff",
  "😀".repeat(500),
  LONG,
];

/** Path segments where an id or a file key goes. */
export const HOSTILE_SEGMENTS = [
  "..%2f..%2f..%2fetc%2fpasswd",
  "%2e%2e",
  "-1",
  "0",
  "1e3",
  "99999999999999999999999",
  "1%00",
  "1;DROP%20TABLE%20core_boxes",
  "%F0%9F%92%A9",
  encodeURIComponent(`" OR 1=1 --`),
  "x".repeat(5000),
];

/** Raw bodies with the content type they claim. */
export const MALFORMED_BODIES: { type: string; body: string | Uint8Array }[] = [
  { type: "application/json", body: "{oops" },
  { type: "application/json", body: "" },
  { type: "application/json", body: "null" },
  { type: "application/json", body: "[]" },
  { type: "application/json", body: '"just a string"' },
  { type: "application/json", body: "1e999" },
  { type: "application/json", body: "[".repeat(100_000) + "]".repeat(100_000) },
  { type: "application/json", body: `{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}` },
  { type: "application/json", body: `{"a":"\\ud800"}` },
  { type: "text/plain", body: `{"title":"x","description":"y"}` },
  { type: "application/x-www-form-urlencoded", body: "title=x&description=y&work_order=1" },
  {
    type: "application/xml",
    body: "<?xml version='1.0'?><!DOCTYPE x [<!ENTITY e SYSTEM 'file:///etc/passwd'>]><x>&e;</x>",
  },
  { type: "multipart/form-data", body: "no boundary here" },
  {
    type: "multipart/form-data; boundary=xyz",
    body: '--xyz\r\nContent-Disposition: form-data; name="file"\r\n\r\n',
  },
  { type: "application/octet-stream", body: randomBytes(4096) },
];

/** A JSON object setting every field name the portal's inputs use to `value`. */
export function everyField(value: unknown) {
  const names = [
    "title",
    "description",
    "text",
    "type",
    "priority",
    "status",
    "assignee",
    "work_order",
    "work_orders",
    "project",
    "engineer",
    "island",
    "year",
    "complete",
    "keep_or_dump",
    "report_submission_date",
    "storage_expiry_date",
    "pdf_file",
    "engineer_initials",
    "billing",
    "date",
    "page_label",
    "q",
    "email",
    "password",
    "role",
    "name",
    "key",
    "keys",
    "src_key",
    "dst_key",
    "db_name",
    "mode",
    "ids",
    "id",
    "change_id",
    "confirmation_text",
    "question",
    "csv",
  ];
  return Object.fromEntries(names.map((n) => [n, value]));
}

export function randomBytes(n: number) {
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i += 65536) crypto.getRandomValues(out.subarray(i, Math.min(n, i + 65536)));
  return out;
}

/** Files that lie about what they are, and names that try to climb out of their folder. */
export function hostileFiles(): { name: string; bytes: Uint8Array }[] {
  const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...randomBytes(2000)]);
  const pdf = new TextEncoder().encode(`%PDF-1.7\n${"garbage ".repeat(200)}`);
  return [
    { name: "random.pdf", bytes: randomBytes(8192) },
    { name: "truncated.pdf", bytes: pdf },
    { name: "random.png", bytes: randomBytes(8192) },
    { name: "bad-header.png", bytes: png },
    { name: "random.xlsx", bytes: randomBytes(8192) },
    { name: "random.csv", bytes: randomBytes(8192) },
    { name: "../../../../evil.pdf", bytes: pdf },
    { name: "..\\..\\evil.pdf", bytes: pdf },
  ];
}
