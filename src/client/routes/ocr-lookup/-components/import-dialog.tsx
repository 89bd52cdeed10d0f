import { IMPORT_EXTENSIONS, type ImportReport } from "@shared/ocr";
import { DatabaseIcon, FileSpreadsheetIcon, LoaderCircleIcon } from "lucide-react";
import { useState } from "react";
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
import { Checkbox } from "@/components/ui/misc";
import { errorMessage } from "@/lib/api";
import { formatDateTime } from "@/lib/format";
import { trpc } from "@/lib/trpc";
import { uploadForm } from "@/lib/upload";

/**
 * Admins and Owners load the firm's register (CSV or .xlsx). "Check file" is a dry run that lists rejected rows;
 * "Import" then applies the same file.
 */
export function ImportDialog() {
  const utils = trpc.useUtils();
  const stats = trpc.projects.stats.useQuery();
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [replace, setReplace] = useState(false);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [busy, setBusy] = useState(false);

  const send = async (dryRun: boolean) => {
    if (!file) return;
    const form = new FormData();
    form.append("file", file);
    form.append("dry_run", String(dryRun));
    form.append("replace", String(replace));
    setBusy(true);
    try {
      const answer = await uploadForm<ImportReport>("/api/projects/import", form, {
        fallbackError: "Import failed.",
      });
      setReport(answer);
      if (!dryRun) {
        toast.success(
          `Register updated: ${answer.added} added, ${answer.updated} updated, ${answer.removed} removed.`,
        );
        void utils.projects.stats.invalidate();
        void utils.invalidate();
      }
    } catch (err) {
      toast.error(errorMessage(err, "Import failed."));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <DatabaseIcon /> Import projects
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Import the project register</DialogTitle>
          <DialogDescription>
            CSV or .xlsx with the columns Date, Client, Project Name, PR Number, Work Order Number, Principal
            Engineer, Invoice Number, Final Report Date (only Work Order Number is required).
          </DialogDescription>
        </DialogHeader>
        <p className="text-sm text-muted-foreground" data-testid="register-stats">
          {stats.data
            ? `The register holds ${stats.data.total.toLocaleString()} projects${stats.data.demo ? ` (${stats.data.demo.toLocaleString()} demo)` : ""}.${stats.data.last_import ? ` Last import ${formatDateTime(stats.data.last_import.at)} by ${stats.data.last_import.by}.` : ""}`
            : "Loading the register…"}
        </p>
        <div className="space-y-3">
          <Input
            type="file"
            aria-label="Register file"
            accept={IMPORT_EXTENSIONS.join(",")}
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setReport(null);
            }}
          />
          <Label className="font-normal">
            <Checkbox
              checked={replace}
              onCheckedChange={(v) => {
                setReplace(v === true);
                setReport(null);
              }}
            />
            Replace the whole register (projects not in the file are removed, demo data included)
          </Label>
        </div>
        {report && <ReportView report={report} />}
        <DialogFooter>
          <Button variant="outline" disabled={!file || busy} onClick={() => void send(true)}>
            {busy ? <LoaderCircleIcon className="animate-spin" /> : <FileSpreadsheetIcon />} Check file
          </Button>
          <Button
            disabled={!file || busy || !report?.dry_run || report.accepted === 0}
            onClick={() => void send(false)}
          >
            Import {report?.dry_run ? report.accepted.toLocaleString() : ""} projects
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function ReportView({ report }: { report: ImportReport }) {
  return (
    <div className="space-y-2 rounded-lg border p-3 text-sm" role="status">
      <p className="font-medium">
        {report.dry_run ? "Dry run: " : "Imported: "}
        {report.rows.toLocaleString()} rows, {report.accepted.toLocaleString()} accepted ({report.added} new,{" "}
        {report.updated} updated{report.replace ? `, ${report.removed} removed` : ""}),{" "}
        {report.rejected_total} rejected.
      </p>
      {report.rejected.length > 0 && (
        <div className="max-h-56 overflow-auto rounded border">
          <table className="w-full text-xs" aria-label="Rejected rows">
            <thead className="sticky top-0 bg-muted">
              <tr>
                <th className="px-2 py-1 text-left">Row</th>
                <th className="px-2 py-1 text-left">Work order</th>
                <th className="px-2 py-1 text-left">Reason</th>
              </tr>
            </thead>
            <tbody>
              {report.rejected.map((r) => (
                <tr key={r.row} className="border-t">
                  <td className="px-2 py-1 tabular-nums">{r.row}</td>
                  <td className="px-2 py-1 font-mono">{r.work_order || "—"}</td>
                  <td className="px-2 py-1">{r.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {report.rejected_total > report.rejected.length && (
            <p className="p-2 text-muted-foreground">
              …and {report.rejected_total - report.rejected.length} more.
            </p>
          )}
        </div>
      )}
    </div>
  );
}
