import type { Draft } from "@/features/core-boxes/box-model";
import { cn } from "@/lib/utils";
import {
  ActionsCell,
  ChoiceCells,
  DateCells,
  EDITOR_COLUMNS,
  IslandCell,
  TextCell,
  WorkOrderCell,
  YearCell,
} from "./box-editor-cells";
import { useBoxDraft } from "./use-box-draft";

/**
 * One table row of inputs for a new or edited box, in the table's column order. Enter saves, Escape cancels.
 * The expiry follows the submission date (+ the server's months) until the person sets it themselves. So does the
 * year: left blank it is the dates' year (shown as such), and a year the person types is the year saved. Each
 * problem is said under its field; a refusal from the server under the row.
 */
export function BoxEditor({
  initial,
  expiryMonths,
  islands,
  onSave,
  onCancel,
  busy,
  label,
}: {
  initial: Draft;
  expiryMonths: number;
  islands: readonly string[];
  /** Resolves to the error to show, or null when saved. */
  onSave(d: Draft): Promise<string | null>;
  onCancel(): void;
  busy: boolean;
  /** "New box" or "Edit 1234-56", for screen readers. */
  label: string;
}) {
  const draft = useBoxDraft({ initial, expiryMonths, onSave, onCancel });
  const { error, listId } = draft;
  return (
    <>
      <tr
        ref={draft.rowRef}
        className={cn("bg-primary/5 align-top", !error && "border-b")}
        onKeyDown={draft.onKeyDown}
        aria-label={label}
      >
        <td />
        <YearCell draft={draft} />
        <IslandCell draft={draft} islands={islands} />
        <WorkOrderCell draft={draft} />
        <TextCell draft={draft} field="project" />
        <TextCell draft={draft} field="engineer" />
        <DateCells draft={draft} />
        <ChoiceCells draft={draft} />
        <ActionsCell draft={draft} busy={busy} onCancel={onCancel} />
      </tr>
      {error && (
        <tr className="border-b bg-primary/5">
          <td
            id={`${listId}-error`}
            colSpan={EDITOR_COLUMNS}
            role="alert"
            className="px-3 pb-2 text-xs text-destructive"
          >
            {error}
          </td>
        </tr>
      )}
    </>
  );
}
