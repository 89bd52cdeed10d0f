import { ROLE_MEANING, type Role } from "@shared/permissions";
import { ADMIN_ERRORS, type AdminUser } from "@shared/users";
import { toast } from "sonner";
import { useConfirm } from "@/components/confirm";
import { errorMessage } from "@/lib/api";
import { trpc } from "@/lib/trpc";

/** Changing an account's role, confirmed first (the select shows the role until then). */
export function useRoleChange(refresh: () => void) {
  const confirm = useConfirm();
  const setRole = trpc.users.setRole.useMutation({
    onSuccess: (r) => {
      toast.success(`${r.email} is now ${r.role}.`, { duration: 3000 });
      void refresh();
    },
    onError: (err) => toast.error(errorMessage(err, ADMIN_ERRORS.updateRole)),
  });

  // A role decides what a person can do: the change is confirmed first (the select shows the role until then).
  const ask = async (user: AdminUser, role: Role) => {
    const ok = await confirm({
      title: `Make ${user.email} ${role === "Admin" || role === "Owner" ? "an" : "a"} ${role}?`,
      description: `${user.name || user.email} is ${user.role} now. ${ROLE_MEANING[role]}`,
      confirmLabel: `Make ${role}`,
    });
    if (ok) setRole.mutate({ email: user.email, role });
  };
  return { ask, pending: setRole.isPending };
}

export type RoleChange = ReturnType<typeof useRoleChange>;
