import type { CoreBoxRow } from "@shared/core-boxes";
import type { BinderRow } from "@shared/reports-binder";
import { Link } from "@tanstack/react-router";
import type { ColumnDef } from "@tanstack/react-table";
import { ArchiveIcon, BookOpenIcon, ExternalLinkIcon, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { DataTable } from "@/components/data-table/data-table";
import { boxColumns } from "@/features/core-boxes/box-columns";
import { binderColumns } from "@/features/reports-binder/binder-columns";
import { None, Section } from "./section";

const LINK = "inline-flex items-center gap-1 text-xs text-primary underline-offset-2 hover:underline";
const opener = <ExternalLinkIcon className="size-3.5" aria-hidden />;

/**
 * One kind of the work order's records in its screen's columns (without their sort buttons: the page lists a
 * work order's few records as they come), each with a link to its screen filtered to it.
 */
function RecordsSection<T extends { id: number }>(props: {
  title: string;
  icon: LucideIcon;
  rows: T[];
  columns: ColumnDef<T, unknown>[];
  /** The screen's name, as the link column's header. */
  screen: string;
  open(row: T): ReactNode;
  empty: string;
}) {
  const columns: ColumnDef<T, unknown>[] = [
    ...props.columns.map((c) => ({ ...c, meta: { ...c.meta, sortKey: undefined } })),
    { id: "open", header: props.screen, cell: ({ row }) => props.open(row.original) },
  ];
  return (
    <Section title={props.title} icon={props.icon} count={props.rows.length}>
      {props.rows.length ? (
        <DataTable
          label={props.title}
          columns={columns}
          rows={props.rows}
          rowId={(r) => String(r.id)}
          cards
        />
      ) : (
        <None>{props.empty}</None>
      )}
    </Section>
  );
}

/** The binder's rows of the work order; each opens the binder filtered to it. */
export function BinderSection({ rows }: { rows: BinderRow[] }) {
  return (
    <RecordsSection
      title="Binder rows"
      icon={BookOpenIcon}
      rows={rows}
      columns={binderColumns()}
      screen="Binder"
      empty="No binder rows."
      open={(r) => (
        <Link
          to="/reports-binder"
          search={{ wo: r.work_order }}
          aria-label={`Open ${r.work_order} in the Reports Binder`}
          className={LINK}
        >
          {opener} Open
        </Link>
      )}
    />
  );
}

/** The work order's core boxes (status and expiry included); each opens the inventory on it. */
export function BoxesSection({ boxes }: { boxes: CoreBoxRow[] }) {
  return (
    <RecordsSection
      title="Core boxes"
      icon={ArchiveIcon}
      rows={boxes}
      columns={boxColumns()}
      screen="Inventory"
      empty="No core boxes in storage."
      open={(b) => (
        <Link
          to="/core-box-inventory"
          search={{ q: b.work_order }}
          aria-label={`Open ${b.work_order} in Core Inventory`}
          className={LINK}
        >
          {opener} Open
        </Link>
      )}
    />
  );
}
