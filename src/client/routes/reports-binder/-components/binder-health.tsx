import { BINDER_MESSAGES } from "@shared/reports-binder";
import { TriangleAlertIcon } from "lucide-react";
import { ErrorState } from "@/components/error-state";
import { errorMessage } from "@/lib/api";
import { trpc } from "@/lib/trpc";

/** The binder database's health, checked each minute: unreachable, unavailable, or not created yet. */
export function BinderHealth() {
  const health = trpc.reportsBinder.health.useQuery(undefined, { refetchInterval: 60_000 });
  return (
    <>
      {health.isError && (
        <div className="rounded-lg border border-destructive/40 bg-destructive/10 p-3">
          <ErrorState
            className="items-start"
            message={`${BINDER_MESSAGES.unavailable}: ${errorMessage(health.error, "the binder's health could not be checked.")}`}
            onRetry={() => void health.refetch()}
          />
        </div>
      )}
      {health.data && !health.data.ok && (
        <div
          role="alert"
          className="flex items-start gap-2 rounded-lg border border-destructive/40 bg-destructive/10 p-3 text-sm"
        >
          <TriangleAlertIcon className="size-4 shrink-0" aria-hidden />
          <span>
            {BINDER_MESSAGES.unavailable} ({health.data.db_path})
            {health.data.error ? `: ${health.data.error}` : ""}
          </span>
        </div>
      )}
      {health.data?.ok && !health.data.db_exists && (
        <div role="status" className="rounded-lg border border-warning/50 bg-warning/10 p-3 text-sm">
          {BINDER_MESSAGES.notFound}: it is created with the first row you add.
        </div>
      )}
    </>
  );
}
