import { formatSize, NOT_A_PDF } from "@shared/storage";
import { FileTextIcon, TriangleAlertIcon, XIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { pathOf, type SelectionSummary } from "@/features/reports/reports-model";

/**
 * The chosen PDFs: how many and how big, then each one, files whose content is not a PDF and names that do not
 * follow the report form marked with the reason (content first, as the server checks; a warning only: the server
 * decides).
 */
export function SelectionList({
  files,
  summary,
  disabled,
  onRemove,
  onClear,
}: {
  files: readonly File[];
  summary: SelectionSummary;
  disabled: boolean;
  onRemove(file: File): void;
  onClear(): void;
}) {
  const reasons = new Map([...summary.misnamed, ...summary.notPdf].map((m) => [m.path, m.reason]));
  const notPdfPaths = new Set(summary.notPdf.map((m) => m.path));
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <span className="font-medium" data-testid="selection-summary">
          {summary.count.toLocaleString()} PDF{summary.count === 1 ? "" : "s"} selected ·{" "}
          {formatSize(summary.bytes)}
        </span>
        <SelectionWarnings misnamed={summary.misnamed.length} notPdf={summary.notPdf.length} />
        <Button size="xs" variant="ghost" className="ml-auto" onClick={onClear} disabled={disabled}>
          Clear selection
        </Button>
      </div>
      <ul
        aria-label="Selected reports"
        className="max-h-56 divide-y overflow-y-auto rounded-md border text-sm"
      >
        {files.map((f) => {
          const path = pathOf(f);
          const reason = reasons.get(path);
          return (
            <li key={`${path}:${f.size}:${f.lastModified}`} className="flex items-start gap-2 px-3 py-1.5">
              {reason ? (
                <TriangleAlertIcon
                  className="mt-0.5 size-4 shrink-0 text-warning"
                  aria-label={notPdfPaths.has(path) ? NOT_A_PDF : "Name warning"}
                />
              ) : (
                <FileTextIcon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
              )}
              <div className="min-w-0 flex-1">
                <p className="truncate" title={path}>
                  {path}
                </p>
                {reason && <p className="text-xs text-muted-foreground">{reason}</p>}
              </div>
              <span className="shrink-0 text-xs text-muted-foreground tabular-nums">
                {formatSize(f.size)}
              </span>
              <Button
                size="icon-sm"
                variant="ghost"
                className="size-6 shrink-0"
                aria-label={`Remove ${path}`}
                disabled={disabled}
                onClick={() => onRemove(f)}
              >
                <XIcon />
              </Button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** What the server will likely refuse: files whose content is not a PDF, names out of form. */
function SelectionWarnings({ misnamed: bad, notPdf }: { misnamed: number; notPdf: number }) {
  return (
    <>
      {bad > 0 && (
        <span className="flex items-center gap-1 text-foreground">
          <TriangleAlertIcon className="size-3.5 text-warning" aria-hidden />
          {bad === 1 ? "1 name does" : `${bad} names do`} not follow the form; the server may refuse{" "}
          {bad === 1 ? "it" : "them"}.
        </span>
      )}
      {notPdf > 0 && (
        <span className="flex items-center gap-1 text-foreground">
          <TriangleAlertIcon className="size-3.5 text-warning" aria-hidden />
          {notPdf === 1 ? "1 file is" : `${notPdf} files are`} not a PDF by its content; the server will
          refuse {notPdf === 1 ? "it" : "them"}.
        </span>
      )}
    </>
  );
}
