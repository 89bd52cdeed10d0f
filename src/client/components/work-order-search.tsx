import { parseWorkOrder, WORK_ORDER_SHAPE } from "@shared/work-orders";
import { useNavigate } from "@tanstack/react-router";
import { ArrowRightIcon } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { FieldError, invalidProps } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { currentHeading, focusScreenHeading } from "@/lib/focus";
import { cn } from "@/lib/utils";

/** A work order number to open: its page, or the sentence saying what a work order looks like. */
export function WorkOrderSearch({
  className,
  autoFocus,
  compact,
}: {
  className?: string;
  autoFocus?: boolean;
  /** The sidebar's: a smaller field and button. */
  compact?: boolean;
}) {
  const navigate = useNavigate();
  const id = useId();
  const [text, setText] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const ref = parseWorkOrder(text);
    if (!ref) return setProblem(WORK_ORDER_SHAPE);
    setProblem(null);
    setText("");
    const before = currentHeading();
    void navigate({ to: "/work-orders/$wo", params: { wo: ref.work_order } }).then(() =>
      focusScreenHeading(before),
    );
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is not yet styled consistently; the role is equivalent.
    <form
      role="search"
      aria-label="Open a work order"
      onSubmit={submit}
      className={cn("max-w-md", className)}
    >
      <div className="flex gap-2">
        <Input
          aria-label="Work order number"
          placeholder={compact ? "e.g. 4321-07" : "Work order, e.g. 4321-07"}
          value={text}
          autoFocus={autoFocus}
          onChange={(e) => {
            setText(e.target.value);
            setProblem(null);
          }}
          className={compact ? "h-8 text-sm" : "h-9"}
          {...invalidProps(`${id}-problem`, problem)}
        />
        <Button type="submit" size="sm" className={compact ? "h-8" : "h-9"}>
          Open <ArrowRightIcon aria-hidden />
        </Button>
      </div>
      <FieldError id={`${id}-problem`} message={problem} />
    </form>
  );
}
