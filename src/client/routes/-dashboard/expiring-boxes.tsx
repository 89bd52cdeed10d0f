import { mayOpen } from "@shared/pinned";
import { Link } from "@tanstack/react-router";
import { ArrowRightIcon, HourglassIcon } from "lucide-react";
import { useAuth } from "@/lib/auth";
import { trpc } from "@/lib/trpc";
import { cn } from "@/lib/utils";

const DAYS = 30;
const INVENTORY = "/core-box-inventory";

/**
 * How many core boxes' storage expires within 30 days, linked to the inventory filtered the same way, for
 * those who may open the inventory. Said plainly when none do, so the line is never a guess.
 */
export function ExpiringBoxes() {
  const { me } = useAuth();
  const allowed = mayOpen(me, INVENTORY);
  const expiring = trpc.coreBoxes.expiring.useQuery({ days: DAYS }, { enabled: allowed, staleTime: 60_000 });
  if (!allowed || !expiring.data) return null;
  const { count } = expiring.data;
  const boxes = count === 1 ? "core box expires" : "core boxes expire";
  return (
    <Link
      to={INVENTORY}
      search={{ expires: DAYS }}
      className={cn(
        "flex flex-wrap items-center gap-3 rounded-xl border px-4 py-3 text-sm transition-colors hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none",
        count > 0 ? "border-warning/50 bg-warning/10" : "bg-card",
      )}
    >
      <HourglassIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
      <span className="min-w-0 flex-1">
        <span className="font-semibold tabular-nums" data-testid="expiring-boxes-count">
          {count.toLocaleString()}
        </span>{" "}
        {boxes} within {DAYS} days
      </span>
      <span className="inline-flex items-center gap-1 font-medium text-primary">
        {count > 0 ? "Review them" : "Open the inventory"} <ArrowRightIcon className="size-3.5" aria-hidden />
      </span>
    </Link>
  );
}
