import { useCallback, useEffect, useRef } from "react";
import { trpc } from "@/lib/trpc";

/** Refreshes asked for within this window (three uploads finishing together) become one listing request. */
const REFRESH_SETTLE_MS = 250;

/**
 * Refreshing what the S3 Uploader shows after a change: the listing, the history and the document databases
 * (an upload with "Index after upload" may have created a database or added to one), once things settle.
 */
export function useSettledRefresh() {
  const utils = trpc.useUtils();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      void utils.storage.list.invalidate();
      void utils.storage.history.invalidate();
      void utils.documents.invalidate();
    }, REFRESH_SETTLE_MS);
  }, [utils]);
}
