import type { CoreBoxListInput } from "@shared/core-boxes";
import { DownloadIcon, HistoryIcon, XIcon } from "lucide-react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { exportHref, plural } from "@/features/core-boxes/box-model";
import { errorMessage } from "@/lib/api";
import { onAuthedDownload } from "@/lib/download";
import { BoxImport } from "./box-import";
import { HISTORY_DRAWER_ID } from "./history-drawer";

/** The header's Show/Hide History, Export CSV (every box matching the filters) and Import. */
export function HeaderActions({
  input,
  historyOpen,
  onToggleHistory,
  onImported,
}: {
  input: CoreBoxListInput;
  historyOpen: boolean;
  onToggleHistory(): void;
  onImported(): void;
}) {
  return (
    <>
      <Button
        variant="outline"
        aria-expanded={historyOpen}
        aria-controls={historyOpen ? HISTORY_DRAWER_ID : undefined}
        onClick={onToggleHistory}
      >
        <HistoryIcon /> {historyOpen ? "Hide History" : "Show History"}
      </Button>
      <Button variant="outline" asChild>
        <a
          href={exportHref(input)}
          download
          onClick={onAuthedDownload((err) => toast.error(errorMessage(err, "Export failed.")))}
        >
          <DownloadIcon /> Export CSV
        </a>
      </Button>
      <BoxImport onImported={onImported} />
    </>
  );
}

/** What "Delete Selected" left in place and why; stays until dismissed (a toast is too quick to read a list). */
export function SkippedNotice({ lines, onDismiss }: { lines: string[]; onDismiss(): void }) {
  return (
    <div
      role="status"
      className="flex items-start gap-2 rounded-lg border border-warning/50 bg-warning/10 p-3 text-sm"
    >
      <div className="flex-1">
        <p className="font-medium">{plural(lines.length, "box was", "boxes were")} not removed:</p>
        <ul className="mt-1 list-disc pl-5">
          {lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </div>
      <Button size="icon-sm" variant="ghost" aria-label="Dismiss" onClick={onDismiss}>
        <XIcon />
      </Button>
    </div>
  );
}
