import type { SpreadsheetImportResult } from "@shared/common";
import { FileSpreadsheetIcon, LoaderCircleIcon, UploadIcon } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogClose,
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

/** Send a file to an all-or-nothing import: multipart `file`, with `?dry_run=1` for the check. */
export function postSpreadsheet<R>(endpoint: string, file: File, dryRun: boolean) {
  const form = new FormData();
  form.set("file", file);
  return api<R>(`${endpoint}${dryRun ? "?dry_run=1" : ""}`, {
    method: "POST",
    body: form,
    fallbackError: "Import failed.",
  });
}

/**
 * The steps of every import dialog: the chosen file, the server's dry run of it (`check`) and the answer of the
 * import itself (`done`). A failure goes to `onError` (a screen's toast) or, without one, into `error`.
 */
export function useImportFlow<R>({
  send,
  onImported,
  onError,
}: {
  send(file: File, dryRun: boolean): Promise<R>;
  onImported(result: R): void;
  onError?(message: string): void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [check, setCheck] = useState<R | null>(null);
  const [done, setDone] = useState<R | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (f: File | null, dryRun: boolean) => {
    if (!f) return;
    setBusy(true);
    try {
      const result = await send(f, dryRun);
      setDone(dryRun ? null : result);
      setCheck(dryRun ? result : null);
      if (!dryRun) onImported(result);
    } catch (err) {
      const message = errorMessage(err, "Import failed.");
      if (onError) onError(message);
      else setError(message);
    } finally {
      setBusy(false);
    }
  };
  /** Forget what was said about the file (the file stays chosen). */
  const clear = () => {
    setCheck(null);
    setDone(null);
    setError(null);
  };
  return {
    file,
    check,
    done,
    error,
    busy,
    clear,
    /** A new file, or none: what was said about the last one goes; `dryRun` has the server check it at once. */
    choose(f: File | null | undefined, dryRun = false) {
      clear();
      setFile(f ?? null);
      if (dryRun) void run(f ?? null, true);
    },
    runCheck: () => run(file, true),
    commit: () => run(file, false),
    reset() {
      clear();
      setFile(null);
    },
  };
}

/**
 * The one import dialog: title, what the file needs, the screen's own content, then a closing button and the
 * screen's actions. With a `trigger` it opens itself; without one, `open` says when it shows.
 */
export function ImportDialogFrame({
  open,
  onOpenChange,
  trigger,
  className,
  title,
  description,
  cancel,
  actions,
  children,
}: {
  open?: boolean;
  onOpenChange?(open: boolean): void;
  trigger?: ReactNode;
  /** The dialog's width (max-w-…). */
  className: string;
  title: ReactNode;
  description: ReactNode;
  /** The closing button's label ("Cancel", "Close"); left out, only the corner × closes. */
  cancel?: string;
  actions: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {trigger && <DialogTrigger asChild>{trigger}</DialogTrigger>}
      <DialogContent className={className}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription asChild>
            <div>{description}</div>
          </DialogDescription>
        </DialogHeader>
        {children}
        <DialogFooter>
          {cancel && (
            <DialogClose asChild>
              <Button variant="outline">{cancel}</Button>
            </DialogClose>
          )}
          {actions}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** A file input with its visible label. */
export function FileField({
  label,
  accept,
  disabled,
  onFile,
}: {
  label: string;
  accept: string;
  disabled?: boolean;
  onFile(file: File | undefined): void;
}) {
  const id = useId();
  return (
    <>
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type="file"
        accept={accept}
        disabled={disabled}
        onChange={(e) => onFile(e.target.files?.[0])}
      />
    </>
  );
}

/** The rows an import refuses and why; `more` counts refusals the server counted but did not list. */
export function RejectedRows({
  rows,
  labels = ["W.O.", "Why it is refused"],
  more = 0,
  role,
}: {
  rows: SpreadsheetImportResult["rejected"];
  /** The headings of the work-order and reason columns. */
  labels?: [workOrder: string, why: string];
  more?: number;
  role?: "alert";
}) {
  return (
    <div role={role} className="max-h-64 overflow-y-auto rounded-md border">
      <table className="w-full text-left text-xs" aria-label="Rejected rows">
        <thead className="sticky top-0 bg-muted">
          <tr>
            {["Row", ...labels].map((h) => (
              <th key={h} scope="col" className="px-2 py-1.5">
                {h}
              </th>
            ))}
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
      {more > 0 && <p className="p-2 text-muted-foreground">…and {more} more.</p>}
    </div>
  );
}

interface SpreadsheetImportProps<R> {
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
  /** The Import button's size, to match the toolbar it sits in. */
  size?: "sm";
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
  size,
}: SpreadsheetImportProps<R>) {
  const flow = useImportFlow<R>({
    send: (file, dryRun) => postSpreadsheet<R>(endpoint, file, dryRun),
    onImported: (result) => {
      toast.success(result.message, { duration: toastMs });
      onImported(result);
    },
  });
  const { file, check, done, error, busy } = flow;
  const count = (n: number) => `${n.toLocaleString()} ${n === 1 ? noun[0] : noun[1]}`;
  const shown = done ?? check;

  return (
    <ImportDialogFrame
      onOpenChange={(open) => !open && flow.reset()}
      trigger={
        <Button variant="outline" size={size}>
          <UploadIcon /> Import
        </Button>
      }
      className="max-w-3xl"
      title={title}
      description={help}
      cancel={done ? "Close" : "Cancel"}
      actions={
        // Offered only once the check passed: beside a refused row it could never be pressed.
        !done &&
        check?.ok &&
        check.valid > 0 && (
          <Button disabled={busy} onClick={() => void flow.commit()}>
            Import {count(check.valid)}
          </Button>
        )
      }
    >
      {!done && (
        <div className="grid gap-2">
          <FileField
            label="Spreadsheet (CSV or .xlsx)"
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            disabled={busy}
            onFile={(f) => flow.choose(f, true)}
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
        <ImportSummary fileName={file?.name} shown={shown} check={check} renderPreview={renderPreview} />
      )}
    </ImportDialogFrame>
  );
}

/** What the server said of the file: its verdict, the columns it ignored, the refused rows, then a preview. */
function ImportSummary<R extends SpreadsheetImportResult>({
  fileName,
  shown,
  check,
  renderPreview,
}: {
  fileName: string | undefined;
  /** The import's answer, or else the dry run's. */
  shown: R;
  check: R | null;
  renderPreview?(result: R): ReactNode;
}) {
  return (
    <div className="grid gap-3 text-sm" role="status">
      <p className="flex items-center gap-2 font-medium">
        <FileSpreadsheetIcon className="size-4" aria-hidden />
        {fileName}: {shown.message}
      </p>
      {shown.ignored_columns && shown.ignored_columns.length > 0 && (
        <p className="text-muted-foreground">Columns ignored: {shown.ignored_columns.join(", ")}.</p>
      )}
      {shown.rejected.length > 0 && <RejectedRows rows={shown.rejected} />}
      {check && !check.ok && (
        <p className="text-muted-foreground">
          Nothing is imported while any row is refused: fix these rows and choose the file again.
        </p>
      )}
      {check?.ok && check.valid > 0 && renderPreview?.(check)}
    </div>
  );
}
