import { CORE_BOX_TOAST_MS, type CoreBoxImportResult, IMPORT_MAX_ROWS } from "@shared/core-boxes";
import { SpreadsheetImport } from "@/components/spreadsheet-import";

const PREVIEW_SHOWN = 5;

/** The firm's spreadsheet layout, previewed by the server, then imported all or nothing. */
export function BoxImport({ onImported }: { onImported(): void }) {
  return (
    <SpreadsheetImport<CoreBoxImportResult>
      endpoint="/api/core-boxes/import"
      title="Import core boxes"
      noun={["box", "boxes"]}
      toastMs={CORE_BOX_TOAST_MS}
      onImported={onImported}
      help={
        <>
          <p>
            A CSV or .xlsx file with the columns W.O. Number, Project, Engineer, Report Submission Date,
            storage date, Construction Complete? and Keep or Dump (Island and Year are optional). Up to{" "}
            {IMPORT_MAX_ROWS.toLocaleString()} rows, 5 MB.
          </p>
          <p className="mt-1">
            The file is checked first and nothing is written until you confirm; if any row is refused, nothing
            is imported.
          </p>
        </>
      }
      renderPreview={(r) => (
        <div className="relative overflow-x-auto rounded-md border">
          <table className="w-full text-left text-xs" aria-label="First rows to import">
            <thead className="bg-muted">
              <tr>
                {[
                  "W.O.",
                  "Project",
                  "Engineer",
                  "Submitted",
                  "Expiry",
                  "Complete",
                  "Disposition",
                  "Island",
                ].map((h) => (
                  <th key={h} scope="col" className="px-2 py-1.5 whitespace-nowrap">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {r.preview.slice(0, PREVIEW_SHOWN).map((b) => (
                <tr key={b.work_order} className="border-t">
                  <td className="px-2 py-1 font-medium whitespace-nowrap">{b.work_order}</td>
                  <td className="px-2 py-1">{b.project || "—"}</td>
                  <td className="px-2 py-1">{b.engineer || "—"}</td>
                  <td className="px-2 py-1 tabular-nums whitespace-nowrap">
                    {b.report_submission_date ?? "—"}
                  </td>
                  <td className="px-2 py-1 tabular-nums whitespace-nowrap">{b.storage_expiry_date ?? "—"}</td>
                  <td className="px-2 py-1">{b.complete}</td>
                  <td className="px-2 py-1">{b.keep_or_dump}</td>
                  <td className="px-2 py-1">{b.island ?? "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {r.valid > PREVIEW_SHOWN && (
            <p className="border-t px-2 py-1 text-xs text-muted-foreground">
              …and {(r.valid - PREVIEW_SHOWN).toLocaleString()} more.
            </p>
          )}
        </div>
      )}
    />
  );
}
