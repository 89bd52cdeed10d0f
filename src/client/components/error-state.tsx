import { RotateCwIcon, TriangleAlertIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";

/**
 * What failed, in words, and a Retry: every list, panel and banner that could not load shows this instead of an
 * empty screen (an empty screen would say "nothing here" when the truth is "could not ask").
 */
export function ErrorState({
  message,
  onRetry,
  className,
}: {
  message: string;
  onRetry?(): void;
  className?: string;
}) {
  return (
    <div role="alert" className={cn("flex flex-col items-center gap-2 text-sm", className)}>
      <p className="flex items-start gap-2 text-destructive">
        <TriangleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
        <span>{message}</span>
      </p>
      {onRetry && (
        <Button type="button" variant="outline" size="sm" onClick={onRetry}>
          <RotateCwIcon aria-hidden /> Retry
        </Button>
      )}
    </div>
  );
}
