import { cn } from "@/lib/utils";

/** A thin progress bar (0–100) with its accessible name; `barClassName` colours the filled part. */
export function Progress({
  value,
  label,
  className,
  barClassName = "bg-primary",
}: {
  value: number;
  label: string;
  className?: string;
  barClassName?: string;
}) {
  const pct = Math.min(100, Math.max(0, Math.round(value)));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={pct}
      className={cn("h-1.5 overflow-hidden rounded-full bg-muted", className)}
    >
      <div
        className={cn("h-full rounded-full transition-[width] duration-200", barClassName)}
        style={{ width: `${pct}%` }}
      />
    </div>
  );
}
