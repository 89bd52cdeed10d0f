import { HISTORY_DEFAULT_LIMIT, STORAGE_TEXTS, type StorageEvent } from "@shared/storage";
import { RefreshCwIcon } from "lucide-react";
import { ErrorState } from "@/components/error-state";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Dialog, DialogDescription, DialogTitle, SheetContent } from "@/components/ui/dialog";
import { Skeleton } from "@/components/ui/misc";
import { errorMessage } from "@/lib/api";
import { formatDateTime } from "@/lib/format";
import { folderLabel } from "@/lib/storage-files";
import { trpc } from "@/lib/trpc";

export const HISTORY_DRAWER_ID = "storage-history";

const ACTION: Record<
  StorageEvent["action"],
  { label: string; variant: "success" | "secondary" | "destructive" }
> = {
  upload: { label: "Uploaded", variant: "success" },
  move: { label: "Moved", variant: "secondary" },
  delete: { label: "Deleted", variant: "destructive" },
};

/**
 * 'Upload & Index History': the newest uploads, moves and deletes with time, database, file and 'by user'.
 * Non-modal, so the file list stays usable beside it; it reloads whenever it opens.
 */
export function HistoryDrawer({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const history = trpc.storage.history.useQuery(
    { limit: HISTORY_DEFAULT_LIMIT },
    { enabled: open, refetchOnMount: "always" },
  );
  const events = history.data?.events;
  return (
    <Dialog open={open} onOpenChange={onOpenChange} modal={false}>
      <SheetContent
        id={HISTORY_DRAWER_ID}
        side="right"
        className="w-[28rem] shadow-2xl"
        onInteractOutside={(e) => e.preventDefault()}
      >
        <div className="flex items-center gap-2 border-b px-4 py-3 pr-12">
          <div className="mr-auto">
            <DialogTitle className="text-base">{STORAGE_TEXTS.historyTitle}</DialogTitle>
            <DialogDescription className="text-xs">
              The last {HISTORY_DEFAULT_LIMIT} changes, newest first.
            </DialogDescription>
          </div>
          <Button
            size="sm"
            variant="outline"
            onClick={() => void history.refetch()}
            disabled={history.isFetching}
            aria-label="Refresh history"
          >
            <RefreshCwIcon className={history.isFetching ? "animate-spin" : undefined} />
          </Button>
        </div>
        <div className="flex-1 overflow-y-auto px-4 py-3" aria-busy={history.isFetching || undefined}>
          {history.error && !events ? (
            <ErrorState
              message={errorMessage(history.error, "Failed to load the history.")}
              onRetry={() => void history.refetch()}
            />
          ) : !events ? (
            <div className="space-y-2">
              {Array.from({ length: 4 }, (_, i) => (
                <Skeleton key={i} className="h-14" />
              ))}
            </div>
          ) : events.length === 0 ? (
            <p className="text-sm text-muted-foreground">{STORAGE_TEXTS.historyEmpty}</p>
          ) : (
            <ol className="space-y-2" aria-label="Recent activity">
              {events.map((e) => (
                <li key={e.id} className="rounded-lg border bg-card p-3 text-sm">
                  <div className="flex items-center gap-2">
                    <Badge variant={ACTION[e.action].variant}>{ACTION[e.action].label}</Badge>
                    <span className="min-w-0 truncate font-medium" title={e.key}>
                      {e.file}
                    </span>
                  </div>
                  <p className="mt-1 text-xs text-muted-foreground">
                    <time dateTime={e.time}>{formatDateTime(e.time)}</time> · {folderLabel(e.db)} · by{" "}
                    {e.user}
                  </p>
                  {e.from && (
                    <p className="mt-0.5 truncate text-xs text-muted-foreground" title={e.from}>
                      from {e.from}
                    </p>
                  )}
                </li>
              ))}
            </ol>
          )}
        </div>
      </SheetContent>
    </Dialog>
  );
}
