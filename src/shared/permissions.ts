/**
 * Roles and the rules of who may do what. The server calls `can()` to enforce; the client calls the same
 * function only to hide or disable controls.
 */

export const ROLES = ["Owner", "Admin", "User"] as const;
export type Role = (typeof ROLES)[number];

/** What each role may do, in a sentence for the person about to give it (the rules are `can()` below). */
export const ROLE_MEANING: Record<Role, string> = {
  Owner: "Owners also register people and change roles.",
  Admin:
    "Admins also manage document databases and storage, import registers and the directory, and handle every IT ticket.",
  User: "Users use the portal's tools; they change no databases, storage or accounts.",
};

/** Sort rank used for "role ascending": Owner, Admin, User. */
export const ROLE_RANK: Record<Role, number> = { Owner: 0, Admin: 1, User: 2 };

export interface Actor {
  email: string;
  role: Role;
  /** True only for the one account named by SUPER_OWNER_EMAIL. */
  isSuperOwner: boolean;
}

export interface UserTarget {
  email: string;
  role: Role;
  isSuperOwner: boolean;
}

export type Action =
  /** Open the Admin Console and its lists. */
  | "admin.view"
  /** Owner-only account actions. */
  | "users.register"
  | "users.reinstate"
  /** Write documents, databases and storage objects (Index Manager, S3 Uploader). */
  | "content.write"
  /** See every ticket and assign them (IT staff). */
  | "tickets.manageAll"
  /** Import the project register that Work Order Recognition looks work orders up in. */
  | "projects.import"
  /** Import the staff directory from CSV (portal-kept directory, non-Entra modes). */
  | "directory.import"
  /** Read the feedback people gave on Ask AI's answers (everyone's, not only one's own). */
  | "feedback.review"
  /** Read the operations metrics (GET /api/metrics), unless a scraper holds METRICS_TOKEN. */
  | "metrics.read";

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export function isStaffAdmin(actor: Actor | null | undefined): boolean {
  return !!actor && (actor.role === "Owner" || actor.role === "Admin" || actor.isSuperOwner);
}

export function isOwner(actor: Actor | null | undefined): boolean {
  return !!actor && (actor.role === "Owner" || actor.isSuperOwner);
}

/** Role-level actions that need no target. */
export function can(actor: Actor | null | undefined, action: Action): boolean {
  if (!actor) return false;
  switch (action) {
    case "admin.view":
    case "content.write":
    case "tickets.manageAll":
    case "projects.import":
    case "directory.import":
    case "feedback.review":
      return isStaffAdmin(actor);
    case "users.register":
    case "users.reinstate":
    case "metrics.read":
      return isOwner(actor);
  }
}

/**
 * The sentence a refused person reads, one per rule. The service that checks the rule throws it, so REST and
 * tRPC answer the same 403 in the same words (tests/rest/permission-table.test.ts holds both doors to it).
 */
export const REFUSED = {
  "admin.view": "Only Admins and Owners can see the staff accounts.",
  "users.register": "Only Owners can register accounts.",
  "users.reinstate": "Only Owners can reinstate accounts.",
  "content.write": "Only Admins and Owners can change documents, databases and stored files.",
  "tickets.manageAll": "Only Admins and Owners can assign tickets.",
  "projects.import": "Only Admins and Owners can import the project register.",
  "directory.import": "Only Admins and Owners can import the staff directory.",
  "feedback.review": "Only Admins and Owners can review the feedback on answers.",
  "metrics.read": "Only Owners can read the portal's metrics.",
  // Rules with a target (checkRoleChange, checkRemoval, checkPasswordReset below) start with these.
  roleChange: "Only Owners can change roles.",
  removal: "Only Owners can remove accounts.",
  passwordReset: "Only Owners can reset passwords.",
  demoPasswords: "Only Owners can see which accounts use the demo password.",
} as const satisfies Record<Action, string> & Record<string, string>;

export type Refusal = { ok: true } | { ok: false; reason: string };
const allow: Refusal = { ok: true };
const deny = (reason: string): Refusal => ({ ok: false, reason });

/**
 * May `actor` give `target` the role `next`?
 * - the super-owner may change anyone but themself, to any role;
 * - Owners switch User <-> Admin for User/Admin accounts other than themselves and the super-owner;
 * - Admins and Users change nothing.
 */
export function checkRoleChange(actor: Actor | null | undefined, target: UserTarget, next: Role): Refusal {
  if (!actor) return deny("Sign in first.");
  if (target.isSuperOwner) return deny("The super-owner's role cannot be changed.");
  if (actor.isSuperOwner) return allow;
  if (actor.role !== "Owner") return deny(REFUSED.roleChange);
  if (sameEmail(actor.email, target.email)) return deny("You cannot change your own role.");
  if (target.role === "Owner") return deny("Only the super-owner can change an Owner's role.");
  if (next === "Owner") return deny("Only the super-owner can make someone an Owner.");
  return allow;
}

/** May `actor` remove (deactivate) `target`? Same shape as role changes. */
export function checkRemoval(actor: Actor | null | undefined, target: UserTarget): Refusal {
  if (!actor) return deny("Sign in first.");
  if (target.isSuperOwner) return deny("The super-owner cannot be removed.");
  if (sameEmail(actor.email, target.email)) return deny("You cannot remove your own account.");
  if (actor.isSuperOwner) return allow;
  if (actor.role !== "Owner") return deny(REFUSED.removal);
  if (target.role === "Owner") return deny("Only the super-owner can remove an Owner.");
  return allow;
}

/** May `actor` give `target` a new temporary password? As removal; one's own password is changed, not reset. */
export function checkPasswordReset(actor: Actor | null | undefined, target: UserTarget): Refusal {
  if (!actor) return deny("Sign in first.");
  if (target.isSuperOwner) return deny("The super-owner's password is set on the server (bun run user:add).");
  if (sameEmail(actor.email, target.email)) return deny("Change your own password from your account menu.");
  if (actor.isSuperOwner) return allow;
  if (actor.role !== "Owner") return deny(REFUSED.passwordReset);
  if (target.role === "Owner") return deny("Only the super-owner can reset an Owner's password.");
  return allow;
}

/** Row is locked (no role change, no delete) for this actor. */
export function isRowLocked(actor: Actor | null | undefined, target: UserTarget): boolean {
  const anyRole = ROLES.some((r) => r !== target.role && checkRoleChange(actor, target, r).ok);
  return !anyRole && !checkRemoval(actor, target).ok;
}

/** Row-level ticket rules: Admins/Owners see (and edit, assign) every ticket; Users only the ones they raised. */
export function canSeeTicket(actor: Actor | null | undefined, ticket: { requester: string }): boolean {
  return !!actor && (isStaffAdmin(actor) || sameEmail(actor.email, ticket.requester));
}

/** Only the ticket's requester may delete it, whatever their role (spec part 2 §6). */
export function canDeleteTicket(actor: Actor | null | undefined, ticket: { requester: string }): boolean {
  return !!actor && sameEmail(actor.email, ticket.requester);
}

/** Personal contacts belong to one person: only the owner sees, edits and deletes them. */
export function ownsContact(actor: Actor | null | undefined, contact: { owner: string }): boolean {
  return !!actor && sameEmail(actor.email, contact.owner);
}
