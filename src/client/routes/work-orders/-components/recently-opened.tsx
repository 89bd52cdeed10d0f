import { relativeDay } from "@shared/dashboard";
import { WORK_ORDER_TEXTS } from "@shared/work-orders";
import { HistoryIcon } from "lucide-react";
import { WorkOrderLink } from "@/components/work-order-link";
import { useAuth } from "@/lib/auth";
import { trpc } from "@/lib/trpc";
import { None, Section } from "./section";

/**
 * The work orders this person opened lately (kept on the server per person, newest first), each with its
 * client and project from the register, so the one they were on is a click away from any browser.
 */
export function RecentlyOpened() {
  const { me } = useAuth();
  const recent = trpc.pinned.workOrders.useQuery(undefined, { enabled: !!me, staleTime: 30_000 });
  const rows = recent.data?.work_orders ?? [];
  return (
    <Section title="Recently opened" icon={HistoryIcon} count={recent.data ? rows.length : undefined}>
      {recent.isPending ? (
        <None>Loading…</None>
      ) : recent.isError ? (
        <None>Could not load your recently opened work orders.</None>
      ) : rows.length === 0 ? (
        <None>Work orders you open appear here.</None>
      ) : (
        <ul aria-label="Recently opened work orders" className="divide-y">
          {rows.map((r) => (
            <li key={r.path} className="flex flex-wrap items-baseline gap-x-4 gap-y-0.5 py-2 text-sm">
              <WorkOrderLink wo={r.work_order} className="font-mono font-medium" />
              <span className="min-w-0 flex-1 break-words">
                {r.in_register ? (
                  <>
                    <span className="font-medium">{r.project || "—"}</span>
                    <span className="text-muted-foreground"> · {r.client || "—"}</span>
                  </>
                ) : (
                  <span className="text-muted-foreground">{WORK_ORDER_TEXTS.notInRegister}</span>
                )}
              </span>
              <span className="text-xs text-muted-foreground whitespace-nowrap">
                {relativeDay(new Date(r.opened_at))}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
