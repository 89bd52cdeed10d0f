import { createFileRoute } from "@tanstack/react-router";
import { Screen } from "@/components/screen";
import { WorkOrderSearch } from "@/components/work-order-search";
import { RecentlyOpened } from "./-components/recently-opened";

/** Work Orders: type a number to open everything about it. */
export const Route = createFileRoute("/work-orders/")({
  component: () => (
    <Screen path="/work-orders">
      <WorkOrderSearch autoFocus />
      <p className="mt-4 max-w-prose text-sm text-muted-foreground">
        A work order&apos;s page gathers its project from the register, its indexed reports, its binder rows,
        its core boxes and their history. A number without a letter (4321-07) gathers its lettered ones too
        (4321-07A, 4321-07(B)). Work order numbers on other screens link here.
      </p>
      <div className="mt-6">
        <RecentlyOpened />
      </div>
    </Screen>
  ),
});
