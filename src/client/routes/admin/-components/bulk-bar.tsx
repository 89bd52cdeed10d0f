import { ROLE_MEANING, type Role } from "@shared/permissions";
import { ADMIN_ERRORS, type BulkOutcome } from "@shared/users";
import { Trash2Icon } from "lucide-react";
import { toast } from "sonner";
import { useConfirm } from "@/components/confirm";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/api";
import { useAuth } from "@/lib/auth";
import { trpc } from "@/lib/trpc";

/** "N selected" with to User / to Admin / to Owner / Delete, applied row by row by the server. */
export function BulkBar({
  selected,
  onDone,
  onClear,
}: {
  selected: ReadonlySet<string>;
  onDone(outcomes: BulkOutcome[]): void;
  onClear(): void;
}) {
  const confirm = useConfirm();
  const { me } = useAuth();
  const bulk = trpc.users.bulk.useMutation();
  const emails = [...selected];

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

  return (
    <div
      role="toolbar"
      aria-label="Bulk actions"
      className="flex flex-wrap items-center gap-2 rounded-lg border bg-muted/50 px-3 py-2 text-sm"
    >
      <span className="font-medium" aria-live="polite">
        {selected.size} selected
      </span>
      <Button
        size="sm"
        variant="outline"
        disabled={bulk.isPending}
        onClick={() => void run({ kind: "role", role: "User" })}
      >
        to User
      </Button>
      <Button
        size="sm"
        variant="outline"
        disabled={bulk.isPending}
        onClick={() => void run({ kind: "role", role: "Admin" })}
      >
        to Admin
      </Button>
      {/* Only the super-owner makes Owners: for anyone else every row would refuse it. */}
      <Button
        size="sm"
        variant="outline"
        disabled={bulk.isPending || !me?.isSuperOwner}
        title={me?.isSuperOwner ? undefined : "Only the super-owner can make someone an Owner."}
        onClick={() => void run({ kind: "role", role: "Owner" })}
      >
        to Owner
      </Button>
      <Button
        size="sm"
        variant="destructive"
        disabled={bulk.isPending}
        onClick={() => void run({ kind: "delete" })}
      >
        <Trash2Icon /> Delete
      </Button>
      <Button size="sm" variant="ghost" className="ml-auto" onClick={onClear}>
        Clear selection
      </Button>
    </div>
  );
}
