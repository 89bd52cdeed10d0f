import { BINDER_TOAST_MS, type BinderImportResult } from "@shared/reports-binder";
import { UploadIcon } from "lucide-react";
import { useRef, useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { api, errorMessage } from "@/lib/api";

const send = (file: File, dryRun: boolean) => {
  const form = new FormData();
  form.set("file", file);
  return api<BinderImportResult>(`/api/reports-binder/import${dryRun ? "?dry_run=1" : ""}`, {
    method: "POST",
    body: form,
    fallbackError: "Import failed.",
  });
};

/** Choose a CSV/.xlsx file → dry-run preview (every refused row and why) → all-or-nothing import. */
export function ImportButton({ onImported }: { onImported(): void }) {
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<BinderImportResult | null>(null);
  const [busy, setBusy] = useState(false);

  const choose = async (f: File | undefined) => {
    if (!f) return;
    setBusy(true);
    try {
      setFile(f);
      setPreview(await send(f, true));
    } catch (err) {
      toast.error(errorMessage(err, "Import failed."), { duration: BINDER_TOAST_MS });
    } finally {
      setBusy(false);
      if (input.current) input.current.value = "";
    }
  };
  const commit = async () => {
    if (!file) return;
    setBusy(true);
    try {
      const result = await send(file, false);
      toast.success(result.message, { duration: BINDER_TOAST_MS });
      setPreview(null);
      onImported();
    } catch (err) {
      toast.error(errorMessage(err, "Import failed."), { duration: BINDER_TOAST_MS });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <input
        ref={input}
        type="file"
        accept=".csv,.xlsx,text/csv"
        className="sr-only"
        aria-label="Binder spreadsheet to import"
        onChange={(e) => void choose(e.target.files?.[0])}
      />
      <Button size="sm" variant="outline" disabled={busy} onClick={() => input.current?.click()}>
        <UploadIcon /> Import
      </Button>
      <Dialog open={!!preview} onOpenChange={(open) => !open && setPreview(null)}>
        <DialogContent className="max-w-2xl">
          <DialogHeader>
            <DialogTitle>Import {file?.name}</DialogTitle>
            <DialogDescription>{preview?.message}</DialogDescription>
          </DialogHeader>
          {preview && preview.rejected.length > 0 && (
            <div className="max-h-72 overflow-y-auto rounded-md border text-sm" role="alert">
              <table className="w-full">
                <thead className="bg-muted/50 text-left">
                  <tr>
                    <th className="px-2 py-1">Row</th>
                    <th className="px-2 py-1">W.O.</th>
                    <th className="px-2 py-1">Why it was refused</th>
                  </tr>
                </thead>
                <tbody>
                  {preview.rejected.map((r) => (
                    <tr key={r.row} className="border-t">
                      <td className="px-2 py-1 tabular-nums">{r.row}</td>
                      <td className="px-2 py-1">{r.work_order || "—"}</td>
                      <td className="px-2 py-1">{r.errors.join(" ")}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <DialogFooter>
            <Button variant="outline" onClick={() => setPreview(null)}>
              Cancel
            </Button>
            <Button disabled={busy || !preview?.ok || preview.valid === 0} onClick={() => void commit()}>
              Import {preview?.valid ?? 0} row(s)
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
