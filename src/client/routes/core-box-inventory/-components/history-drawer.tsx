import { CHANGE_HISTORY_LIMIT } from "@shared/core-boxes";
import { RefreshCwIcon, Undo2Icon } from "lucide-react";
import { ErrorState } from "@/components/error-state";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Dialog, DialogDescription, DialogTitle, SheetContent } from "@/components/ui/dialog";
import { Skeleton } from "@/components/ui/misc";
import { WorkOrderLink } from "@/components/work-order-link";
import { errorMessage } from "@/lib/api";
import { formatDateTime } from "@/lib/format";
import { type RouterOutputs, trpc } from "@/lib/trpc";
import { actionLabel, changeLines, dispositionBeforeDump } from "./history-format";

export const HISTORY_DRAWER_ID = "core-box-history";
export type Change = RouterOutputs["coreBoxes"]["changes"]["changes"][number];

const ACTION_STYLE: Record<Change["action"], "secondary" | "destructive" | "success" | "outline"> = {
  create: "success",
  import: "success",
  restore: "success",
  update: "secondary",
  delete: "destructive",
};

/**
 * The last changes to the inventory, newest first, each with what it changed field by field; removals not
 * restored yet have Restore. Non-modal so the table stays usable beside it: the history follows each action.
 */
export function HistoryDrawer({
  open,
  onOpenChange,
  keepOnEscape,
  onRestore,
  busy,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** An inline edit is open: Escape cancels that instead of closing the drawer. */
  keepOnEscape: boolean;
  onRestore(change: Change, dispositionBefore: string | null): void;
  busy: boolean;
}) {
  const changes = trpc.coreBoxes.changes.useQuery({ limit: CHANGE_HISTORY_LIMIT }, { enabled: open });
  const all = changes.data?.changes ?? [];
  return (
    <Dialog open={open} onOpenChange={onOpenChange} modal={false}>
      <SheetContent
        id={HISTORY_DRAWER_ID}
        side="right"
        className="w-[30rem] border-l shadow-2xl"
        onInteractOutside={(e) => e.preventDefault()}
        onEscapeKeyDown={(e) => keepOnEscape && e.preventDefault()}
      >
        <div className="flex flex-wrap items-center gap-2 border-b px-4 py-3 pr-12">
          <div className="mr-auto">
            <DialogTitle className="text-base">Change History</DialogTitle>
            <DialogDescription className="text-xs">
              The last {CHANGE_HISTORY_LIMIT} changes, newest first.
            </DialogDescription>
          </div>
          <Button
            size="sm"
            variant="outline"
            onClick={() => void changes.refetch()}
            disabled={changes.isFetching}
          >
            <RefreshCwIcon className={changes.isFetching ? "animate-spin" : undefined} /> Refresh
          </Button>
          <Button size="sm" variant="outline" onClick={() => onOpenChange(false)}>
            Close
          </Button>
        </div>
        <div className="flex-1 overflow-y-auto px-4 py-3" aria-busy={changes.isFetching || undefined}>
          {changes.error ? (
            <ErrorState
              message={errorMessage(changes.error, "Failed to load the change history.")}
              onRetry={() => void changes.refetch()}
            />
          ) : !changes.data ? (
            <div className="space-y-3">
              {Array.from({ length: 4 }, (_, i) => (
                <Skeleton key={i} className="h-20" />
              ))}
            </div>
          ) : all.length === 0 ? (
            <p className="text-sm text-muted-foreground">No changes yet.</p>
          ) : (
            <ol className="space-y-3" aria-label="Changes">
              {all.map((c) => (
                <Entry key={c.id} change={c} all={all} onRestore={onRestore} busy={busy} />
              ))}
            </ol>
          )}
        </div>
      </SheetContent>
    </Dialog>
  );
}

function Entry({
  change: c,
  all,
  onRestore,
  busy,
}: {
  change: Change;
  all: Change[];
  onRestore(change: Change, dispositionBefore: string | null): void;
  busy: boolean;
}) {
  const lines = changeLines(c);
  const snapshot = !(c.before && c.after);
  const inDumpBatch =
    !!c.batch_id &&
    (c.action === "update" || c.action === "delete") &&
    all.some((o) => o.batch_id === c.batch_id && o.action !== c.action);
  return (
    <li
      className="rounded-lg border bg-card p-3 text-sm"
      aria-label={`${actionLabel(c.action)} ${c.work_order}`}
    >
      <div className="flex items-start gap-2">
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-1.5">
            <Badge variant={ACTION_STYLE[c.action]}>{actionLabel(c.action)}</Badge>
            <WorkOrderLink wo={c.work_order} className="font-medium" />
            <span className="text-xs text-muted-foreground">box #{c.core_box_id}</span>
            {inDumpBatch && <Badge variant="outline">Mark Dumped &amp; Remove</Badge>}
          </div>
          <p className="mt-1 text-xs text-muted-foreground">
            {formatDateTime(c.ts)} · {c.user}
          </p>
        </div>
        {c.restorable && (
          <Button
            size="xs"
            variant="outline"
            disabled={busy}
            aria-label={`Restore ${c.work_order}`}
            onClick={() => onRestore(c, dispositionBeforeDump(c, all))}
          >
            <Undo2Icon /> Restore
          </Button>
        )}
      </div>
      {lines.length > 0 && <ChangeLines lines={lines} snapshot={snapshot} />}
      {c.action === "delete" && c.restored_at && (
        <p className="mt-2 text-xs text-muted-foreground">
          Restored {formatDateTime(c.restored_at)}
          {c.restored_by ? ` by ${c.restored_by}` : ""}.
        </p>
      )}
    </li>
  );
}

/** What a change did, field by field: a whole record's values, or each changed field from before to after. */
function ChangeLines({ lines, snapshot }: { lines: ReturnType<typeof changeLines>; snapshot: boolean }) {
  return snapshot ? (
    // A whole record (added, removed…): two label/value pairs a line keeps the entry short.
    <dl className="mt-2 grid grid-cols-[max-content_1fr_max-content_1fr] gap-x-3 gap-y-0.5 text-xs">
      {lines.map((l) => (
        <div key={l.field} className="contents">
          <dt className="text-muted-foreground">{l.label}</dt>
          <dd className="min-w-0 break-words">{l.after}</dd>
        </div>
      ))}
    </dl>
  ) : (
    <dl className="mt-2 grid grid-cols-[max-content_1fr] gap-x-3 gap-y-0.5 text-xs">
      {lines.map((l) => (
        <div key={l.field} className="contents">
          <dt className="text-muted-foreground">{l.label}</dt>
          <dd className="min-w-0 break-words">
            <del className="text-muted-foreground decoration-destructive/60">{l.before}</del>
            <span aria-hidden> → </span>
            <span className="sr-only"> changed to </span>
            <ins className="font-medium no-underline">{l.after}</ins>
          </dd>
        </div>
      ))}
    </dl>
  );
}
