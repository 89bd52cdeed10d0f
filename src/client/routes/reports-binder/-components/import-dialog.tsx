import { BINDER_TOAST_MS, type BinderImportResult } from "@shared/reports-binder";
import { UploadIcon } from "lucide-react";
import { useRef } from "react";
import { toast } from "sonner";
import {
  ImportDialogFrame,
  postSpreadsheet,
  RejectedRows,
  useImportFlow,
} from "@/components/spreadsheet-import";
import { Button } from "@/components/ui/button";

/** Choose a CSV/.xlsx file → dry-run preview (every refused row and why) → all-or-nothing import. */
export function ImportButton({ onImported }: { onImported(): void }) {
  const input = useRef<HTMLInputElement>(null);
  const flow = useImportFlow<BinderImportResult>({
    send: (file, dryRun) => postSpreadsheet<BinderImportResult>("/api/reports-binder/import", file, dryRun),
    onImported: (result) => {
      toast.success(result.message, { duration: BINDER_TOAST_MS });
      onImported();
    },
    onError: (message) => toast.error(message, { duration: BINDER_TOAST_MS }),
  });
  const { file, check, busy } = flow;

  return (
    <>
      <input
        ref={input}
        type="file"
        accept=".csv,.xlsx,text/csv"
        className="sr-only"
        aria-label="Binder spreadsheet to import"
        onChange={(e) => {
          const f = e.target.files?.[0];
          e.target.value = "";
          if (f) flow.choose(f, true);
        }}
      />
      <Button size="sm" variant="outline" disabled={busy} onClick={() => input.current?.click()}>
        <UploadIcon /> Import
      </Button>
      {/* The dry run's answer opens the dialog; importing or closing it puts the answer away. */}
      <ImportDialogFrame
        open={!!check}
        onOpenChange={(open) => !open && flow.clear()}
        className="max-w-2xl"
        title={`Import ${file?.name ?? ""}`}
        description={check?.message}
        cancel="Cancel"
        actions={
          <Button disabled={busy || !check?.ok || check.valid === 0} onClick={() => void flow.commit()}>
            Import {check?.valid ?? 0} row(s)
          </Button>
        }
      >
        {check && check.rejected.length > 0 && (
          <RejectedRows rows={check.rejected} labels={["W.O.", "Why it was refused"]} role="alert" />
        )}
      </ImportDialogFrame>
    </>
  );
}
