import { parseWorkOrder } from "@shared/work-orders";
import { Link } from "@tanstack/react-router";
import { cn } from "@/lib/utils";

/**
 * A work order as any screen shows it, linked to its page (/work-orders/$wo) where everything about it is
 * gathered. Text that is not shaped like a work order stays plain text.
 */
export function WorkOrderLink({ wo, className }: { wo: string; className?: string }) {
  const ref = parseWorkOrder(wo);
  if (!ref) return <span className={className}>{wo || "—"}</span>;
  return (
    <Link
      to="/work-orders/$wo"
      params={{ wo: ref.work_order }}
      className={cn(
        // Underlined in the link colour so it reads as a link among table text, not only on hover.
        "rounded-sm text-primary underline decoration-primary/40 underline-offset-2 hover:decoration-primary focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none",
        className,
      )}
      title={`Everything about work order ${ref.work_order}`}
    >
      {wo}
    </Link>
  );
}
