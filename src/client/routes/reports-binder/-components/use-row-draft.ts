import { useId, useRef, useState } from "react";
import { focusFirstInvalid, invalidProps, unreadableDates } from "@/components/ui/field-error";
import { type FieldProblems, hasProblems } from "@/lib/field-problems";
import { type Draft, draftProblems, type Field } from "./row-draft";

/**
 * A binder row being edited: its draft and each field's problem. Enter saves (after the draft is checked),
 * Escape cancels.
 */
export function useRowDraft({
  initial,
  onSave,
  onCancel,
}: {
  initial: Draft;
  onSave(d: Draft): Promise<boolean>;
  onCancel(): void;
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
  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === "Escape") {
      e.stopPropagation();
      onCancel();
    } else if (e.key === "Enter") {
      e.preventDefault();
      void submit();
    }
  };
  return { id, row, d, problems, set, submit, marked, onKeyDown };
}

export type RowDraft = ReturnType<typeof useRowDraft>;
