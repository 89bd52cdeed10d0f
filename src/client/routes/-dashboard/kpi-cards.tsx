import type { DashboardKpis } from "@shared/dashboard";
import { BotIcon, BoxesIcon, FileTextIcon, ListTodoIcon } from "lucide-react";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/misc";

const CARDS: { key: keyof DashboardKpis; label: string; icon: typeof BoxesIcon }[] = [
  { key: "docsIndexed", label: "Documents Indexed", icon: FileTextIcon },
  { key: "coreBoxes", label: "Core Boxes", icon: BoxesIcon },
  { key: "aiAnswersThisWeek", label: "AI Answers (wk)", icon: BotIcon },
  { key: "openTasks", label: "Open Tasks", icon: ListTodoIcon },
];

export function KpiCards({ kpis, loading }: { kpis: DashboardKpis | undefined; loading: boolean }) {
  return (
    <section aria-label="Key figures" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {CARDS.map(({ key, label, icon: Icon }) => {
        const kpi = kpis?.[key];
        return (
          <Card key={key} className="gap-2 py-4">
            <div className="flex items-center justify-between px-4">
              <span className="text-sm text-muted-foreground">{label}</span>
              <Icon className="size-4 text-muted-foreground" aria-hidden />
            </div>
            <div className="flex items-end justify-between gap-2 px-4">
              {loading || !kpi ? (
                <Skeleton className="h-8 w-20" />
              ) : (
                <span className="text-2xl font-semibold tabular-nums" data-testid={`kpi-${key}`}>
                  {kpi.value.toLocaleString()}
                </span>
              )}
              {kpi && <Sparkline values={kpi.trend} label={`${label}, last 7 days`} />}
            </div>
          </Card>
        );
      })}
    </section>
  );
}

function Sparkline({ values, label }: { values: number[]; label: string }) {
  const w = 72;
  const h = 24;
  const max = Math.max(1, ...values);
  const step = values.length > 1 ? w / (values.length - 1) : w;
  const points = values
    .map((v, i) => `${(i * step).toFixed(1)},${(h - (v / max) * (h - 2) - 1).toFixed(1)}`)
    .join(" ");
  return (
    <svg
      width={w}
      height={h}
      viewBox={`0 0 ${w} ${h}`}
      role="img"
      aria-label={label}
      className="text-primary"
    >
      <polyline points={points} fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" />
    </svg>
  );
}
