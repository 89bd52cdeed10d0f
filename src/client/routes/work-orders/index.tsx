import { createFileRoute } from "@tanstack/react-router";
import { useCallback } from "react";
import { z } from "zod";
import { Screen } from "@/components/screen";
import { RecentlyOpened } from "./-components/recently-opened";
import { WorkOrderFinder } from "./-components/work-order-finder";

const finderSearch = z.object({ q: z.string().max(400).optional().catch(undefined) });

/** Work Orders: find one by number, client or project, and open everything about it. */
export const Route = createFileRoute("/work-orders/")({
  validateSearch: finderSearch,
  component: WorkOrders,
});

function WorkOrders() {
  const { q = "" } = Route.useSearch();
  const navigate = Route.useNavigate();
  const settle = useCallback(
    (text: string) => void navigate({ search: text ? { q: text } : {}, replace: true }),
    [navigate],
  );
  return (
    <Screen path="/work-orders">
      <WorkOrderFinder initial={q} onSettle={settle} />
      <p className="mt-4 max-w-prose text-sm text-muted-foreground">
        A work order&apos;s page gathers its project from the register, its indexed reports, its binder rows,
        its core boxes and their history. A number without a letter (4321-07) gathers its lettered ones too
        (4321-07A, 4321-07(B)). Work order numbers on other screens link here.
      </p>
      <div className="mt-6">
        <RecentlyOpened />
      </div>
    </Screen>
  );
}
