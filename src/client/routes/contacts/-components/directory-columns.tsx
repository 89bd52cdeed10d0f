import { type ColumnKey, type Contact, DIRECTORY_COLUMNS, SOURCE_LABELS } from "@shared/directory";
import type { ColumnDef } from "@tanstack/react-table";
import { PencilIcon, Trash2Icon } from "lucide-react";
import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";

const link = (href: string, text: ReactNode) => (
  <a href={href} className="text-primary underline-offset-2 hover:underline">
    {text}
  </a>
);

/** An address that may wrap only before its "@", never inside its name or its domain. */
const emailText = (email: string) => {
  const at = email.indexOf("@");
  if (at <= 0) return email;
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  );
};

function cell(c: Contact, key: ColumnKey, showSource: boolean): ReactNode {
  switch (key) {
    case "name":
      return (
        <span className="inline-flex items-center gap-1.5 font-medium">
          {c.name || <span className="text-muted-foreground">(no name)</span>}
          {showSource && c.source === "contact" && <Badge variant="secondary">Contact</Badge>}
        </span>
      );
    case "email":
      return c.email ? link(`mailto:${c.email}`, emailText(c.email)) : null;
    case "mobile":
    case "business":
      return c[key] ? link(`tel:${c[key].replace(/[^\d+]/g, "")}`, c[key]) : null;
    case "source":
      return SOURCE_LABELS[c.source];
    default:
      return c[key];
  }
}

const WRAP: Partial<Record<ColumnKey, string>> = {
  mobile: "whitespace-nowrap",
  business: "whitespace-nowrap",
};

/** The table's columns in the fixed order, only the visible ones; every column sorts (in the browser). */
export function directoryColumns(opts: {
  visible: readonly ColumnKey[];
  showSource: boolean;
  /** Portal mode: the signed-in person's own contacts can be edited and deleted. */
  actions?: { edit(c: Contact): void; remove(c: Contact): void };
}): ColumnDef<Contact, unknown>[] {
  const cols: ColumnDef<Contact, unknown>[] = DIRECTORY_COLUMNS.filter((c) =>
    opts.visible.includes(c.key),
  ).map((c) => ({
    id: c.key,
    header: c.label,
    // Numbers never break; names and titles wrap, emails only before the "@", so every column fits beside the
    // actions on a desktop.
    meta: { sortKey: c.key, className: WRAP[c.key] ?? "" },
    cell: ({ row }) => cell(row.original, c.key, opts.showSource),
  }));
  const actions = opts.actions;
  if (actions) {
    cols.push({
      id: "actions",
      header: () => <span className="sr-only">Actions</span>,
      meta: { className: "w-20 text-right" },
      cell: ({ row }) =>
        row.original.source === "contact" ? (
          <span className="inline-flex gap-1">
            <Button
              variant="ghost"
              size="icon-sm"
              aria-label={`Edit ${row.original.name}`}
              onClick={() => actions.edit(row.original)}
            >
              <PencilIcon />
            </Button>
            <Button
              variant="ghost"
              size="icon-sm"
              className="text-destructive"
              aria-label={`Delete ${row.original.name}`}
              onClick={() => actions.remove(row.original)}
            >
              <Trash2Icon />
            </Button>
          </span>
        ) : null,
    });
  }
  return cols;
}
