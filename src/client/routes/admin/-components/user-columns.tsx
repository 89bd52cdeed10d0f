import { type Actor, checkRoleChange, isRowLocked, ROLES, type Role } from "@shared/permissions";
import type { AdminUser } from "@shared/users";
import type { ColumnDef } from "@tanstack/react-table";
import { LockIcon } from "lucide-react";
import { RoleBadge } from "@/components/role-badge";
import { NativeSelect } from "@/components/ui/select";
import { AccountActionButtons, type useAccountActions } from "./account-actions";
import type { RoleChange } from "./use-role-change";

/**
 * The accounts table's columns. Rebuilt each render: the cells close over the current mutations and signed-in
 * user.
 */
export function userColumns(
  me: Actor | null | undefined,
  roleChange: RoleChange,
  actions: ReturnType<typeof useAccountActions>,
): ColumnDef<AdminUser, unknown>[] {
  return [
    {
      id: "email",
      header: "Email",
      meta: { sortKey: "email" },
      cell: ({ row }) => (
        <div className="min-w-0">
          <div className="flex items-center gap-1.5 font-medium">
            {row.original.email}
            {isRowLocked(me, row.original) && (
              <LockIcon
                className="size-3.5 text-muted-foreground"
                aria-label="Locked: you cannot change this account"
              />
            )}
          </div>
          {row.original.name && <div className="text-xs text-muted-foreground">{row.original.name}</div>}
        </div>
      ),
    },
    {
      id: "role",
      header: "Role",
      meta: { sortKey: "role" },
      cell: ({ row }) => <RoleBadge role={row.original.role} superOwner={row.original.isSuperOwner} />,
    },
    {
      id: "change",
      header: "Change Role",
      cell: ({ row }) => <RoleSelect me={me} user={row.original} roleChange={roleChange} />,
    },
    {
      id: "actions",
      header: "Actions",
      cell: ({ row }) => <AccountActionButtons user={row.original} me={me} actions={actions} />,
    },
  ];
}

/** The roles the signed-in person may give this account (its own role always shown). */
function RoleSelect({
  me,
  user,
  roleChange,
}: {
  me: Actor | null | undefined;
  user: AdminUser;
  roleChange: RoleChange;
}) {
  const allowed = ROLES.filter((r) => r === user.role || checkRoleChange(me, user, r).ok);
  return (
    <NativeSelect
      aria-label={`Change role of ${user.email}`}
      value={user.role}
      disabled={allowed.length <= 1 || roleChange.pending}
      onChange={(e) => void roleChange.ask(user, e.target.value as Role)}
      className="h-8"
    >
      {allowed.map((r) => (
        <option key={r} value={r}>
          {r}
        </option>
      ))}
    </NativeSelect>
  );
}
