import { FileSpreadsheetIcon, LoaderCircleIcon, UploadIcon } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { api, errorMessage } from "@/lib/api";

/** The answer of the portal's all-or-nothing spreadsheet imports (core boxes; the binder has the same shape). */
export interface SpreadsheetImportResult {
  ok: boolean;
  dry_run: boolean;
  rows: number;
  valid: number;
  imported: number;
  rejected: { row: number; work_order: string; errors: string[] }[];
  ignored_columns?: string[];
  message: string;
}

/**
 * "Import": choose a CSV or .xlsx file → the server's dry run lists every row it would refuse and why → the
 * person confirms → the server imports all rows or none. `endpoint` takes multipart `file` and `?dry_run=1`.
 */
export function SpreadsheetImport<R extends SpreadsheetImportResult>({
  endpoint,
  title,
  help,
  noun,
  toastMs,
  onImported,
  renderPreview,
}: {
  endpoint: string;
  title: string;
  /** The columns the file needs, shown before a file is chosen. */
  help: ReactNode;
  /** "box" / "row": the word for one imported record. */
  noun: [one: string, many: string];
  toastMs: number;
  onImported(result: R): void;
  /** The first valid rows as the server would store them. */
  renderPreview?(result: R): ReactNode;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [check, setCheck] = useState<R | null>(null);
  const [done, setDone] = useState<R | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const count = (n: number) => `${n.toLocaleString()} ${n === 1 ? noun[0] : noun[1]}`;

  const send = async (f: File, dryRun: boolean) => {
    const form = new FormData();
    form.set("file", f);
    return api<R>(`${endpoint}${dryRun ? "?dry_run=1" : ""}`, {
      method: "POST",
      body: form,
      fallbackError: "Import failed.",
    });
  };
  const reset = () => {
    setFile(null);
    setCheck(null);
    setDone(null);
    setError(null);
  };
  const choose = async (f: File | undefined) => {
    reset();
    if (!f) return;
    setFile(f);
    setBusy(true);
    try {
      setCheck(await send(f, true));
    } catch (err) {
      setError(errorMessage(err, "Import failed."));
    } finally {
      setBusy(false);
    }
  };
  const commit = async () => {
    if (!file) return;
    setBusy(true);
    try {
      const result = await send(file, false);
      setDone(result);
      setCheck(null);
      toast.success(result.message, { duration: toastMs });
      onImported(result);
    } catch (err) {
      setError(errorMessage(err, "Import failed."));
    } finally {
      setBusy(false);
    }
  };
  const shown = done ?? check;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) reset();
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline">
          <UploadIcon /> Import
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription asChild>
            <div>{help}</div>
          </DialogDescription>
        </DialogHeader>
        {!done && (
          <div className="grid gap-2">
            <Label htmlFor={`${id}-file`}>Spreadsheet (CSV or .xlsx)</Label>
            <Input
              id={`${id}-file`}
              type="file"
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              disabled={busy}
              onChange={(e) => void choose(e.target.files?.[0])}
            />
          </div>
        )}
        {busy && (
          <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
            <LoaderCircleIcon className="size-4 animate-spin" aria-hidden />
            {check ? "Importing…" : "Checking the file…"}
          </p>
        )}
        {error && (
          <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm">
            {error}
          </p>
        )}
        {shown && (
          <div className="grid gap-3 text-sm" role="status">
            <p className="flex items-center gap-2 font-medium">
              <FileSpreadsheetIcon className="size-4" aria-hidden />
              {file?.name}: {shown.message}
            </p>
            {shown.ignored_columns && shown.ignored_columns.length > 0 && (
              <p className="text-muted-foreground">Columns ignored: {shown.ignored_columns.join(", ")}.</p>
            )}
            {shown.rejected.length > 0 && <Rejected rows={shown.rejected} />}
            {check && !check.ok && (
              <p className="text-muted-foreground">
                Nothing is imported while any row is refused: fix these rows and choose the file again.
              </p>
            )}
            {check?.ok && check.valid > 0 && renderPreview?.(check)}
          </div>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={() => setOpen(false)}>
            {done ? "Close" : "Cancel"}
          </Button>
          {!done && (
            <Button disabled={busy || !check?.ok || check.valid === 0} onClick={() => void commit()}>
              Import {check ? count(check.valid) : ""}
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function Rejected({ rows }: { rows: SpreadsheetImportResult["rejected"] }) {
  return (
    <div className="max-h-64 overflow-y-auto rounded-md border">
      <table className="w-full text-left text-xs" aria-label="Rejected rows">
        <thead className="sticky top-0 bg-muted">
          <tr>
            <th scope="col" className="px-2 py-1.5">
              Row
            </th>
            <th scope="col" className="px-2 py-1.5">
              W.O.
            </th>
            <th scope="col" className="px-2 py-1.5">
              Why it is refused
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.row} className="border-t align-top">
              <td className="px-2 py-1 tabular-nums">{r.row}</td>
              <td className="px-2 py-1 whitespace-nowrap">{r.work_order || "—"}</td>
              <td className="px-2 py-1">{r.errors.join(" ")}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
