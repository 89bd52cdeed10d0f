import type { CoreBoxRow } from "@shared/core-boxes";
import type { BinderRow } from "@shared/reports-binder";
import { Link } from "@tanstack/react-router";
import type { ColumnDef } from "@tanstack/react-table";
import { ArchiveIcon, BookOpenIcon, ExternalLinkIcon } from "lucide-react";
import { DataTable } from "@/components/data-table/data-table";
import { boxColumns } from "../../core-box-inventory/-components/box-columns";
import { binderColumns } from "../../reports-binder/-components/binder-columns";
import { None, Section } from "./section";

/** A screen's columns without their sort buttons: the page lists a work order's few records as they come. */
const LINK = "inline-flex items-center gap-1 text-xs text-primary underline-offset-2 hover:underline";

const unsorted = <T,>(columns: ColumnDef<T, unknown>[]) =>
  columns.map((c) => ({ ...c, meta: { ...c.meta, sortKey: undefined } }));

/** The binder's rows of the work order, with the binder's columns; each opens the binder filtered to it. */
export function BinderSection({ rows }: { rows: BinderRow[] }) {
  const columns: ColumnDef<BinderRow, unknown>[] = [
    ...unsorted(binderColumns()),
    {
      id: "open",
      header: "Binder",
      cell: ({ row }) => (
        <Link
          to="/reports-binder"
          search={{ wo: row.original.work_order }}
          aria-label={`Open ${row.original.work_order} in the Reports Binder`}
          className={LINK}
        >
          <ExternalLinkIcon className="size-3.5" aria-hidden /> Open
        </Link>
      ),
    },
  ];
  return (
    <Section title="Binder rows" icon={BookOpenIcon} count={rows.length}>
      {rows.length ? (
        <DataTable label="Binder rows" columns={columns} rows={rows} rowId={(r) => String(r.id)} cards />
      ) : (
        <None>No binder rows.</None>
      )}
    </Section>
  );
}

/** The work order's core boxes with the inventory's columns (status and expiry); each opens the inventory on it. */
export function BoxesSection({ boxes }: { boxes: CoreBoxRow[] }) {
  const columns: ColumnDef<CoreBoxRow, unknown>[] = [
    ...unsorted(boxColumns()),
    {
      id: "open",
      header: "Inventory",
      cell: ({ row }) => (
        <Link
          to="/core-box-inventory"
          search={{ q: row.original.work_order }}
          aria-label={`Open ${row.original.work_order} in Core Inventory`}
          className={LINK}
        >
          <ExternalLinkIcon className="size-3.5" aria-hidden /> Open
        </Link>
      ),
    },
  ];
  return (
    <Section title="Core boxes" icon={ArchiveIcon} count={boxes.length}>
      {boxes.length ? (
        <DataTable label="Core boxes" columns={columns} rows={boxes} rowId={(b) => String(b.id)} cards />
      ) : (
        <None>No core boxes in storage.</None>
      )}
    </Section>
  );
}
