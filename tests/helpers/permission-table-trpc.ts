/** The tRPC half of the permission table (columns and answers as in permission-table.ts). */
import { REFUSED } from "@shared/permissions";
import { DEMO } from "./app";
import {
  ADMIN,
  NO_ROW,
  NOBODY,
  OWNER,
  OWNER_ROLE_REFUSED,
  type Row,
  SIGNED_IN,
  SUPER,
} from "./permission-table";

const DOC_DB = { db_name: "perm.db" };
const WRITE = REFUSED["content.write"];
const ACCOUNTS = REFUSED["admin.view"];

export const TRPC_TABLE: Record<string, Row> = {
  // Core box inventory: every signed-in staff member keeps it (docs/decisions/0016)
  "coreBoxes.list": { answers: SIGNED_IN, input: { island: "Oahu", page: 1 } },
  "coreBoxes.expiring": { answers: SIGNED_IN, input: { days: 30 } },
  "coreBoxes.years": { answers: SIGNED_IN },
  "coreBoxes.islands": { answers: SIGNED_IN },
  "coreBoxes.settings": { answers: SIGNED_IN },
  "coreBoxes.changes": { answers: SIGNED_IN, input: {} },
  "coreBoxes.byId": { answers: SIGNED_IN, input: { id: NO_ROW } },
  "coreBoxes.create": { answers: SIGNED_IN, input: { work_order: "9999-05" } },
  "coreBoxes.update": { answers: SIGNED_IN, input: { id: NO_ROW, project: "x" } },
  "coreBoxes.remove": { answers: SIGNED_IN, input: { id: NO_ROW } },
  "coreBoxes.removeMany": { answers: SIGNED_IN, input: { ids: [NO_ROW] } },
  "coreBoxes.dumpAndRemove": { answers: SIGNED_IN, input: { id: NO_ROW } },
  "coreBoxes.restore": { answers: SIGNED_IN, input: { change_id: NO_ROW } },
  "coreBoxes.importFile": { answers: SIGNED_IN },
  // Dashboard
  "dashboard.kpis": { answers: SIGNED_IN },
  "dashboard.repoSummary": { answers: SIGNED_IN },
  // Directory: personal contacts are the caller's own; the staff import is for Admins and Owners
  "directory.page": { answers: SIGNED_IN, input: { source: "contacts" } },
  "directory.addContact": { answers: SIGNED_IN, input: { name: "Perm Table" } },
  "directory.updateContact": { answers: SIGNED_IN, input: { id: NO_ROW, name: "Perm" } },
  "directory.removeContact": { answers: SIGNED_IN, input: { id: NO_ROW } },
  // A CSV without the header row: past the input's schema, so a User meets the rule and an Admin a 400.
  "directory.importStaff": {
    answers: ADMIN,
    refused: REFUSED["directory.import"],
    input: { csv: "Who,Where\na,b" },
  },
  // Notifications
  "notifications.list": { answers: SIGNED_IN, input: {} },
  "notifications.unread": { answers: SIGNED_IN },
  "notifications.markRead": { answers: SIGNED_IN, input: { id: NO_ROW } },
  "notifications.markAllRead": { answers: SIGNED_IN },
  // IT tickets
  "tickets.list": { answers: SIGNED_IN, input: {} },
  "tickets.counts": { answers: SIGNED_IN },
  "tickets.byId": { answers: SIGNED_IN, input: { id: NO_ROW } },
  "tickets.create": { answers: SIGNED_IN, input: { title: "Perm", description: "Table check" } },
  "tickets.update": { answers: SIGNED_IN, input: { id: NO_ROW, title: "x" } },
  "tickets.remove": { answers: SIGNED_IN, input: { id: NO_ROW } },
  "tickets.addComment": { answers: SIGNED_IN, input: { id: NO_ROW, text: "hi" } },
  "tickets.assignees": { answers: ADMIN, refused: REFUSED["tickets.manageAll"] },
  // Admin Console: Admins look, Owners change User/Admin accounts, only the super-owner touches Owners
  "users.list": { answers: ADMIN, refused: ACCOUNTS, input: {} },
  "users.exportList": { answers: ADMIN, refused: ACCOUNTS, input: {} },
  "users.counts": { answers: ADMIN, refused: ACCOUNTS },
  "users.setRole": {
    answers: SUPER,
    refused: OWNER_ROLE_REFUSED,
    input: { email: DEMO.owner, role: "Owner" },
  },
  "users.remove": { answers: OWNER, refused: REFUSED.removal, input: { email: NOBODY } },
  "users.register": {
    answers: OWNER,
    refused: REFUSED["users.register"],
    input: { email: "perm-new-trpc@geolabs.example" },
  },
  "users.reinstate": { answers: OWNER, refused: REFUSED["users.reinstate"], input: { email: NOBODY } },
  "users.changePassword": {
    answers: SIGNED_IN,
    input: { current_password: "not-it", new_password: "a-new-long-one", confirm_password: "a-new-long-one" },
  },
  "users.resetPassword": { answers: OWNER, refused: REFUSED.passwordReset, input: { email: NOBODY } },
  "users.demoPasswordAccounts": { answers: OWNER, refused: REFUSED.demoPasswords },
  "users.bulk": {
    answers: OWNER,
    refused: REFUSED.roleChange,
    input: { emails: [DEMO.user], action: { kind: "role", role: "User" } },
  },
  "users.onboarded": { answers: ADMIN, refused: ACCOUNTS, input: {} },
  "users.terminated": { answers: ADMIN, refused: ACCOUNTS, input: {} },
  "users.activity": { answers: ADMIN, refused: ACCOUNTS, input: {} },
  "users.exportOnboarded": { answers: ADMIN, refused: ACCOUNTS, input: {} },
  "users.exportTerminated": { answers: ADMIN, refused: ACCOUNTS, input: {} },
  // Reports binder
  "reportsBinder.health": { answers: SIGNED_IN },
  "reportsBinder.list": { answers: SIGNED_IN, input: { q: "ab" } },
  "reportsBinder.locate": { answers: SIGNED_IN, input: { id: NO_ROW, list: {} } },
  "reportsBinder.create": { answers: SIGNED_IN, input: { work_order: "9999-06" } },
  "reportsBinder.update": { answers: SIGNED_IN, input: { id: NO_ROW, values: { billing: "1" } } },
  "reportsBinder.remove": { answers: SIGNED_IN, input: { id: NO_ROW } },
  "reportsBinder.bulkRemove": { answers: SIGNED_IN, input: { ids: [NO_ROW] } },
  "reportsBinder.restore": { answers: SIGNED_IN, input: { change_id: NO_ROW } },
  "reportsBinder.changes": { answers: SIGNED_IN, input: {} },
  // File storage
  "storage.list": { answers: SIGNED_IN },
  "storage.links": { answers: SIGNED_IN },
  "storage.history": { answers: SIGNED_IN, input: {} },
  "storage.limits": { answers: SIGNED_IN },
  "storage.remove": { answers: ADMIN, refused: WRITE, input: { key: "perm.db/none.pdf" } },
  "storage.move": {
    answers: ADMIN,
    refused: WRITE,
    input: { src_key: "perm.db/none.pdf", dst_key: "perm.db/b.pdf" },
  },
  "storage.reindex": {
    answers: ADMIN,
    refused: WRITE,
    input: { key: "perm.db/a.pdf", db_name: "perm.db", mode: "chunks" },
  },
  "storage.reindexBatch": {
    answers: ADMIN,
    refused: WRITE,
    input: { keys: ["perm.db/a.pdf"], db_name: "perm.db", mode: "chunks" },
  },
  // Document databases (issue 7): reads for staff, writes for Admins and Owners (docs/decisions/0021)
  "documents.listDbs": { answers: SIGNED_IN },
  "documents.listFiles": { answers: SIGNED_IN, input: DOC_DB },
  "documents.inspect": { answers: SIGNED_IN, input: DOC_DB },
  "documents.pdfLinks": { answers: SIGNED_IN },
  "documents.features": { answers: SIGNED_IN },
  "documents.uploadHistory": { answers: SIGNED_IN, input: {} },
  "documents.deleteDb": {
    answers: ADMIN,
    refused: WRITE,
    input: { ...DOC_DB, confirmation_text: "no" },
  },
  "documents.refreshEmbeddings": { answers: ADMIN, refused: WRITE, input: DOC_DB },
  // Reports Indexer (issue 9): reads for staff; indexing is REST only (POST /api/reports/bulk-index)
  "reports.stats": { answers: SIGNED_IN },
  "reports.files": { answers: SIGNED_IN, input: { wo: "1234", q: "pier" } },
  "reports.search": { answers: SIGNED_IN, input: { q: "boring" } },
  "reports.link": { answers: SIGNED_IN, input: { file_id: NO_ROW, page: 1 } },
  // Work Order Recognition and the project register
  "workOrders.lookup": { answers: SIGNED_IN, input: { work_orders: ["1234-56"] } },
  "workOrders.limits": { answers: SIGNED_IN },
  "workOrders.recognize": { answers: SIGNED_IN },
  "workOrders.page": { answers: SIGNED_IN, input: { wo: "1234-56" } },
  "search.all": { answers: SIGNED_IN, input: { q: "boring" } },
  "search.suggest": { answers: SIGNED_IN, input: { q: "bor" } },
  "search.workOrders": { answers: SIGNED_IN, input: { q: "1234" } },
  "projects.stats": { answers: SIGNED_IN },
  // A person's own page lists: every call acts on the caller's own lists
  "pinned.list": { answers: SIGNED_IN },
  "pinned.toggleFavorite": { answers: SIGNED_IN, input: { path: "/contacts" } },
  "pinned.visit": { answers: SIGNED_IN, input: { path: "/contacts" } },
  "pinned.importOld": { answers: SIGNED_IN, input: { favorites: [], recents: [] } },
  "pinned.workOrders": { answers: SIGNED_IN },
  // Ask Geolabs AI (issue 8): the caller's own history and feedback; the feedback review for Admins and Owners
  "chat.dbs": { answers: SIGNED_IN },
  "chat.history": { answers: SIGNED_IN, input: { db: "employee_handbook.db" } },
  "chat.deleteHistory": {
    answers: SIGNED_IN,
    input: { db: "employee_handbook.db", question: "never asked" },
  },
  "chat.feedback": { answers: SIGNED_IN, input: { id: 999999, rating: "up" } },
  "chat.feedbackList": { answers: ADMIN, refused: REFUSED["feedback.review"], input: {} },
  "chat.sourceLinks": { answers: SIGNED_IN, input: { db: "employee_handbook.db", files: ["x.pdf"] } },
};
