import { useId } from "react";
import { Input } from "@/components/ui/input";

/** From / to date inputs; the server validates the order and answers with a message when it is wrong. */
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
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <label htmlFor={`${id}-from`} className="flex items-center gap-1.5 text-muted-foreground">
        From
        <Input
          id={`${id}-from`}
          type="date"
          className="h-9 w-36 sm:w-40"
          value={from ?? ""}
          onChange={(e) => onChange({ from: e.target.value || undefined, to })}
        />
      </label>
      <label htmlFor={`${id}-to`} className="flex items-center gap-1.5 text-muted-foreground">
        To
        <Input
          type="date"
          className="h-9 w-36 sm:w-40"
          value={to ?? ""}
          min={from}
          onChange={(e) => onChange({ from, to: e.target.value || undefined })}
        />
      </label>
    </div>
  );
}
