import { REPORTS_TEXTS } from "@shared/reports";
import { useCallback } from "react";
import { toast } from "sonner";
import { errorMessage } from "@/lib/api";
import { openFetchedLink } from "@/lib/file-links";
import { trpc } from "@/lib/trpc";
import { statusOf } from "./reports-model";

/** Open a report's original in a new tab, at `page` when given; "not stored" (404) and other failures as toasts. */
export function useOpenReport() {
  const utils = trpc.useUtils();
  return useCallback(
    async (file_id: number, page?: number) => {
      try {
        await openFetchedLink(async () => (await utils.client.reports.link.query({ file_id, page })).url);
      } catch (err) {
        toast.error(
          statusOf(err) === 404
            ? REPORTS_TEXTS.originalNotStored
            : errorMessage(err, "Could not open the report."),
        );
      }
    },
    [utils],
  );
}
