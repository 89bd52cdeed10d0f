import type * as React from "react";
import { cn } from "@/lib/utils";

/**
 * A styled native <select>: keyboard, screen readers and mobile pickers work without extra code, which matters
 * more in a staff tool than a custom popover.
 */
export function NativeSelect({ className, ...props }: React.ComponentProps<"select">) {
  return (
    <select
      className={cn(
        "h-9 rounded-md border border-input bg-background px-2.5 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-not-allowed disabled:opacity-50 dark:bg-input/30",
        className,
      )}
      {...props}
    />
  );
}
