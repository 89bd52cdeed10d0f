import { CHANGE_ACTION_LABELS, changedFields } from "@shared/history";
import { WORK_ORDER_HISTORY_LIMIT, type WorkOrderChange } from "@shared/work-orders";
import { HistoryIcon } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { WorkOrderLink } from "@/components/work-order-link";
import { formatDateTime } from "@/lib/format";
import { None, Section } from "./section";

const KIND_LABEL: Record<WorkOrderChange["kind"], string> = { binder: "Binder row", core_box: "Core box" };
const ACTION_STYLE: Record<WorkOrderChange["action"], "secondary" | "destructive" | "success"> = {
  create: "success",
  import: "success",
  restore: "success",
  update: "secondary",
  delete: "destructive",
};
const show = (v: unknown) => (v === null || v === "" ? "—" : String(v));
const label = (field: string) => (field.charAt(0).toUpperCase() + field.slice(1)).replace(/_/g, " ");
/** Fields that are the record's identity or bookkeeping, not news. */
const QUIET = new Set(["id", "created_at", "created_by", "work_order", "status"]);

/** Changes to the work order's binder rows and core boxes, newest first, with who and when. */
export function HistorySection({ changes }: { changes: WorkOrderChange[] }) {
  return (
    <Section title="History" icon={HistoryIcon} count={changes.length}>
      {changes.length === 0 ? (
        <None>No changes recorded.</None>
      ) : (
        <ol className="space-y-2" aria-label="Changes">
          {changes.map((c) => (
            <Entry key={c.id} change={c} />
          ))}
        </ol>
      )}
      {changes.length >= WORK_ORDER_HISTORY_LIMIT && (
        <p className="text-xs text-muted-foreground">The newest {WORK_ORDER_HISTORY_LIMIT} changes.</p>
      )}
    </Section>
  );
}

function Entry({ change: c }: { change: WorkOrderChange }) {
  const fields = changedFields(c.before, c.after).filter((f) => !QUIET.has(f.field));
  const edit = !!(c.before && c.after);
  return (
    <li
      className="rounded-md border p-3 text-sm"
      aria-label={`${CHANGE_ACTION_LABELS[c.action]} ${c.work_order}`}
    >
      <div className="flex flex-wrap items-center gap-1.5">
        <Badge variant={ACTION_STYLE[c.action]}>{CHANGE_ACTION_LABELS[c.action]}</Badge>
        <span className="text-muted-foreground">{KIND_LABEL[c.kind]}</span>
        <WorkOrderLink wo={c.work_order} className="font-medium" />
        <span className="ml-auto text-xs text-muted-foreground">
          {formatDateTime(c.ts)} · {c.user}
        </span>
      </div>
      {edit && fields.length > 0 && (
        <dl className="mt-2 grid grid-cols-[max-content_1fr] gap-x-3 gap-y-0.5 text-xs">
          {fields.map((f) => (
            <div key={f.field} className="contents">
              <dt className="text-muted-foreground">{label(f.field)}</dt>
              <dd className="min-w-0 break-words">
                <del className="text-muted-foreground decoration-destructive/60">{show(f.before)}</del>
                <span aria-hidden> → </span>
                <span className="sr-only"> changed to </span>
                <ins className="font-medium no-underline">{show(f.after)}</ins>
              </dd>
            </div>
          ))}
        </dl>
      )}
    </li>
  );
}
