import { DOCUMENT_TEXTS, displayDbName } from "@shared/documents";
import { CircleAlertIcon, TableIcon } from "lucide-react";
import { ErrorState } from "@/components/error-state";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";
import { Skeleton } from "@/components/ui/misc";
import { cellText, schemaTables } from "@/lib/doc-dbs";
import { trpc } from "@/lib/trpc";

/**
 * A database's schema: each table with its columns and up to 5 sample rows, cells cut at 50 characters. Used by
 * the Index Manager's [Schema] button and the Explorer's View schema. A failure turns the dialog into the spec's
 * 'Schema Error'.
 */
export function SchemaDialog({ db, onClose }: { db: string | null; onClose(): void }) {
  const info = trpc.documents.inspect.useQuery({ db_name: db ?? "" }, { enabled: !!db, retry: false });
  const failed = !!info.error;
  const tables = schemaTables(info.data);
  return (
    <Dialog open={!!db} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-5xl">
        <div className="min-w-0 pr-8">
          <DialogTitle className="flex items-center gap-2 text-base">
            {failed ? (
              <>
                <CircleAlertIcon className="size-4 text-destructive" aria-hidden />
                {DOCUMENT_TEXTS.schemaErrorTitle}
              </>
            ) : (
              `Schema of ${db}`
            )}
          </DialogTitle>
          <DialogDescription className="text-xs">
            {failed ? db : `${db ? displayDbName(db) : ""}: columns and up to 5 sample rows per table`}
          </DialogDescription>
        </div>
        {failed ? (
          <ErrorState message={DOCUMENT_TEXTS.schemaFailed} onRetry={() => void info.refetch()} />
        ) : !info.data ? (
          <div className="space-y-2" aria-busy>
            <Skeleton className="h-6 w-40" />
            <Skeleton className="h-24" />
          </div>
        ) : tables.length === 0 ? (
          <p className="text-sm text-muted-foreground">No tables.</p>
        ) : (
          // min-w-0: the dialog is a grid, and a wide table must scroll inside its own box instead of widening it.
          <div className="min-w-0 space-y-5">
            {tables.map((t) => (
              <SchemaTable key={t.name} table={t} />
            ))}
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}

type TableSchema = ReturnType<typeof schemaTables>[number];

/** One table of the schema: its name, column count and sample rows. */
function SchemaTable({ table: t }: { table: TableSchema }) {
  return (
    <section aria-label={`Table ${t.name}`} className="min-w-0 space-y-2">
      <h3 className="flex items-center gap-2 text-sm font-semibold">
        <TableIcon className="size-4 text-muted-foreground" aria-hidden />
        {t.name}
        <span className="font-normal text-muted-foreground">
          {t.columns.length} column{t.columns.length === 1 ? "" : "s"}
        </span>
      </h3>
      <div className="relative overflow-x-auto rounded-md border">
        <table className="w-full text-xs" aria-label={`Sample rows of ${t.name}`}>
          <thead className="bg-muted/50">
            <tr>
              {t.columns.map((c) => (
                <th
                  key={c}
                  scope="col"
                  className="px-2 py-1.5 text-left font-mono font-medium whitespace-nowrap"
                >
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {t.rows.length === 0 ? (
              <tr>
                <td colSpan={Math.max(1, t.columns.length)} className="px-2 py-2 text-muted-foreground">
                  No rows.
                </td>
              </tr>
            ) : (
              t.rows.map((row, i) => (
                <tr key={i} className="border-t align-top">
                  {t.columns.map((c, j) => (
                    <td key={c} className="px-2 py-1.5 whitespace-nowrap">
                      {cellText(row[j])}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </section>
  );
}
