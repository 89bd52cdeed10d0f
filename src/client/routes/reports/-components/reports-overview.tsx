import { REPORTS_TEXTS } from "@shared/reports";
import { FileStackIcon, FileTextIcon, InfoIcon, LayersIcon } from "lucide-react";
import { StatTile } from "@/components/stat-tile";

interface Counts {
  files: number;
  pages: number;
  chunks: number;
}

/** The top of the screen: how report files must be named, beside the counts of what is indexed. */
export function ReportsOverview({ counts, failed }: { counts: Counts | undefined; failed: boolean }) {
  const value = (n: number | undefined) => (failed ? null : n);
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
      <aside
        aria-label="File name format"
        className="flex gap-3 rounded-lg border bg-muted/30 p-4 text-sm leading-relaxed"
      >
        <InfoIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
        <div>
          <p>{REPORTS_TEXTS.nameFormat}</p>
          <p className="mt-1 text-muted-foreground">
            For example{" "}
            <code className="rounded bg-muted px-1 py-0.5 text-xs">1234-56.Kapolei Substation.pdf</code> or{" "}
            <code className="rounded bg-muted px-1 py-0.5 text-xs">1234-56A.Pier 12.pdf</code>.
          </p>
        </div>
      </aside>
      <section aria-label="Report counts" className="grid grid-cols-3 content-start gap-3">
        <StatTile
          label={REPORTS_TEXTS.files}
          icon={FileTextIcon}
          value={value(counts?.files)}
          testId="stat-files"
        />
        <StatTile
          label={REPORTS_TEXTS.pages}
          icon={FileStackIcon}
          value={value(counts?.pages)}
          testId="stat-pages"
        />
        <StatTile
          label={REPORTS_TEXTS.chunks}
          icon={LayersIcon}
          value={value(counts?.chunks)}
          testId="stat-chunks"
        />
      </section>
    </div>
  );
}
