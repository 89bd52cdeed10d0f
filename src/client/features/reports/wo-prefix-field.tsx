import { REPORTS_TEXTS } from "@shared/reports";
import { useId } from "react";
import { SearchBox } from "@/components/search-box";
import { checkWoPrefix } from "./reports-model";

/** A W.O. prefix filter: committed upper-case after a pause; a value that cannot start a work order is explained. */
export function WoPrefixField({
  label,
  value,
  onCommit,
}: {
  label: string;
  value: string;
  onCommit(wo: string): void;
}) {
  const errorId = useId();
  const check = checkWoPrefix(value);
  return (
    <div>
      <SearchBox
        label={label}
        placeholder={REPORTS_TEXTS.woPrefixPlaceholder}
        // Short enough for a phone too: without it a phone shows the search boxes' "Search…".
        shortPlaceholder={REPORTS_TEXTS.woPrefixPlaceholder}
        value={value}
        onCommit={(v) => onCommit(v.toUpperCase())}
        icon={false}
        inputClassName="w-32 uppercase placeholder:normal-case"
        invalid={!check.ok}
        describedBy={check.ok ? undefined : errorId}
      />
      {!check.ok && (
        <p id={errorId} className="mt-1 text-xs text-destructive">
          {check.error}
        </p>
      )}
    </div>
  );
}
