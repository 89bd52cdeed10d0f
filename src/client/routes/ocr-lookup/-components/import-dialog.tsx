import { IMPORT_EXTENSIONS, type ImportReport } from "@shared/ocr";
import { DatabaseIcon, FileSpreadsheetIcon, LoaderCircleIcon } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { ImportDialogFrame, RejectedRows, useImportFlow } from "@/components/spreadsheet-import";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Checkbox } from "@/components/ui/misc";
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
  const [replace, setReplace] = useState(false);
  const flow = useImportFlow<ImportReport>({
    send: (file, dryRun) => {
      const form = new FormData();
      form.append("file", file);
      form.append("dry_run", String(dryRun));
      form.append("replace", String(replace));
      return uploadForm<ImportReport>("/api/projects/import", form, { fallbackError: "Import failed." });
    },
    onImported: (answer) => {
      toast.success(
        `Register updated: ${answer.added} added, ${answer.updated} updated, ${answer.removed} removed.`,
      );
      void utils.projects.stats.invalidate();
      void utils.invalidate();
    },
    onError: (message) => toast.error(message),
  });
  const { file, check, busy } = flow;
  const report = check ?? flow.done;

  return (
    <ImportDialogFrame
      trigger={
        <Button variant="outline" size="sm">
          <DatabaseIcon /> Import projects
        </Button>
      }
      className="max-w-2xl"
      title="Import the project register"
      description="CSV or .xlsx with the columns Date, Client, Project Name, PR Number, Work Order Number, Principal Engineer, Invoice Number, Final Report Date (only Work Order Number is required)."
      actions={
        <>
          <Button variant="outline" disabled={!file || busy} onClick={() => void flow.runCheck()}>
            {busy ? <LoaderCircleIcon className="animate-spin" /> : <FileSpreadsheetIcon />} Check file
          </Button>
          <Button
            disabled={!file || busy || !check || check.accepted === 0}
            onClick={() => void flow.commit()}
          >
            Import {check ? check.accepted.toLocaleString() : ""} projects
          </Button>
        </>
      }
    >
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
          onChange={(e) => flow.choose(e.target.files?.[0])}
        />
        <Label className="font-normal">
          <Checkbox
            checked={replace}
            onCheckedChange={(v) => {
              setReplace(v === true);
              flow.clear();
            }}
          />
          Replace the whole register (projects not in the file are removed, demo data included)
        </Label>
      </div>
      {report && <ReportView report={report} />}
    </ImportDialogFrame>
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
        <RejectedRows
          rows={report.rejected.map((r) => ({ ...r, errors: [r.reason] }))}
          labels={["Work order", "Reason"]}
          more={report.rejected_total - report.rejected.length}
        />
      )}
    </div>
  );
}
