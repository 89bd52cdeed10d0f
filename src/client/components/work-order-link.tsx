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
        "rounded-sm underline-offset-2 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none",
        className,
      )}
      title={`Everything about work order ${ref.work_order}`}
    >
      {wo}
    </Link>
  );
}
