import type { BulkOutcome } from "@shared/users";
import { Trash2Icon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useAuth } from "@/lib/auth";
import { useBulkAction } from "./use-bulk-action";

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
  const { me } = useAuth();
  const { run, pending } = useBulkAction([...selected], onDone);
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
        disabled={pending}
        onClick={() => void run({ kind: "role", role: "User" })}
      >
        to User
      </Button>
      <Button
        size="sm"
        variant="outline"
        disabled={pending}
        onClick={() => void run({ kind: "role", role: "Admin" })}
      >
        to Admin
      </Button>
      {/* Only the super-owner makes Owners: for anyone else every row would refuse it. */}
      <Button
        size="sm"
        variant="outline"
        disabled={pending || !me?.isSuperOwner}
        title={me?.isSuperOwner ? undefined : "Only the super-owner can make someone an Owner."}
        onClick={() => void run({ kind: "role", role: "Owner" })}
      >
        to Owner
      </Button>
      <Button size="sm" variant="destructive" disabled={pending} onClick={() => void run({ kind: "delete" })}>
        <Trash2Icon /> Delete
      </Button>
      <Button size="sm" variant="ghost" className="ml-auto" onClick={onClear}>
        Clear selection
      </Button>
    </div>
  );
}
