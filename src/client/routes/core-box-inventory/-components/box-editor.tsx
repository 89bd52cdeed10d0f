import { boxStatus, COMPLETE_VALUES, DISPOSITIONS, LIMITS, yearOf } from "@shared/core-boxes";
import { CheckIcon, XIcon } from "lucide-react";
import { type ReactNode, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/select";
import { cn } from "@/lib/utils";
import { checkDraft, type Draft, type DraftProblem, followExpiry } from "./box-model";
import { StatusBadge } from "./status-badge";

/**
 * One table row of inputs for a new or edited box, in the table's column order. Enter saves, Escape cancels.
 * The expiry follows the submission date (+ the server's months) until the person sets it themselves, and the
 * year comes from the dates, as the server derives them; a year is typed only for a box with no dates.
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
  const [d, setD] = useState<Draft>(initial);
  // A problem of one field (marked, its sentence under the row), or the server's refusal (field null).
  const [problem, setProblem] = useState<{ field: DraftProblem["field"] | null; message: string } | null>(
    null,
  );
  const error = problem?.message ?? null;
  const submissionInput = useRef<HTMLInputElement>(null);
  const expiryInput = useRef<HTMLInputElement>(null);
  const set = <K extends keyof Draft>(k: K, v: Draft[K]) => setD((prev) => ({ ...prev, [k]: v }));
  const derivedYear = yearOf(d.report_submission_date, d.storage_expiry_date);
  const invalid = (field: DraftProblem["field"]) => (problem?.field === field ? true : undefined);
  const describedBy = (field: DraftProblem["field"]) =>
    problem?.field === field ? `${listId}-error` : undefined;

  const submit = async () => {
    // An impossible date (02/31) leaves the input's value empty: the browser's badInput tells it from no date.
    const unreadable = [
      ...(submissionInput.current?.validity.badInput ? (["report_submission_date"] as const) : []),
      ...(expiryInput.current?.validity.badInput ? (["storage_expiry_date"] as const) : []),
    ];
    const found = checkDraft(d, unreadable);
    setProblem(found);
    if (found) return;
    const refused = await onSave(d);
    setProblem(refused ? { field: null, message: refused } : null);
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
      className={cn("bg-primary/5 align-top", !error && "border-b")}
      onKeyDown={onKeyDown}
      aria-label={label}
    >
      <td />
      <Cell label="Year">
        {derivedYear !== null && !(problem?.field === "year") ? (
          <span className="inline-block pt-1.5 tabular-nums text-muted-foreground" title="From the dates">
            {derivedYear}
            <span className="block text-[10px] leading-tight">from the dates</span>
          </span>
        ) : (
          <Input
            aria-label="Year"
            aria-invalid={invalid("year")}
            aria-describedby={describedBy("year")}
            inputMode="numeric"
            placeholder="Year"
            className="h-8 w-full min-w-0"
            value={d.year}
            onChange={(e) => set("year", e.target.value.replace(/\D/g, "").slice(0, 4))}
          />
        )}
      </Cell>
      <Cell label="Island">
        <Input
          aria-label="Island"
          list={listId}
          maxLength={LIMITS.island}
          className="h-8 w-full min-w-0"
          value={d.island}
          onChange={(e) => set("island", e.target.value)}
        />
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
          aria-invalid={invalid("work_order")}
          aria-describedby={
            describedBy("work_order") ?? (problem?.field === null ? `${listId}-error` : undefined)
          }
          autoFocus
          placeholder="1234-56"
          maxLength={LIMITS.workOrder}
          className="h-8 w-full min-w-0"
          value={d.work_order}
          onChange={(e) => set("work_order", e.target.value.toUpperCase())}
        />
      </Cell>
      <Cell label="Project">
        <Input
          aria-label="Project"
          maxLength={LIMITS.project}
          className="h-8 w-full min-w-0"
          value={d.project}
          onChange={(e) => set("project", e.target.value)}
        />
      </Cell>
      <Cell label="Engineer">
        <Input
          aria-label="Engineer"
          maxLength={LIMITS.engineer}
          className="h-8 w-full min-w-0"
          value={d.engineer}
          onChange={(e) => set("engineer", e.target.value)}
        />
      </Cell>
      <Cell label="Submitted">
        <Input
          ref={submissionInput}
          type="date"
          aria-label="Report submission date"
          aria-invalid={invalid("report_submission_date")}
          aria-describedby={describedBy("report_submission_date")}
          className="h-8 w-full min-w-0 px-1.5"
          value={d.report_submission_date}
          onChange={(e) => {
            const next = e.target.value;
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
      </Cell>
      <Cell label="Expiry">
        <Input
          ref={expiryInput}
          type="date"
          aria-label="Storage expiry date"
          aria-invalid={invalid("storage_expiry_date")}
          aria-describedby={describedBy("storage_expiry_date")}
          className="h-8 w-full min-w-0 px-1.5"
          min={d.report_submission_date || undefined}
          value={d.storage_expiry_date}
          onChange={(e) => set("storage_expiry_date", e.target.value)}
        />
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
/** An editor cell; its label names it when a phone shows the row as a card. */
const Cell = ({ label, children }: { label: string; children: ReactNode }) => (
  <td data-label={label} className="px-1.5 py-1.5">
    {children}
  </td>
);
