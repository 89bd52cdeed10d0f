import { z } from "zod";
import { newPassword, TEMPORARY_PASSWORD_DAYS } from "./auth";
import {
  caselessEnum,
  emailAddress,
  isoDate,
  pageNumber,
  pageSize,
  REVERSED_RANGE,
  rangeIsOrdered,
  searchText,
  sortDirOr,
  text,
  unsetWhenBlank,
} from "./common";
import { ROLES, type Role } from "./permissions";

/** Admin Console: 25/50/100/200 per page, default 25 (spec part 2 §9). */
export const ADMIN_PAGE_SIZES = [25, 50, 100, 200] as const;
export const ACTIVITY_PAGE_SIZES = [25, 50, 100] as const;

export const ROLE_FILTERS = ["All", ...ROLES] as const;
export type RoleFilter = (typeof ROLE_FILTERS)[number];

/** The spec's Admin Console error texts; the server's own message is preferred when there is one. */
export const ADMIN_ERRORS = {
  updateRole: "Failed to update role.",
  deleteUser: "Failed to delete user.",
  registerUser: "Failed to register user.",
} as const;

export const role = caselessEnum(ROLES, "Role must be Owner, Admin or User.");

export const userListInput = z.object({
  q: searchText.default(""),
  role: unsetWhenBlank(
    caselessEnum(ROLE_FILTERS, "Role filter must be All, User, Admin or Owner.").default("All"),
  ),
  sort_by: unsetWhenBlank(caselessEnum(["role", "email"], "sort_by must be role or email").default("role")),
  sort_dir: sortDirOr("asc"),
  page: pageNumber.default(1),
  page_size: pageSize(ADMIN_PAGE_SIZES, 25),
});
export type UserListInput = z.input<typeof userListInput>;

export const updateRoleInput = z.object({ email: emailAddress, role });
export type UpdateRoleInput = z.infer<typeof updateRoleInput>;
export const emailInput = z.object({ email: emailAddress });
export type EmailInput = z.infer<typeof emailInput>;

/** A local account as `bun run user:add` and the demo seed give it (created, or updated with a new password). */
export const localAccountInput = z.object({
  email: emailAddress,
  role: z.enum(ROLES, { error: "must be Owner, Admin or User" }),
  password: newPassword,
  name: text(200).optional(),
});
export type LocalAccountInput = z.input<typeof localAccountInput>;

export const BULK_LIMIT = 500;
export const BULK_OWNER_REFUSAL = "Only the super-owner may bulk-set Owner.";
export const bulkInput = z.object({
  emails: z
    .array(emailAddress)
    .min(1, "Select at least one account.")
    .max(BULK_LIMIT, `Select at most ${BULK_LIMIT} accounts at a time.`),
  action: z.discriminatedUnion("kind", [
    z.object({ kind: z.literal("role"), role }),
    z.object({ kind: z.literal("delete") }),
  ]),
});
export type BulkInput = z.infer<typeof bulkInput>;

const dateRange = {
  date_from: isoDate.optional(),
  date_to: isoDate.optional(),
};

/** Every action the audit log records, with the plain label Admin → Activity shows and filters by. */
export const AUDIT_ACTION_LABELS = {
  "user.register": "Person registered",
  "user.role": "Role changed",
  "user.update": "Account updated",
  "user.remove": "Person removed",
  "user.reinstate": "Person reinstated",
  "user.password_reset": "Password reset",
  "user.password_change": "Password changed",
  "ticket.assign": "Ticket assigned",
  "ticket.delete": "Ticket deleted",
  "storage.upload": "File uploaded",
  "storage.move": "File moved or renamed",
  "storage.delete": "File deleted",
  "documents.create_db": "Database created",
  "documents.delete_db": "Database deleted",
  "documents.index": "Document indexed",
  "binder.import": "Binder imported",
  "binder.bulkDelete": "Binder rows deleted",
  "core_box.import": "Core boxes imported",
  "core_box.delete": "Core box deleted",
  "core_box.dump_remove": "Core box dumped and removed",
  "core_box.restore": "Core box restored",
  "directory.import": "Directory imported",
  "projects.import": "Projects register imported",
} as const;
export type AuditAction = keyof typeof AUDIT_ACTION_LABELS;
export const AUDIT_ACTIONS = Object.keys(AUDIT_ACTION_LABELS) as AuditAction[];

export const activityInput = z
  .object({
    actor: searchText.default(""),
    action: z
      .enum(AUDIT_ACTIONS as [AuditAction, ...AuditAction[]], { error: "Unknown action." })
      .or(z.literal(""))
      .default(""),
    ...dateRange,
    page: pageNumber.default(1),
    page_size: pageSize(ACTIVITY_PAGE_SIZES, 25),
  })
  .refine(rangeIsOrdered, REVERSED_RANGE);

export const onboardedInput = z
  .object({
    q: searchText.default(""),
    ...dateRange,
    page: pageNumber.default(1),
    page_size: pageSize(ADMIN_PAGE_SIZES, 25),
  })
  .refine(rangeIsOrdered, REVERSED_RANGE);

export const terminatedInput = z.object({
  q: searchText.default(""),
  page: pageNumber.default(1),
  page_size: pageSize(ADMIN_PAGE_SIZES, 25),
});

/** One row of the Admin Console. */
export interface AdminUser {
  email: string;
  name: string;
  role: Role;
  isSuperOwner: boolean;
}

export interface RoleCounts {
  Owner: number;
  Admin: number;
  User: number;
}

export interface BulkOutcome {
  email: string;
  ok: boolean;
  reason?: string;
}

export interface OnboardedUser {
  email: string;
  name: string;
  role: Role;
  status: "active" | "deactivated";
  createdAt: string;
  firstSignInAt: string | null;
  registeredBy: string | null;
  source: string;
}

export interface TerminatedUser {
  email: string;
  name: string;
  roleAtRemoval: Role | null;
  deactivatedAt: string;
  deactivatedBy: string | null;
}

export interface ActivityEntry {
  id: number;
  ts: string;
  actor: string;
  action: string;
  target: string;
  details: Record<string, unknown> | null;
}

/** Audit actions of the user domain, for the Activity tab's filter. */

/** How a newly registered person signs in, said to the Owner who registered them. */
export const USER_TEXTS = {
  signInWithWorkAccount: "They sign in with their work account.",
  signInWithPassword: `They sign in with their email and this temporary password, and choose their own at once. It is shown only now and stops working in ${TEMPORARY_PASSWORD_DAYS} days: give it to them in person or by phone.`,
} as const;

/** Why an Owner cannot register or reinstate the super-owner from the console. */
export const SUPER_OWNER_ON_SERVER =
  "The super-owner's account is made on the server, not here: run `bun run user:add <email> --role Owner --password <password>` there (or let the first start create it).";

/** A temporary password given to a person (reinstate, reset): shown to the Owner once. */
export interface TemporaryPassword {
  /** How they sign in (USER_TEXTS). */
  sign_in?: string;
  temporary_password?: string;
}

/** POST /api/register-user's answer: `sign_in` and `temporary_password` only for a person registered now. */
export interface RegisterResult {
  email: string;
  role: Role;
  message: string;
  /** How they sign in (USER_TEXTS). */
  sign_in?: string;
  /** With local accounts: their first password, shown to the Owner this once. */
  temporary_password?: string;
}
