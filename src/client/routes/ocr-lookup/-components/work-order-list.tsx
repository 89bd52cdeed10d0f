import type { RegisterSuggestion } from "@shared/ocr";
import { PlusIcon, XIcon } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { cn } from "@/lib/utils";
import { RegisterNote } from "./register-note";

/** The field that adds a work order to the list (other parts of the screen send focus to it). */
export const ADD_LABEL = "Add a work order";

export interface WorkOrderItem {
  id: number;
  text: string;
  readAs?: string;
  suggestions?: RegisterSuggestion[];
}

/**
 * The recognised work orders, editable: fix a misread, remove a stray, add one the camera missed. An edit is
 * committed on Enter or when the field loses focus, so the lookup runs once per change, not per keystroke.
 */
export function WorkOrderList({
  items,
  display,
  active,
  onActive,
  onEdit,
  onRemove,
  onAdd,
  onTake,
}: {
  items: WorkOrderItem[];
  /** The text shown for an item (normalised when "Normalize letters" is on). */
  display(item: WorkOrderItem): string;
  active: number | null;
  onActive(id: number | null): void;
  onEdit(id: number, text: string): void;
  onRemove(id: number): void;
  onAdd(text: string): void;
  /** A register suggestion taken for an item. */
  onTake(id: number, workOrder: string): void;
}) {
  return (
    <section aria-label="Work orders" className="space-y-2">
      <h2 className="text-sm font-semibold">Work orders ({items.length})</h2>
      <ol className="space-y-1.5">
        {items.map((item, i) => (
          <li
            key={item.id}
            className={cn("flex items-start gap-2 rounded-md p-0.5", active === item.id && "bg-primary/10")}
            onMouseEnter={() => onActive(item.id)}
            onMouseLeave={() => onActive(null)}
          >
            <span className="w-6 shrink-0 pt-2 text-right text-xs text-muted-foreground tabular-nums">
              {i + 1}
            </span>
            <div className="min-w-0 flex-1 space-y-1">
              <ItemField
                value={display(item)}
                label={`Work order ${i + 1}`}
                onCommit={(t) => onEdit(item.id, t)}
              />
              <RegisterNote
                readAs={item.readAs}
                suggestions={item.suggestions}
                onTake={(wo) => onTake(item.id, wo)}
              />
            </div>
            <Button
              variant="ghost"
              size="icon-sm"
              aria-label={`Remove ${display(item)}`}
              onClick={() => onRemove(item.id)}
            >
              <XIcon />
            </Button>
          </li>
        ))}
      </ol>
      <AddWorkOrder onAdd={onAdd} />
    </section>
  );
}

/** The field that adds one the camera missed. */
function AddWorkOrder({ onAdd }: { onAdd(text: string): void }) {
  const [draft, setDraft] = useState("");
  const add = () => {
    if (draft.trim()) onAdd(draft.trim().toUpperCase());
    setDraft("");
  };
  return (
    <form
      className="flex items-center gap-2 pl-8"
      onSubmit={(e) => {
        e.preventDefault();
        add();
      }}
    >
      <Input
        aria-label={ADD_LABEL}
        placeholder="Add a work order, e.g. 1234-56A"
        value={draft}
        maxLength={40}
        onChange={(e) => setDraft(e.target.value)}
        className="h-8 font-mono"
      />
      <Button type="submit" size="sm" variant="outline" disabled={!draft.trim()}>
        <PlusIcon /> Add
      </Button>
    </form>
  );
}

function ItemField({
  value,
  label,
  onCommit,
}: {
  value: string;
  label: string;
  onCommit(text: string): void;
}) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  const commit = () => {
    const next = text.trim().toUpperCase();
    if (next !== value) onCommit(next);
  };
  return (
    <Input
      aria-label={label}
      value={text}
      maxLength={40}
      onChange={(e) => setText(e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === "Enter") commit();
        if (e.key === "Escape") setText(value);
      }}
      className="h-8 font-mono"
    />
  );
}
