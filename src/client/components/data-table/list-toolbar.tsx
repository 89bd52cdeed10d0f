import { PlusIcon, Trash2Icon } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";

/**
 * The editable lists' toolbar (Core Inventory, Reports Binder): New, Delete Selected with its count, the screen's
 * own buttons, and the number of rows at the end, read out when it changes.
 */
export function ListToolbar({
  newLabel,
  onNew,
  newDisabled,
  selected,
  busy,
  onDeleteSelected,
  count,
  children,
}: {
  newLabel: string;
  onNew(): void;
  newDisabled: boolean;
  selected: number;
  busy: boolean;
  onDeleteSelected(): void;
  count: string;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button size="sm" onClick={onNew} disabled={newDisabled}>
        <PlusIcon /> {newLabel}
      </Button>
      <Button size="sm" variant="destructive" disabled={selected === 0 || busy} onClick={onDeleteSelected}>
        <Trash2Icon /> Delete Selected{selected ? ` (${selected})` : ""}
      </Button>
      {children}
      <span className="ml-auto text-sm text-muted-foreground" aria-live="polite">
        {count}
      </span>
    </div>
  );
}
