import { useCallback } from "react";
import { toast } from "sonner";
import { type RunTotals, totalsText } from "@/features/reports/reports-model";
import { trpc } from "@/lib/trpc";
import { useBulkIndex } from "./use-bulk-index";

/**
 * Indexing from this screen: the bulk run within the server's upload limit, and at its end fresh counts and
 * lists and a toast that says how it went.
 */
export function useIndexRun() {
  const utils = trpc.useUtils();
  const limits = trpc.storage.limits.useQuery();
  const onFinished = useCallback(
    (totals: RunTotals, stopped: boolean) => {
      void utils.reports.invalidate();
      const text = totalsText(totals);
      if (stopped) toast.info("Indexing stopped.", { description: text });
      else if (totals.failed > 0) toast.warning("Indexing finished with errors.", { description: text });
      else toast.success("Indexing finished.", { description: text });
    },
    [utils],
  );
  return useBulkIndex({ maxBytes: limits.data?.uploadMaxBytes, onFinished });
}
