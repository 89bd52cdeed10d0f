import { ROLE_MEANING, type Role } from "@shared/permissions";
import { ADMIN_ERRORS, type BulkOutcome } from "@shared/users";
import { toast } from "sonner";
import { useConfirm } from "@/components/confirm";
import { errorMessage } from "@/lib/api";
import { trpc } from "@/lib/trpc";

/** A change to every selected account (a role, or deletion), confirmed first; the server applies it row by row. */
export function useBulkAction(emails: string[], onDone: (outcomes: BulkOutcome[]) => void) {
  const confirm = useConfirm();
  const bulk = trpc.users.bulk.useMutation();

  const run = async (action: { kind: "role"; role: Role } | { kind: "delete" }) => {
    if (action.kind === "delete") {
      const ok = await confirm({
        title: `Delete ${emails.length} account(s)?`,
        description: "They are deactivated at once and their sessions end. Owners can reinstate them later.",
        confirmLabel: "Delete",
        destructive: true,
      });
      if (!ok) return;
    } else {
      const ok = await confirm({
        title: `Make ${emails.length} account(s) ${action.role}?`,
        description: ROLE_MEANING[action.role],
        confirmLabel: `Make ${action.role}`,
      });
      if (!ok) return;
    }
    try {
      const outcomes = await bulk.mutateAsync({ emails, action });
      const done = outcomes.filter((o) => o.ok).length;
      const refused = outcomes.length - done;
      const verb = action.kind === "delete" ? "removed" : `set to ${action.role}`;
      if (refused === 0) toast.success(`${done} account(s) ${verb}.`, { duration: 3000 });
      else
        toast.warning(`${done} ${verb}, ${refused} refused. See the list above the table.`, {
          duration: 3000,
        });
      onDone(outcomes);
    } catch (err) {
      toast.error(
        errorMessage(err, action.kind === "delete" ? ADMIN_ERRORS.deleteUser : ADMIN_ERRORS.updateRole),
      );
    }
  };
  return { run, pending: bulk.isPending };
}
