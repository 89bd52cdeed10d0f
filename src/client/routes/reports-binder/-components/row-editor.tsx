import { BINDER_MESSAGES, type BinderCreate, billingLooksOdd } from "@shared/reports-binder";
import { CheckIcon, XIcon } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";

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

/**
 * One row of inputs for a new or edited binder row. Enter saves, Escape cancels. Work order and initials are
 * upper-cased as typed; billing takes digits only, with a hint when the length is unusual.
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
  const [d, setD] = useState<Draft>(initial);
  const [error, setError] = useState<string | null>(null);
  const set = (k: keyof Draft, v: string) => setD((prev) => ({ ...prev, [k]: v }));
  const submit = async () => {
    if (!d.work_order.trim()) {
      setError(BINDER_MESSAGES.woRequired);
      return;
    }
    setError(null);
    await onSave(d);
  };
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
    <tr className="border-b bg-primary/5" onKeyDown={onKeyDown}>
      {selectable && <td />}
      <td className="px-2 py-1.5">
        <Input
          type="date"
          aria-label="Date"
          className="h-8 w-36"
          value={d.date}
          onChange={(e) => set("date", e.target.value)}
        />
      </td>
      <td className="px-2 py-1.5">
        <Input
          aria-label="Work order"
          aria-invalid={!!error}
          autoFocus
          placeholder="1234-56"
          className="h-8 w-28"
          value={d.work_order}
          onChange={(e) => set("work_order", e.target.value.toUpperCase())}
        />
        {error && (
          <p className="mt-1 text-xs text-destructive" role="alert">
            {error}
          </p>
        )}
      </td>
      <td className="px-2 py-1.5">
        <Input
          aria-label="Engineer initials"
          placeholder="GS:AT"
          className="h-8 w-28"
          value={d.engineer_initials}
          onChange={(e) => set("engineer_initials", e.target.value.toUpperCase())}
        />
      </td>
      <td className="px-2 py-1.5">
        <Input
          aria-label="Billing"
          inputMode="numeric"
          placeholder="12345"
          className="h-8 w-24"
          value={d.billing}
          onChange={(e) => set("billing", e.target.value.replace(/\D/g, ""))}
        />
        {billingLooksOdd(d.billing) && (
          <p className="mt-1 text-xs text-muted-foreground">{BINDER_MESSAGES.billingHint}</p>
        )}
      </td>
      <td className="px-2 py-1.5">
        <Input
          type="date"
          aria-label="Date sent"
          className="h-8 w-36"
          value={d.date_sent}
          onChange={(e) => set("date_sent", e.target.value)}
        />
      </td>
      <td className="px-2 py-1.5">
        <Input
          aria-label="PDF file"
          placeholder="file.pdf"
          className="h-8 w-40"
          value={d.pdf_file}
          onChange={(e) => set("pdf_file", e.target.value)}
        />
      </td>
      <td className="px-2 py-1.5 whitespace-nowrap">
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
