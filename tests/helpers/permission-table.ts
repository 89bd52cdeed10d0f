/**
 * THE permission table: who gets what answer from every REST path and every tRPC procedure.
 *
 * Columns (always in this order): signed-out, User, Admin, Owner, super-owner.
 *   401 = refused, sign in first · 403 = refused, not allowed · ok = let through (2xx, or a 4xx about the input or
 *   the target such as 400/404/409/413/415/422: the gate opened and the service judged the request).
 * tests/rest/permission-table.test.ts calls each path/procedure as each of them and compares. A path or procedure
 * with no row here fails that test by name: add its row when you add it.
 *
 * `sample` is a small, valid-looking input so the call reaches the real rule (not just validation).
 * `refused` is the sentence each 403 answers with (one for every refused caller, or one per caller): a person reads
 * it, so the test compares it word for word. `twin` names the tRPC procedure of the same action: the two rows must
 * agree, status and sentence, which holds REST and tRPC to one check in the service (REFUSED in
 * src/shared/permissions.ts).
 * `pending` rows are contract skeletons that answer 501 until their feature lands; 501 is accepted for signed-in
 * callers there (nothing happens), and the row's answers hold once the feature exists.
 * `future` rows name paths another part adds (issue 7 document databases, issue 8 Ask AI): tested once they exist.
 */
import { REFUSED } from "@shared/permissions";
import { STORAGE_MESSAGES } from "@shared/storage";
import { DEMO } from "./app";
import { formWith } from "./surface";

export type RoleName = "anon" | "user" | "admin" | "owner" | "super";
export const ROLE_ORDER: RoleName[] = ["anon", "user", "admin", "owner", "super"];
export const ROLE_EMAIL: Record<Exclude<RoleName, "anon">, string> = {
  user: DEMO.user,
  admin: DEMO.admin,
  owner: DEMO.owner,
  super: DEMO.superOwner,
};

export interface Sample {
  /** Concrete path (default: the pattern with :id → 999999, * → no-such-thing). */
  path?: string;
  json?: unknown;
  form?: () => FormData;
}
export type Refused = string | Partial<Record<RoleName, string>>;
export interface Row {
  answers: string;
  /** The sentence of every 403 in `answers` (or of each caller's); a HEAD answer has no body to read. */
  refused?: Refused;
  /** REST rows: the tRPC procedure doing the same, which must answer alike. */
  twin?: string;
  sample?: Sample;
  /** tRPC input. */
  input?: unknown;
  pending?: string;
  future?: string;
  /** The call ends its own session (sign-out): made with a fresh sign-in. */
  fresh?: boolean;
}

export const PUBLIC = "ok ok ok ok ok";
export const SIGNED_IN = "401 ok ok ok ok";
export const ADMIN = "401 403 ok ok ok";
export const OWNER = "401 403 403 ok ok";
export const SUPER = "401 403 403 403 ok";
const SIGNED_LINK = "403 403 403 403 403";

export const NOBODY = "nobody@geolabs.example";
/** The refusal every caller but the super-owner meets when changing an Owner's role (the sample below). */
export const OWNER_ROLE_REFUSED: Refused = {
  user: REFUSED.roleChange,
  admin: REFUSED.roleChange,
  owner: "You cannot change your own role.",
};

/** Rules held at one door only, and why; every other rule has rows at both (tests/rest/permission-table.test.ts). */
export const ONE_DOOR: Partial<Record<keyof typeof REFUSED, string>> = {
  "projects.import": "REST only: a multipart upload of the register file",
  "directory.import": "tRPC only: the directory screen's import",
  // Assigning (PUT /api/tickets/:id ↔ tickets.update) needs a real ticket: tests/rest/tickets.test.ts holds both.
  "tickets.manageAll": "tRPC only as a row (tickets.assignees)",
  "feedback.review": "tRPC only: the Ask AI feedback review",
  "metrics.read": "REST only: a Prometheus scraper's path",
  demoPasswords: "tRPC only: the Admin Console's warning",
};
const PDF = "%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n";
const csv =
  (text: string, fields: Record<string, string> = {}) =>
  () =>
    formWith("file", text, "rows.csv", fields);
