import type { IndexedReportRef } from "@shared/reports";
import { Link } from "@tanstack/react-router";
import { FileTextIcon } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "@/lib/utils";
import { useOpenReport } from "./use-open-report";

/** A list row that may carry its work order's indexed report (the binder's and the inventory's lists do). */
export type MaybeReport = { report?: IndexedReportRef | null };

const LINK =
  "rounded-sm text-primary underline decoration-primary/40 underline-offset-2 hover:decoration-primary focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none";

/**
 * Opens a record's indexed report: its original in a new tab when stored, else its line in the Reports
 * screen's Indexed Files (where it is listed as not stored). `children` is what the link shows.
 */
export function ReportLink({
  report,
  label,
  className,
  children,
}: {
  report: IndexedReportRef;
  /** The accessible name ("Open the report of 4321-07"). */
  label: string;
  className?: string;
  children: ReactNode;
}) {
  const open = useOpenReport();
  if (!report.stored)
    return (
      <Link
        to="/reports"
        search={{ file_q: report.file_name }}
        aria-label={label}
        title={label}
        className={cn(LINK, className)}
      >
        {children}
      </Link>
    );
  return (
    <button
      type="button"
      aria-label={label}
      title={`${label} (${report.file_name})`}
      className={cn(LINK, "text-left", className)}
      onClick={() => void open(report.file_id)}
    >
      {children}
    </button>
  );
}

/** A small report icon beside a work order, opening that work order's indexed report. */
export function ReportIconLink({ report, workOrder }: { report: IndexedReportRef; workOrder: string }) {
  return (
    <ReportLink
      report={report}
      label={`Open the report of ${workOrder}`}
      className="ml-1.5 inline-block align-[-0.15em] no-underline"
    >
      <FileTextIcon className="size-3.5" aria-hidden />
    </ReportLink>
  );
}
