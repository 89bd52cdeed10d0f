import { DATE_RANGE_REVERSED, isRangeReversed } from "@shared/common";
import { useId, useRef } from "react";
import { FieldError, invalidProps } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";

/**
 * The range a list asks the server for: the one shown while it is in order, else the last one that was. A From
 * after To is said on the fields (DateRange) and the list keeps its last result instead of failing with Retry.
 */
export function useOrderedRange(from?: string, to?: string): { from?: string; to?: string } {
  const last = useRef({ from, to });
  if (!isRangeReversed(from, to)) last.current = { from, to };
  return last.current;
}

/** From / to date inputs; a From after To is one sentence under them (the server refuses it the same way). */
export function DateRange({
  from,
  to,
  onChange,
}: {
  from?: string;
  to?: string;
  onChange(range: { from?: string; to?: string }): void;
}) {
  const id = useId();
  const problem = isRangeReversed(from, to) ? DATE_RANGE_REVERSED : null;
  const marked = invalidProps(`${id}-problem`, problem);
  return (
    <div className="text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={`${id}-from`} className="flex items-center gap-1.5 text-muted-foreground">
          From
          <Input
            id={`${id}-from`}
            type="date"
            className="h-9 w-36 sm:w-40"
            value={from ?? ""}
            {...marked}
            onChange={(e) => onChange({ from: e.target.value || undefined, to })}
          />
        </label>
        <label htmlFor={`${id}-to`} className="flex items-center gap-1.5 text-muted-foreground">
          To
          <Input
            id={`${id}-to`}
            type="date"
            className="h-9 w-36 sm:w-40"
            value={to ?? ""}
            {...marked}
            onChange={(e) => onChange({ from, to: e.target.value || undefined })}
          />
        </label>
      </div>
      <FieldError id={`${id}-problem`} message={problem} />
    </div>
  );
}
