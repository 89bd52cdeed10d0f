import { BINDER_IMPORT_MAX_ROWS, BINDER_TOAST_MS, type BinderImportResult } from "@shared/reports-binder";
import { WORK_ORDER_SHAPE } from "@shared/work-orders";
import { SpreadsheetImport } from "@/components/spreadsheet-import";

/**
 * The binder's import, in the one import dialog the core boxes use too: it says which columns the file needs
 * before the file is chosen, then the server's dry run lists every refused row, then all rows or none go in.
 */
export function ImportButton({ onImported }: { onImported(): void }) {
  return (
    <SpreadsheetImport<BinderImportResult>
      endpoint="/api/reports-binder/import"
      title="Import binder rows"
      noun={["row", "rows"]}
      toastMs={BINDER_TOAST_MS}
      onImported={onImported}
      size="sm"
      help={
        <>
          <p>
            A CSV or .xlsx file with the columns Page #, Date, Date Sent, Work Order #, Engineer's Initials
            and Billing (a File column is optional). Up to {BINDER_IMPORT_MAX_ROWS.toLocaleString()} rows, 10
            MB.
          </p>
          <p className="mt-1">{WORK_ORDER_SHAPE} Initials are letters, such as GS or GS:AT.</p>
          <p className="mt-1">
            The file is checked first and nothing is written until you confirm; if any row is refused, nothing
            is imported.
          </p>
        </>
      }
    />
  );
}
