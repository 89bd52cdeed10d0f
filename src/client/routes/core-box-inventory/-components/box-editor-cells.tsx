import { boxStatus, COMPLETE_VALUES, DISPOSITIONS, LIMITS } from "@shared/core-boxes";
import { CheckIcon, XIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { FieldError, invalidProps } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/select";
import type { Draft, DraftField } from "@/features/core-boxes/box-model";
import { StatusBadge } from "@/features/core-boxes/status-badge";
import type { BoxDraft } from "./use-box-draft";

/** The selection column and the table's eleven. */
export const EDITOR_COLUMNS = 12;

/**
 * An editor cell; its label names it when a phone shows the row as a card. One block holds the input and its
 * sentence, so the sentence stays under the field in the card's line too.
 */
export const Cell = ({ label, children }: { label: string; children: ReactNode }) => (
  <td data-label={label} className="px-1.5 py-1.5">
    <div className="min-w-0 flex-1">{children}</div>
  </td>
);

const marked = (draft: BoxDraft, field: DraftField) =>
  invalidProps(draft.errorId(field), draft.problems[field]);
const Problem = ({ draft, field, className }: { draft: BoxDraft; field: DraftField; className?: string }) => (
  <FieldError id={draft.errorId(field)} message={draft.problems[field]} className={className} />
);

/** The year: left blank it is the dates' year (shown as such); a year the person types is the year saved. */
export function YearCell({ draft }: { draft: BoxDraft }) {
  const { d, datesYear, problems } = draft;
  return (
    <Cell label="Year">
      <Input
        aria-label="Year"
        {...marked(draft, "year")}
        inputMode="numeric"
        maxLength={4}
        placeholder={datesYear === null ? "Year" : String(datesYear)}
        title={datesYear === null ? undefined : `Left blank, the year is the dates' year (${datesYear}).`}
        className="h-8 w-full min-w-0 px-1.5 tabular-nums"
        value={d.year}
        onChange={(e) => draft.set("year", e.target.value.trim())}
      />
      {/* The Year column is narrow: its sentence may run on under the Island's input (empty below it unless
          the island has a problem of its own), so it reads as a sentence, not a word per line. */}
      <Problem
        draft={draft}
        field="year"
        className={problems.island ? undefined : "relative w-max max-w-[9.5rem]"}
      />
      {!problems.year && !d.year && datesYear !== null && (
        <span className="block pt-0.5 text-[10px] leading-tight text-muted-foreground">from the dates</span>
      )}
    </Cell>
  );
}

/** The island, with the islands already in use to choose from. */
export function IslandCell({ draft, islands }: { draft: BoxDraft; islands: readonly string[] }) {
  return (
    <Cell label="Island">
      <Input
        aria-label="Island"
        list={draft.listId}
        maxLength={LIMITS.island}
        className="h-8 w-full min-w-0 px-1.5"
        value={draft.d.island}
        {...marked(draft, "island")}
        onChange={(e) => draft.set("island", e.target.value)}
      />
      <Problem draft={draft} field="island" />
      <datalist id={draft.listId}>
        {islands.map((i) => (
          <option key={i} value={i} />
        ))}
      </datalist>
    </Cell>
  );
}

/** The work order (required; the server's refusal describes it when the field has no problem of its own). */
export function WorkOrderCell({ draft }: { draft: BoxDraft }) {
  const { problems, error, listId } = draft;
  return (
    <Cell label="W.O.">
      <Input
        aria-label="Work Order"
        aria-required
        {...marked(draft, "work_order")}
        aria-describedby={
          problems.work_order ? draft.errorId("work_order") : error ? `${listId}-error` : undefined
        }
        autoFocus
        placeholder="1234-56"
        maxLength={LIMITS.workOrder}
        className="h-8 w-full min-w-0"
        value={draft.d.work_order}
        onChange={(e) => draft.set("work_order", e.target.value.toUpperCase())}
      />
      <Problem draft={draft} field="work_order" />
    </Cell>
  );
}

/** A free-text field: the project or the engineer. */
export function TextCell({ draft, field }: { draft: BoxDraft; field: "project" | "engineer" }) {
  const label = field === "project" ? "Project" : "Engineer";
  return (
    <Cell label={label}>
      <Input
        aria-label={label}
        maxLength={LIMITS[field]}
        className="h-8 w-full min-w-0"
        value={draft.d[field]}
        {...marked(draft, field)}
        onChange={(e) => draft.set(field, e.target.value)}
      />
      <Problem draft={draft} field={field} />
    </Cell>
  );
}

/** The report submission date and the storage expiry (which follows it until set by hand). */
export function DateCells({ draft }: { draft: BoxDraft }) {
  const { d } = draft;
  return (
    <>
      <Cell label="Submitted">
        <Input
          type="date"
          name="report_submission_date"
          aria-label="Report submission date"
          {...marked(draft, "report_submission_date")}
          className="h-8 w-full min-w-0 px-1.5"
          value={d.report_submission_date}
          onChange={(e) => draft.setSubmitted(e.target.value)}
        />
        <Problem draft={draft} field="report_submission_date" />
      </Cell>
      <Cell label="Expiry">
        <Input
          type="date"
          name="storage_expiry_date"
          aria-label="Storage expiry date"
          {...marked(draft, "storage_expiry_date")}
          className="h-8 w-full min-w-0 px-1.5"
          min={d.report_submission_date || undefined}
          value={d.storage_expiry_date}
          onChange={(e) => draft.set("storage_expiry_date", e.target.value)}
        />
        <Problem draft={draft} field="storage_expiry_date" />
      </Cell>
    </>
  );
}

/** Complete and disposition (chosen from their lists), and the status the expiry gives. */
export function ChoiceCells({ draft }: { draft: BoxDraft }) {
  const { d } = draft;
  return (
    <>
      <Cell label="Complete">
        <NativeSelect
          aria-label="Complete"
          className="h-8 w-full px-1.5"
          value={d.complete}
          onChange={(e) => draft.set("complete", e.target.value as Draft["complete"])}
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
          onChange={(e) => draft.set("keep_or_dump", e.target.value as Draft["keep_or_dump"])}
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
    </>
  );
}

/** Save (Enter) and Cancel (Escape). */
export function ActionsCell({ draft, busy, onCancel }: { draft: BoxDraft; busy: boolean; onCancel(): void }) {
  return (
    <Cell label="Actions">
      <div className="flex gap-1">
        <Button size="icon-sm" aria-label="Save" title="Save (Enter)" disabled={busy} onClick={draft.submit}>
          <CheckIcon />
        </Button>
        <Button size="icon-sm" variant="ghost" aria-label="Cancel" title="Cancel (Escape)" onClick={onCancel}>
          <XIcon />
        </Button>
      </div>
    </Cell>
  );
}
