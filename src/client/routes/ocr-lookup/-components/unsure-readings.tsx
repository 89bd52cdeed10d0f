import { CheckIcon, XIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";

export interface UnsureItem {
  id: number;
  text: string;
}

/**
 * Work orders read with too little confidence to be listed (most are a digit wrong). Each is shown beside its
 * dashed box on the image, for a person to check against the paper: Add puts it in the list, Dismiss drops it.
 */
export function UnsureReadings({
  items,
  active,
  onActive,
  onConfirm,
  onDismiss,
}: {
  items: UnsureItem[];
  active: number | null;
  onActive(id: number | null): void;
  onConfirm(id: number): void;
  onDismiss(id: number): void;
}) {
  if (!items.length) return null;
  return (
    <section aria-label="Unsure readings" className="space-y-2 rounded-lg border border-dashed p-3">
      <h2 className="text-sm font-semibold">Unsure readings ({items.length})</h2>
      <p className="text-xs text-muted-foreground">
        Read with low confidence and left out of the list. Check each against its dashed box on the image.
      </p>
      <ul className="space-y-1">
        {items.map((item) => (
          <li
            key={item.id}
            className={cn("flex items-center gap-2 rounded-md p-0.5", active === item.id && "bg-muted")}
            onMouseEnter={() => onActive(item.id)}
            onMouseLeave={() => onActive(null)}
          >
            <span className="min-w-28 font-mono text-sm">{item.text}</span>
            <Button
              size="sm"
              variant="outline"
              aria-label={`Add ${item.text}`}
              onClick={() => onConfirm(item.id)}
            >
              <CheckIcon /> Add
            </Button>
            <Button
              size="icon-sm"
              variant="ghost"
              aria-label={`Dismiss ${item.text}`}
              onClick={() => onDismiss(item.id)}
            >
              <XIcon />
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
