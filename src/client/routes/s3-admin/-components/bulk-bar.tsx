import { STORAGE_TEXTS } from "@shared/storage";
import { DatabaseZapIcon, Trash2Icon, XIcon } from "lucide-react";
import { Button } from "@/components/ui/button";

/** 'N selected', Index selected, Delete selected (with the spec's confirm), and Clear. */
export function BulkBar({
  count,
  busy,
  onIndex,
  onDelete,
  onClear,
}: {
  count: number;
  busy: boolean;
  onIndex(): void;
  onDelete(): void;
  onClear(): void;
}) {
  if (count === 0) return null;
  return (
    <div
      role="toolbar"
      aria-label="Bulk actions"
      className="flex flex-wrap items-center gap-2 rounded-lg border bg-muted/50 px-3 py-2 text-sm"
    >
      <span className="font-medium" aria-live="polite">
        {STORAGE_TEXTS.selected(count)}
      </span>
      <Button size="sm" variant="outline" disabled={busy} onClick={onIndex}>
        <DatabaseZapIcon /> Index selected
      </Button>
      <Button size="sm" variant="destructive" disabled={busy} onClick={onDelete}>
        <Trash2Icon /> Delete selected
      </Button>
      <Button size="sm" variant="ghost" className="ml-auto" onClick={onClear}>
        <XIcon /> Clear selection
      </Button>
    </div>
  );
}
