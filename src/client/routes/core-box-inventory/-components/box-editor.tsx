import { boxStatus, COMPLETE_VALUES, DISPOSITIONS, LIMITS, yearOf } from "@shared/core-boxes";
import { CheckIcon, XIcon } from "lucide-react";
import { type ReactNode, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { FieldError, focusFirstInvalid, invalidProps, unreadableDates } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/select";
import {
  checkDraft,
  type Draft,
  type DraftField,
  type DraftProblems,
  followExpiry,
} from "@/features/core-boxes/box-model";
import { StatusBadge } from "@/features/core-boxes/status-badge";
import { hasProblems } from "@/lib/field-problems";
import { cn } from "@/lib/utils";

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
  const datesYear = yearOf(d.report_submission_date, d.storage_expiry_date);
  const errorId = (field: DraftField) => `${listId}-${field}-error`;
  const marked = (field: DraftField) => invalidProps(errorId(field), problems[field]);
  const problem = (field: DraftField) => <FieldError id={errorId(field)} message={problems[field]} />;

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

  const row = (
    <tr
      ref={rowRef}
      className={cn("bg-primary/5 align-top", !error && "border-b")}
      onKeyDown={onKeyDown}
      aria-label={label}
    >
      <td />
      <Cell label="Year">
        <Input
          aria-label="Year"
          {...marked("year")}
          inputMode="numeric"
          maxLength={4}
          placeholder={datesYear === null ? "Year" : String(datesYear)}
          title={datesYear === null ? undefined : `Left blank, the year is the dates' year (${datesYear}).`}
          className="h-8 w-full min-w-0 px-1.5 tabular-nums"
          value={d.year}
          onChange={(e) => set("year", e.target.value.trim())}
        />
        {problem("year")}
        {!problems.year && !d.year && datesYear !== null && (
          <span className="block pt-0.5 text-[10px] leading-tight text-muted-foreground">from the dates</span>
        )}
      </Cell>
      <Cell label="Island">
        <Input
          aria-label="Island"
          list={listId}
          maxLength={LIMITS.island}
          className="h-8 w-full min-w-0"
          value={d.island}
          {...marked("island")}
          onChange={(e) => set("island", e.target.value)}
        />
        {problem("island")}
        <datalist id={listId}>
          {islands.map((i) => (
            <option key={i} value={i} />
          ))}
        </datalist>
      </Cell>
      <Cell label="W.O.">
        <Input
          aria-label="Work Order"
          aria-required
          {...marked("work_order")}
          aria-describedby={
            problems.work_order ? errorId("work_order") : error ? `${listId}-error` : undefined
          }
          autoFocus
          placeholder="1234-56"
          maxLength={LIMITS.workOrder}
          className="h-8 w-full min-w-0"
          value={d.work_order}
          onChange={(e) => set("work_order", e.target.value.toUpperCase())}
        />
        {problem("work_order")}
      </Cell>
      <Cell label="Project">
        <Input
          aria-label="Project"
          maxLength={LIMITS.project}
          className="h-8 w-full min-w-0"
          value={d.project}
          {...marked("project")}
          onChange={(e) => set("project", e.target.value)}
        />
        {problem("project")}
      </Cell>
      <Cell label="Engineer">
        <Input
          aria-label="Engineer"
          maxLength={LIMITS.engineer}
          className="h-8 w-full min-w-0"
          value={d.engineer}
          {...marked("engineer")}
          onChange={(e) => set("engineer", e.target.value)}
        />
        {problem("engineer")}
      </Cell>
      <Cell label="Submitted">
        <Input
          type="date"
          name="report_submission_date"
          aria-label="Report submission date"
          {...marked("report_submission_date")}
          className="h-8 w-full min-w-0 px-1.5"
          value={d.report_submission_date}
          onChange={(e) => {
            const next = e.target.value;
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
          }}
        />
        {problem("report_submission_date")}
      </Cell>
      <Cell label="Expiry">
        <Input
          type="date"
          name="storage_expiry_date"
          aria-label="Storage expiry date"
          {...marked("storage_expiry_date")}
          className="h-8 w-full min-w-0 px-1.5"
          min={d.report_submission_date || undefined}
          value={d.storage_expiry_date}
          onChange={(e) => set("storage_expiry_date", e.target.value)}
        />
        {problem("storage_expiry_date")}
      </Cell>
      <Cell label="Complete">
        <NativeSelect
          aria-label="Complete"
          className="h-8 w-full px-1.5"
          value={d.complete}
          onChange={(e) => set("complete", e.target.value as Draft["complete"])}
        >
          {COMPLETE_VALUES.map((v) => (
            <option key={v}>{v}</option>
          ))}
        </NativeSelect>
      </Cell>
      <Cell label="Disposition">
        <NativeSelect
          aria-label="Disposition"
          className="h-8 w-full px-1.5"
          value={d.keep_or_dump}
          onChange={(e) => set("keep_or_dump", e.target.value as Draft["keep_or_dump"])}
        >
          {DISPOSITIONS.map((v) => (
            <option key={v}>{v}</option>
          ))}
        </NativeSelect>
      </Cell>
      <Cell label="Status">
        <div className="pt-1">
          <StatusBadge status={boxStatus(d.storage_expiry_date || null)} />
        </div>
      </Cell>
      <Cell label="Actions">
        <div className="flex gap-1">
          <Button size="icon-sm" aria-label="Save" title="Save (Enter)" disabled={busy} onClick={submit}>
            <CheckIcon />
          </Button>
          <Button
            size="icon-sm"
            variant="ghost"
            aria-label="Cancel"
            title="Cancel (Escape)"
            onClick={onCancel}
          >
            <XIcon />
          </Button>
        </div>
      </Cell>
    </tr>
  );
  return (
    <>
      {row}
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

/** The selection column and the table's eleven. */
const EDITOR_COLUMNS = 12;
/**
 * An editor cell; its label names it when a phone shows the row as a card. One block holds the input and its
 * sentence, so the sentence stays under the field in the card's line too.
 */
const Cell = ({ label, children }: { label: string; children: ReactNode }) => (
  <td data-label={label} className="px-1.5 py-1.5">
    <div className="min-w-0 flex-1">{children}</div>
  </td>
);
