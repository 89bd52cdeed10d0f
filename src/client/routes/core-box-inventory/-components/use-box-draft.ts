import { yearOf } from "@shared/core-boxes";
import { useId, useRef, useState } from "react";
import { focusFirstInvalid, unreadableDates } from "@/components/ui/field-error";
import {
  checkDraft,
  type Draft,
  type DraftField,
  type DraftProblems,
  followExpiry,
} from "@/features/core-boxes/box-model";
import { hasProblems } from "@/lib/field-problems";

/**
 * A box being edited in a table row: its draft, each field's problem and the server's refusal. Enter saves,
 * Escape cancels; the expiry follows the submission date (+ expiryMonths) until the person sets it themselves.
 */
export function useBoxDraft({
  initial,
  expiryMonths,
  onSave,
  onCancel,
}: {
  initial: Draft;
  expiryMonths: number;
  /** Resolves to the error to show, or null when saved. */
  onSave(d: Draft): Promise<string | null>;
  onCancel(): void;
}) {
  const listId = useId();
  const rowRef = useRef<HTMLTableRowElement>(null);
  const [d, setD] = useState<Draft>(initial);
  const [problems, setProblems] = useState<DraftProblems>({});
  // The server's refusal (a work order already in storage…), said under the row.
  const [error, setError] = useState<string | null>(null);
  const set = <K extends DraftField>(k: K, v: Draft[K]) => {
    setD((prev) => ({ ...prev, [k]: v }));
    setProblems(({ [k]: _, ...rest }) => rest);
  };
  const setSubmitted = (next: string) => {
    setProblems(({ report_submission_date: _, storage_expiry_date: __, ...rest }) => rest);
    setD((prev) => ({
      ...prev,
      report_submission_date: next,
      storage_expiry_date: followExpiry(
        prev.report_submission_date,
        next,
        prev.storage_expiry_date,
        expiryMonths,
      ),
    }));
  };

  const submit = async () => {
    // An impossible date (02/31) leaves the input's value empty: the browser's badInput tells it from no date.
    const found = checkDraft(d, unreadableDates(rowRef.current));
    setProblems(found);
    setError(null);
    if (hasProblems(found)) return focusFirstInvalid(rowRef.current);
    setError(await onSave(d));
  };
  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === "Escape") {
      e.stopPropagation();
      onCancel();
    } else if (e.key === "Enter" && !(e.target instanceof HTMLButtonElement)) {
      e.preventDefault();
      void submit();
    }
  };
  const datesYear = yearOf(d.report_submission_date, d.storage_expiry_date);
  const errorId = (field: DraftField) => `${listId}-${field}-error`;
  return { listId, rowRef, d, problems, error, datesYear, set, setSubmitted, submit, onKeyDown, errorId };
}

export type BoxDraft = ReturnType<typeof useBoxDraft>;
