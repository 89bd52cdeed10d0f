import type { RegisterSuggestion } from "@shared/ocr";
import { CheckIcon, XIcon } from "lucide-react";
import { useId, useRef } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { RegisterNote } from "./register-note";
import { ADD_LABEL } from "./work-order-list";

export interface UnsureItem {
  id: number;
  text: string;
  suggestions?: RegisterSuggestion[];
}

/**
 * Work orders read with too little confidence to be listed (most are a digit wrong), each marked on the image
 * by a dashed box, for a person to check against the paper: Add puts it in the list, Dismiss drops it. Focus
 * moves to the next reading (or to the list's add field when none is left), so a keyboard user carries on.
 */
export function UnsureReadings({
  items,
  active,
  onActive,
  onConfirm,
  onDismiss,
  onTake,
}: {
  items: UnsureItem[];
  active: number | null;
  onActive(id: number | null): void;
  onConfirm(id: number): void;
  onDismiss(id: number): void;
  /** A register suggestion taken instead of the reading. */
  onTake(id: number, workOrder: string): void;
}) {
  const heading = useId();
  const list = useRef<HTMLUListElement>(null);
  if (!items.length) return null;
  const settle = (index: number, act: (id: number) => void) => {
    act(items[index]!.id);
    onActive(null);
    // After React drops the row: the next row's Add, else the field that adds a work order to the list.
    requestAnimationFrame(() => {
      const next = list.current?.querySelectorAll<HTMLButtonElement>("button[data-add]")[index];
      (next ?? document.querySelector<HTMLInputElement>(`input[aria-label="${ADD_LABEL}"]`))?.focus();
    });
  };
  return (
    <section aria-labelledby={heading} className="space-y-2 rounded-lg border border-dashed p-3">
      <h2 id={heading} className="text-sm font-semibold">
        Unsure readings ({items.length})
      </h2>
      <p className="text-xs text-muted-foreground">
        Read with low confidence and left out of the list. Check each against its dashed box on the image.
      </p>
      <ul ref={list} className="space-y-1">
        {items.map((item, index) => (
          <li
            key={item.id}
            className={cn(
              "flex flex-wrap items-center gap-2 rounded-md p-0.5",
              active === item.id && "bg-muted",
            )}
            onMouseEnter={() => onActive(item.id)}
            onMouseLeave={() => onActive(null)}
            onFocus={() => onActive(item.id)}
            onBlur={() => onActive(null)}
          >
            <UnsureActions
              item={item}
              onAdd={() => settle(index, onConfirm)}
              onDismiss={() => settle(index, onDismiss)}
              onTake={(wo) => settle(index, (id) => onTake(id, wo))}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** One unsure reading's text and actions: Add, Dismiss, and the register's suggestions when it has any. */
function UnsureActions({
  item,
  onAdd,
  onDismiss,
  onTake,
}: {
  item: UnsureItem;
  onAdd(): void;
  onDismiss(): void;
  onTake(workOrder: string): void;
}) {
  return (
    <>
      <span className="min-w-28 font-mono text-sm">{item.text}</span>
      <Button size="sm" variant="outline" data-add aria-label={`Add ${item.text}`} onClick={onAdd}>
        <CheckIcon /> Add
      </Button>
      <Button size="icon-sm" variant="ghost" aria-label={`Dismiss ${item.text}`} onClick={onDismiss}>
        <XIcon />
      </Button>
      {item.suggestions && (
        <div className="basis-full pl-1">
          <RegisterNote suggestions={item.suggestions} onTake={onTake} />
        </div>
      )}
    </>
  );
}
