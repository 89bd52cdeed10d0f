import {
  BINDER_MESSAGES,
  type BinderCreate,
  billingLooksOdd,
  binderCreateInput,
} from "@shared/reports-binder";
import { CheckIcon, XIcon } from "lucide-react";
import { useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { FieldError, focusFirstInvalid, invalidProps, unreadableDates } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { type FieldProblems, fieldProblems, hasProblems } from "@/lib/field-problems";

export type Draft = Required<Pick<BinderCreate, "work_order">> &
  Record<"date" | "engineer_initials" | "billing" | "date_sent" | "pdf_file", string>;
export const EMPTY_DRAFT: Draft = {
  date: "",
  work_order: "",
  engineer_initials: "",
  billing: "",
  date_sent: "",
  pdf_file: "",
};

type Field = keyof Draft;

const LABELS: Record<Field, string> = {
  date: "Date",
  work_order: "Work order",
  engineer_initials: "Engineer initials",
  billing: "Billing",
  date_sent: "Date sent",
  pdf_file: "PDF file",
};

/**
 * Each field's problem with the draft, checked with the server's own schema: one sentence per field. `unreadable`
 * names the date fields whose text the browser could not read (02/31/2026): an error, never "no date".
 */
export const draftProblems = (d: Draft, unreadable: readonly string[] = []): FieldProblems<Field> =>
  fieldProblems(binderCreateInput, d, LABELS, unreadable);

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
  const id = useId();
  const row = useRef<HTMLTableRowElement>(null);
  const [d, setD] = useState<Draft>(initial);
  const [problems, setProblems] = useState<FieldProblems<Field>>({});
  const set = (k: Field, v: string) => {
    setD((prev) => ({ ...prev, [k]: v }));
    setProblems(({ [k]: _, ...rest }) => rest);
  };
  const submit = async () => {
    const found = draftProblems(d, unreadableDates(row.current));
    setProblems(found);
    if (hasProblems(found)) return focusFirstInvalid(row.current);
    await onSave(d);
  };
  /** A field's input props for its problem: marked, and described by its sentence. */
  const marked = (k: Field) => invalidProps(`${id}-${k}`, problems[k]);
  const problem = (k: Field) => <FieldError id={`${id}-${k}`} message={problems[k]} />;
  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === "Escape") {
      e.stopPropagation();
      onCancel();
    } else if (e.key === "Enter") {
      e.preventDefault();
      void submit();
    }
  };
  return (
    <tr ref={row} className="border-b bg-primary/5 align-top" onKeyDown={onKeyDown}>
      {selectable && <td />}
      <td data-label="Date" className="px-2 py-1.5">
        <Input
          type="date"
          name="date"
          aria-label="Date"
          className="h-8 w-36"
          value={d.date}
          onChange={(e) => set("date", e.target.value)}
          {...marked("date")}
        />
        {problem("date")}
      </td>
      <td data-label="W.O." className="px-2 py-1.5">
        <Input
          aria-label="Work order"
          {...marked("work_order")}
          autoFocus
          placeholder="1234-56"
          className="h-8 w-28"
          value={d.work_order}
          onChange={(e) => set("work_order", e.target.value.toUpperCase())}
        />
        {problem("work_order")}
      </td>
      <td data-label="Initials" className="px-2 py-1.5">
        <Input
          aria-label="Engineer initials"
          placeholder="GS:AT"
          className="h-8 w-28"
          value={d.engineer_initials}
          onChange={(e) => set("engineer_initials", e.target.value.toUpperCase())}
          {...marked("engineer_initials")}
        />
        {problem("engineer_initials")}
      </td>
      <td data-label="Billing" className="px-2 py-1.5">
        <Input
          aria-label="Billing"
          inputMode="numeric"
          placeholder="12345"
          className="h-8 w-24"
          value={d.billing}
          onChange={(e) => set("billing", e.target.value)}
          {...marked("billing")}
        />
        {problem("billing")}
        {!problems.billing && billingLooksOdd(d.billing) && (
          <p className="mt-1 text-xs text-muted-foreground">{BINDER_MESSAGES.billingHint}</p>
        )}
      </td>
      <td data-label="Date Sent" className="px-2 py-1.5">
        <Input
          type="date"
          name="date_sent"
          aria-label="Date sent"
          className="h-8 w-36"
          value={d.date_sent}
          onChange={(e) => set("date_sent", e.target.value)}
          {...marked("date_sent")}
        />
        {problem("date_sent")}
      </td>
      <td data-label="File" className="px-2 py-1.5">
        <Input
          aria-label="PDF file"
          placeholder="file.pdf"
          className="h-8 w-40"
          value={d.pdf_file}
          onChange={(e) => set("pdf_file", e.target.value)}
          {...marked("pdf_file")}
        />
        {problem("pdf_file")}
      </td>
      <td data-label="Actions" className="px-2 py-1.5 whitespace-nowrap">
        <Button size="icon-sm" aria-label="Save row" disabled={busy} onClick={() => void submit()}>
          <CheckIcon />
        </Button>{" "}
        <Button size="icon-sm" variant="ghost" aria-label="Cancel editing" onClick={onCancel}>
          <XIcon />
        </Button>
      </td>
    </tr>
  );
}
