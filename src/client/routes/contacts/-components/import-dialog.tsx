import { IMPORT_MAX_BYTES, type ImportResult } from "@shared/directory";
import { useId, useState } from "react";
import { toast } from "sonner";
import { useConfirm } from "@/components/confirm";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { errorMessage } from "@/lib/api";
import { trpc } from "@/lib/trpc";

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
  const id = useId();
  const confirm = useConfirm();
  const [file, setFile] = useState<File | null>(null);
  const [mode, setMode] = useState<"merge" | "replace">("merge");
  const [result, setResult] = useState<ImportResult | null>(null);
  const run = trpc.directory.importStaff.useMutation({
    onSuccess: (r) => {
      setResult(r);
      toast.success(`Directory imported: ${r.inserted} added, ${r.updated} updated, ${r.removed} removed.`, {
        duration: 3000,
      });
      onImported();
    },
    onError: (err) => toast.error(errorMessage(err, "Import failed.")),
  });
  const start = async () => {
    if (!file) return;
    if (file.size > IMPORT_MAX_BYTES) return toast.error("The CSV file is larger than 5 MB.");
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
    run.mutate({ csv: await file.text(), mode });
  };
  const close = (next: boolean) => {
    if (!next) {
      setFile(null);
      setResult(null);
    }
    onOpenChange(next);
  };
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>Import staff directory</DialogTitle>
          <DialogDescription>
            A CSV with a header row. Name and Email are required; Mobile, Business, Title, Department, Office
            and Company are read when present (Outlook and Entra export names work too).
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-3">
          <Label htmlFor={`${id}-file`}>CSV file</Label>
          <Input
            id={`${id}-file`}
            type="file"
            accept=".csv,text/csv"
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setResult(null);
            }}
          />
          <fieldset className="grid gap-1.5 text-sm">
            <legend className="mb-1 font-medium">Mode</legend>
            <label className="flex items-center gap-2">
              <input
                type="radio"
                name={`${id}-mode`}
                checked={mode === "merge"}
                onChange={() => setMode("merge")}
              />
              Merge: add new people, update known emails
            </label>
            <label className="flex items-center gap-2">
              <input
                type="radio"
                name={`${id}-mode`}
                checked={mode === "replace"}
                onChange={() => setMode("replace")}
              />
              Replace: the file becomes the whole directory
            </label>
          </fieldset>
          {result && result.skipped.length > 0 && (
            <div role="status" className="max-h-40 overflow-y-auto rounded-md border bg-muted/30 p-2 text-xs">
              <p className="mb-1 font-medium">{result.skipped.length} row(s) skipped:</p>
              <ul className="list-disc pl-4">
                {result.skipped.map((s) => (
                  <li key={`${s.line}-${s.reason}`}>
                    Line {s.line}: {s.reason}
                  </li>
                ))}
              </ul>
            </div>
          )}
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={() => close(false)}>
            {result ? "Close" : "Cancel"}
          </Button>
          <Button disabled={!file || run.isPending} onClick={() => void start()}>
            {run.isPending ? "Importing…" : "Import"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
