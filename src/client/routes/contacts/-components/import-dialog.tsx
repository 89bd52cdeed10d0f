import { IMPORT_MAX_BYTES, type ImportResult } from "@shared/directory";
import { useId, useState } from "react";
import { toast } from "sonner";
import { useConfirm } from "@/components/confirm";
import { FileField, ImportDialogFrame, useImportFlow } from "@/components/spreadsheet-import";
import { Button } from "@/components/ui/button";
import { trpc } from "@/lib/trpc";

const MODES = [
  ["merge", "Merge: add new people, update known emails"],
  ["replace", "Replace: the file becomes the whole directory"],
] as const;

/** Admins load the staff directory from a CSV (Name and Email columns required; Outlook/Entra names accepted). */
export function ImportDialog({
  open,
  onOpenChange,
  onImported,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  onImported(): void;
}) {
  const confirm = useConfirm();
  const [mode, setMode] = useState<Mode>("merge");
  const importStaff = trpc.directory.importStaff.useMutation();
  const flow = useImportFlow<ImportResult>({
    send: async (file) => importStaff.mutateAsync({ csv: await file.text(), mode }),
    onImported: (r) => {
      toast.success(`Directory imported: ${r.inserted} added, ${r.updated} updated, ${r.removed} removed.`, {
        duration: 3000,
      });
      onImported();
    },
    onError: (message) => toast.error(message),
  });
  const start = async () => {
    if (!flow.file) return;
    if (flow.file.size > IMPORT_MAX_BYTES) return toast.error("The CSV file is larger than 5 MB.");
    if (mode === "replace") {
      const ok = await confirm({
        title: "Replace the whole staff directory?",
        description:
          "Everyone not in this file is removed from the directory. Personal contacts are not affected.",
        confirmLabel: "Replace",
        destructive: true,
      });
      if (!ok) return;
    }
    await flow.commit();
  };
  const skipped = flow.done?.skipped ?? [];
  return (
    <ImportDialogFrame
      open={open}
      onOpenChange={(next) => {
        if (!next) flow.reset();
        onOpenChange(next);
      }}
      className="max-w-lg"
      title="Import staff directory"
      description="A CSV with a header row. Name and Email are required; Mobile, Business, Title, Department, Office and Company are read when present (Outlook and Entra export names work too)."
      cancel={flow.done ? "Close" : "Cancel"}
      actions={
        <Button disabled={!flow.file || flow.busy} onClick={() => void start()}>
          {flow.busy ? "Importing…" : "Import"}
        </Button>
      }
    >
      <div className="grid gap-3">
        <FileField label="CSV file" accept=".csv,text/csv" onFile={(f) => flow.choose(f)} />
        <ModeChoice mode={mode} onChange={setMode} />
        {skipped.length > 0 && <SkippedRows rows={skipped} />}
      </div>
    </ImportDialogFrame>
  );
}

type Mode = (typeof MODES)[number][0];

function ModeChoice({ mode, onChange }: { mode: Mode; onChange(mode: Mode): void }) {
  const id = useId();
  return (
    <fieldset className="grid gap-1.5 text-sm">
      <legend className="mb-1 font-medium">Mode</legend>
      {MODES.map(([value, label]) => (
        <label key={value} className="flex items-center gap-2">
          <input type="radio" name={`${id}-mode`} checked={mode === value} onChange={() => onChange(value)} />
          {label}
        </label>
      ))}
    </fieldset>
  );
}

/** The rows the import left out, each with its line and why. */
function SkippedRows({ rows }: { rows: ImportResult["skipped"] }) {
  return (
    <div role="status" className="max-h-40 overflow-y-auto rounded-md border bg-muted/30 p-2 text-xs">
      <p className="mb-1 font-medium">{rows.length} row(s) skipped:</p>
      <ul className="list-disc pl-4">
        {rows.map((s) => (
          <li key={`${s.line}-${s.reason}`}>
            Line {s.line}: {s.reason}
          </li>
        ))}
      </ul>
    </div>
  );
}
