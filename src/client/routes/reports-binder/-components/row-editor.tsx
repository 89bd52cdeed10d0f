import { BINDER_MESSAGES, billingLooksOdd } from "@shared/reports-binder";
import { CheckIcon, XIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import type { Draft, Field } from "./row-draft";
import { type RowDraft, useRowDraft } from "./use-row-draft";

export { type Draft, draftProblems, EMPTY_DRAFT } from "./row-draft";

/**
 * One row of inputs for a new or edited binder row. Enter saves, Escape cancels. Work order and initials are
 * upper-cased as typed; what the server would refuse is marked on its field before anything is sent (billing
 * keeps what was typed: "12x" is an error, never 12), with a hint when the billing's length is unusual.
 */
export function RowEditor({
  initial,
  onSave,
  onCancel,
  busy,
  selectable,
}: {
  initial: Draft;
  onSave(d: Draft): Promise<boolean>;
  onCancel(): void;
  busy: boolean;
  selectable: boolean;
}) {
  const draft = useRowDraft({ initial, onSave, onCancel });
  const { d, problems } = draft;
  return (
    <tr ref={draft.row} className="border-b bg-primary/5 align-top" onKeyDown={draft.onKeyDown}>
      {selectable && <td />}
      <FieldCell
        draft={draft}
        field="date"
        cell="Date"
        input={{ type: "date", name: "date", "aria-label": "Date", className: "h-8 w-36" }}
      />
      <FieldCell
        draft={draft}
        field="work_order"
        cell="W.O."
        upper
        input={{ "aria-label": "Work order", autoFocus: true, placeholder: "1234-56", className: "h-8 w-28" }}
      />
      <FieldCell
        draft={draft}
        field="engineer_initials"
        cell="Initials"
        upper
        input={{ "aria-label": "Engineer initials", placeholder: "GS:AT", className: "h-8 w-28" }}
      />
      <FieldCell
        draft={draft}
        field="billing"
        cell="Billing"
        input={{ "aria-label": "Billing", inputMode: "numeric", placeholder: "12345", className: "h-8 w-24" }}
      >
        {!problems.billing && billingLooksOdd(d.billing) && (
          <p className="mt-1 text-xs text-muted-foreground">{BINDER_MESSAGES.billingHint}</p>
        )}
      </FieldCell>
      <FieldCell
        draft={draft}
        field="date_sent"
        cell="Date Sent"
        input={{ type: "date", name: "date_sent", "aria-label": "Date sent", className: "h-8 w-36" }}
      />
      <FieldCell
        draft={draft}
        field="pdf_file"
        cell="File"
        input={{ "aria-label": "PDF file", placeholder: "file.pdf", className: "h-8 w-40" }}
      />
      <td data-label="Actions" className="px-2 py-1.5 whitespace-nowrap">
        <Button size="icon-sm" aria-label="Save row" disabled={busy} onClick={() => void draft.submit()}>
          <CheckIcon />
        </Button>{" "}
        <Button size="icon-sm" variant="ghost" aria-label="Cancel editing" onClick={onCancel}>
          <XIcon />
        </Button>
      </td>
    </tr>
  );
}

/** One field's cell: its input (marked when it has a problem), the problem's sentence, and any hint after it. */
function FieldCell({
  draft,
  field,
  cell,
  input,
  upper,
  children,
}: {
  draft: RowDraft;
  field: Field;
  /** The cell's label when a phone shows the row as a card. */
  cell: string;
  input: React.ComponentProps<"input">;
  /** Upper-cased as typed (work order, initials). */
  upper?: boolean;
  children?: ReactNode;
}) {
  return (
    <td data-label={cell} className="px-2 py-1.5">
      <Input
        {...input}
        value={draft.d[field]}
        onChange={(e) => draft.set(field, upper ? e.target.value.toUpperCase() : e.target.value)}
        {...draft.marked(field)}
      />
      <FieldError id={`${draft.id}-${field}`} message={draft.problems[field]} />
      {children}
    </td>
  );
}
