import { WORK_ORDER_TEXTS, type WorkOrderPage } from "@shared/work-orders";
import { getRouteApi } from "@tanstack/react-router";
import { ErrorState } from "@/components/error-state";
import { Screen } from "@/components/screen";
import { Skeleton } from "@/components/ui/misc";
import { WorkOrderSearch } from "@/components/work-order-search";
import { errorMessage } from "@/lib/api";
import { trpc } from "@/lib/trpc";
import { HistorySection } from "./history-section";
import { ProjectSection } from "./project-section";
import { BinderSection, BoxesSection } from "./record-sections";
import { ReportsSection } from "./reports-section";

const route = getRouteApi("/work-orders/$wo");

const isEmpty = (p: WorkOrderPage) =>
  !p.project && !p.reports.length && !p.binder.length && !p.core_boxes.length && !p.history.length;

/** One work order, everything about it: register line, reports, binder rows, core boxes and their history. */
export function WorkOrderScreen() {
  const { wo } = route.useParams();
  const page = trpc.workOrders.page.useQuery(
    { wo },
    // A malformed number stays malformed: say so at once instead of retrying.
    { retry: (n, err) => err.data?.code !== "BAD_REQUEST" && n < 2 },
  );
  const data = page.data;
  return (
    <Screen
      path="/work-orders"
      title={`Work order ${data?.work_order ?? wo}`}
      actions={<WorkOrderSearch className="w-full sm:w-80" />}
    >
      {page.error ? (
        <ErrorState
          message={errorMessage(page.error, "Could not load this work order.")}
          onRetry={page.error.data?.code === "BAD_REQUEST" ? undefined : () => void page.refetch()}
          className="rounded-lg border border-destructive/40 p-6"
        />
      ) : !data ? (
        <div className="grid gap-4" role="status" aria-busy="true" aria-label="Loading the work order">
          <Skeleton className="h-28" />
          <Skeleton className="h-40" />
          <Skeleton className="h-40" />
        </div>
      ) : (
        <div className="grid gap-4">
          {isEmpty(data) && (
            <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
              {WORK_ORDER_TEXTS.noRecords}
            </p>
          )}
          <ProjectSection project={data.project} />
          <ReportsSection workOrder={data.work_order} reports={data.reports} />
          <BinderSection rows={data.binder} />
          <BoxesSection boxes={data.core_boxes} />
          <HistorySection changes={data.history} />
        </div>
      )}
    </Screen>
  );
}