export const NO_ROW = 999999;

export const REST_TABLE: Record<string, Row> = {
  "GET /api/health": { answers: PUBLIC },
  "GET /api/openapi.json": { answers: PUBLIC },
  "GET /api/core-boxes/_debug": { answers: PUBLIC },
  "GET /api/auth/config": { answers: PUBLIC },
  "POST /api/auth/login": { answers: PUBLIC, sample: { json: {} } },
  "POST /api/auth/logout": { answers: PUBLIC, fresh: true },
  "GET /api/auth/me": { answers: SIGNED_IN },
  // A wrong current password: the gate opened, the service said 400.
  "POST /api/auth/change-password": {
    answers: SIGNED_IN,
    sample: {
      json: {
        current_password: "not-it",
        new_password: "a-new-long-one",
        confirm_password: "a-new-long-one",
      },
    },
  },
  "POST /api/reset-password": {
    answers: OWNER,
    refused: REFUSED.passwordReset,
    twin: "users.resetPassword",
    sample: { json: { email: NOBODY } },
  },
  // Admin Console (users)
  "GET /api/users": { answers: ADMIN, refused: REFUSED["admin.view"], twin: "users.list" },
  "POST /api/update-role": {
    answers: SUPER,
    refused: OWNER_ROLE_REFUSED,
    twin: "users.setRole",
    sample: { json: { email: DEMO.owner, role: "Owner" } },
  },
  "POST /api/delete-user": {
    answers: OWNER,
    refused: REFUSED.removal,
    twin: "users.remove",
    sample: { json: { email: NOBODY } },
  },
  "POST /api/register-user": {
    answers: OWNER,
    refused: REFUSED["users.register"],
    twin: "users.register",
    sample: { json: { email: "perm-new@geolabs.example" } },
  },
  "POST /api/reinstate-user": {
    answers: OWNER,
    refused: REFUSED["users.reinstate"],
    twin: "users.reinstate",
    sample: { json: { email: NOBODY } },
  },
  // Reports binder: every signed-in staff member keeps it
  "GET /api/reports-binder/_health": { answers: SIGNED_IN },
  "GET /api/reports-binder/": {
    answers: SIGNED_IN,
    sample: { path: "/api/reports-binder/?q=ab&billing_only=1" },
  },
  "GET /api/reports-binder/export.csv": { answers: SIGNED_IN },
  "POST /api/reports-binder/": { answers: SIGNED_IN, sample: { json: { work_order: "9999-01" } } },
  "POST /api/reports-binder/import": {
    answers: SIGNED_IN,
    sample: { path: "/api/reports-binder/import?dry_run=1", form: csv("work_order\n9999-02\n") },
  },
  "POST /api/reports-binder/bulk-delete": { answers: SIGNED_IN, sample: { json: { ids: [NO_ROW] } } },
  "POST /api/reports-binder/restore": { answers: SIGNED_IN, sample: { json: { change_id: NO_ROW } } },
  "PUT /api/reports-binder/:id": { answers: SIGNED_IN, sample: { json: { billing: "1" } } },
  "DELETE /api/reports-binder/:id": { answers: SIGNED_IN },
  // File storage: everyone reads, Admins and Owners write
  "GET /api/s3/files": { answers: SIGNED_IN },
  "GET /api/s3-files": { answers: SIGNED_IN },
  "GET /api/s3/history": { answers: SIGNED_IN },
  "GET /api/s3/limits": { answers: SIGNED_IN },
  "POST /api/s3/upload": {
    answers: ADMIN,
    refused: REFUSED["content.write"],
    sample: { form: () => formWith("file", PDF, "perm.pdf", { db_name: "perm.db", prefix: "" }) },
  },
  "POST /api/s3/delete": {
    answers: ADMIN,
    refused: REFUSED["content.write"],
    twin: "storage.remove",
    sample: { json: { key: "perm.db/none.pdf" } },
  },
  "POST /api/s3/move": {
    answers: ADMIN,
    refused: REFUSED["content.write"],
    twin: "storage.move",
    sample: { json: { src_key: "perm.db/none.pdf", dst_key: "perm.db/other.pdf" } },
  },
  "POST /api/s3/reindex": {
    answers: ADMIN,
    refused: REFUSED["content.write"],
    twin: "storage.reindex",
    sample: { json: { key: "perm.db/perm.pdf", db_name: "perm.db", mode: "chunks" } },
  },
  "POST /api/s3/reindex-batch": {
    answers: ADMIN,
    refused: REFUSED["content.write"],
    twin: "storage.reindexBatch",
    sample: { json: { keys: ["perm.db/perm.pdf"], db_name: "perm.db", mode: "chunks" } },
  },
  // Work Order Recognition and the project register
  "POST /api/ocr-upload": {
    answers: SIGNED_IN,
    sample: { form: () => formWith("image", "not an image", "x.png") },
  },
  "POST /api/lookup-work-orders": { answers: SIGNED_IN, sample: { json: { work_orders: ["1234-56"] } } },
  "GET /api/work-orders/:wo": { answers: SIGNED_IN },
  // The one search
  "GET /api/search": { answers: SIGNED_IN, sample: { path: "/api/search?q=boring&limit=3" } },
  "POST /api/projects/import": {
    answers: ADMIN,
    refused: REFUSED["projects.import"],
    sample: { form: csv("work_order,client,project\n9999-01,A,B\n", { dry_run: "true" }) },
  },
  "GET /api/projects/stats": { answers: SIGNED_IN },
  // IT tickets: signed in; row rules (own tickets, requester-only delete) live in the service and its tests
  "GET /api/tickets": { answers: SIGNED_IN },
  "POST /api/tickets": {
    answers: SIGNED_IN,
    sample: { json: { title: "Perm", description: "Table check" } },
  },
  "GET /api/tickets/:id": { answers: SIGNED_IN },
  "PUT /api/tickets/:id": { answers: SIGNED_IN, sample: { json: { title: "x" } } },
  "DELETE /api/tickets/:id": { answers: SIGNED_IN },
  "POST /api/tickets/:id/comments": { answers: SIGNED_IN, sample: { json: { text: "hi" } } },
  // Notifications: each person's own (the recipient rule is the service's: tests/rest/notifications.test.ts)
  "GET /api/notifications": { answers: SIGNED_IN, twin: "notifications.list" },
  "GET /api/notifications/unread": { answers: SIGNED_IN, twin: "notifications.unread" },
  "GET /api/notifications/stream": { answers: SIGNED_IN },
  "POST /api/notifications/read-all": { answers: SIGNED_IN, twin: "notifications.markAllRead" },
  "POST /api/notifications/:id/read": { answers: SIGNED_IN, twin: "notifications.markRead" },
  // Core box inventory: every signed-in staff member keeps it (docs/decisions/0016)
  "GET /api/core-boxes": { answers: SIGNED_IN, sample: { path: "/api/core-boxes?island=Oahu&expired=1" } },
  "GET /api/core-boxes/years": { answers: SIGNED_IN },
  "GET /api/core-boxes/islands": { answers: SIGNED_IN },
  "GET /api/core-boxes/changes": { answers: SIGNED_IN },
  "GET /api/core-boxes/export.csv": { answers: SIGNED_IN },
  "POST /api/core-boxes/import": {
    answers: SIGNED_IN,
    sample: { path: "/api/core-boxes/import?dry_run=1", form: csv("Work Order\n9999-03\n") },
  },
  "POST /api/core-boxes/restore": { answers: SIGNED_IN, sample: { json: { change_id: NO_ROW } } },
  "POST /api/core-boxes/bulk-delete": { answers: SIGNED_IN, sample: { json: { ids: [NO_ROW] } } },
  "POST /api/core-boxes": { answers: SIGNED_IN, sample: { json: { work_order: "9999-04" } } },
  "GET /api/core-boxes/:id": { answers: SIGNED_IN },
  "PUT /api/core-boxes/:id": { answers: SIGNED_IN, sample: { json: { project: "x" } } },
  "DELETE /api/core-boxes/:id": { answers: SIGNED_IN },
  "POST /api/core-boxes/:id/dump-and-remove": { answers: SIGNED_IN },
  // Operations: Owners (or a scraper's METRICS_TOKEN, tests/rest/metrics.test.ts)
  "GET /api/metrics": { answers: "401 403 403 ok ok", refused: REFUSED["metrics.read"] },
  // Catch-alls: an unknown procedure or API path is a 404 once signed in; signed links carry their own authority
  "GET /trpc/*": { answers: SIGNED_IN },
  "POST /trpc/*": { answers: SIGNED_IN },
  "ALL /api/*": { answers: SIGNED_IN },
  "GET /files/*": { answers: SIGNED_LINK, refused: STORAGE_MESSAGES.linkInvalid },
  "HEAD /files/*": { answers: SIGNED_LINK },
  "GET /*": { answers: PUBLIC },
  // Document databases (issue 7, docs/decisions/0021): reads for staff, writes for Admins and Owners
  "GET /api/list-dbs": { answers: SIGNED_IN },
  "POST /api/list-files": { answers: SIGNED_IN, sample: { json: { db_name: "perm.db" } } },
  "POST /api/inspect-db": { answers: SIGNED_IN, sample: { json: { db_name: "perm.db" } } },
  "POST /api/delete-db": {
    answers: ADMIN,
    refused: REFUSED["content.write"],
    twin: "documents.deleteDb",
    sample: { json: { db_name: "perm.db", confirmation_text: "no" } },
  },
  "GET /api/upload-history": { answers: SIGNED_IN },
  "GET /api/s3-db-pdfs": { answers: SIGNED_IN },
  "POST /api/process-file": {
    answers: ADMIN,
    refused: REFUSED["content.write"],
    sample: { form: () => formWith("file", PDF, "perm.pdf", { db_name: "perm.db", action: "new" }) },
  },
  "POST /api/refresh-embeddings": {
    answers: ADMIN,
    refused: REFUSED["content.write"],
    twin: "documents.refreshEmbeddings",
    sample: { json: { db_name: "perm.db" } },
  },
  // Reports Indexer (issue 9, docs/decisions/0026): reads and search for staff, indexing for Admins and Owners
  "GET /api/reports/stats": { answers: SIGNED_IN },
  "GET /api/reports/files": { answers: SIGNED_IN, sample: { path: "/api/reports/files?wo=1234&q=pier" } },
  "GET /api/reports/search": { answers: SIGNED_IN, sample: { path: "/api/reports/search?q=boring&wo=12" } },
  "GET /api/reports/files/:id/link": {
    answers: SIGNED_IN,
    sample: { path: `/api/reports/files/${NO_ROW}/link?page=2` },
  },
  "POST /api/reports/bulk-index": {
    answers: ADMIN,
    refused: REFUSED["content.write"],
    sample: { form: () => formWith("files", PDF, "9999-01.Perm Table.pdf", { upload_to_s3: "false" }) },
  },
  // Ask Geolabs AI (issue 8): everyone signed in asks; history is the caller's own
  "POST /api/question": {
    answers: SIGNED_IN,
    sample: {
      json: { query: "How many days of annual leave?", db: "employee_handbook.db", use_cache: false },
    },
  },
  "POST /api/chat": {
    answers: SIGNED_IN,
    sample: {
      json: {
        db: "employee_handbook.db",
        messages: [{ role: "user", parts: [{ type: "text", text: "annual leave" }] }],
      },
    },
  },
  "GET /api/chat_history": {
    answers: SIGNED_IN,
    sample: { path: "/api/chat_history?db=employee_handbook.db" },
  },
  "DELETE /api/delete-history": {
    answers: SIGNED_IN,
    sample: { json: { db: "employee_handbook.db", question: "never asked" } },
  },
};
