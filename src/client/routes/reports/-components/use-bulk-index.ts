import { DEFAULT_UPLOAD_MAX_MB } from "@shared/storage";
import { useCallback, useRef, useState } from "react";
import {
  addTotals,
  batchesOf,
  NO_TOTALS,
  type ReportLogEntry,
  type RunTotals,
} from "@/features/reports/reports-model";
import { type IndexOptions, sendBatch } from "./send-batch";

export type { IndexOptions } from "./send-batch";

/** What a run ended with: its totals and the names of the files that were not indexed (to send again). */
export interface RunResult {
  totals: RunTotals;
  failed: ReadonlySet<string>;
}

export interface IndexProgress {
  filesDone: number;
  filesTotal: number;
  /** Whole percent of all the selected bytes sent so far. */
  uploadPct: number;
}

let nextId = 0;

/**
 * POST /api/reports/bulk-index: the selection in as few requests as the server's body limit allows (sendBatch),
 * with the run's progress over all of them. `onFinished` gets the run's totals (or null
 * when it was stopped) once every request has answered.
 */
export function useBulkIndex({
  maxBytes = DEFAULT_UPLOAD_MAX_MB * 1024 * 1024,
  onFinished,
}: {
  maxBytes?: number;
  onFinished(totals: RunTotals, stopped: boolean): void;
}) {
  const [log, setLog] = useState<ReportLogEntry[]>([]);
  const [progress, setProgress] = useState<IndexProgress | null>(null);
  const abort = useRef<AbortController | null>(null);

  const append = useCallback((...lines: Omit<ReportLogEntry, "id">[]) => {
    if (lines.length) setLog((prev) => [...prev, ...lines.map((l) => ({ ...l, id: ++nextId }))]);
  }, []);

  const run = useCallback(
    async (files: readonly File[], opts: IndexOptions): Promise<RunResult | null> => {
      if (abort.current) return null;
      const ctrl = new AbortController();
      abort.current = ctrl;
      const totalBytes = files.reduce((n, f) => n + f.size, 0) || 1;
      let sentBytes = 0;
      let filesBefore = 0;
      let totals = NO_TOTALS;
      let stopped = false;
      const failed = new Set<string>();
      setProgress({ filesDone: 0, filesTotal: files.length, uploadPct: 0 });

      for (const batch of batchesOf(files, maxBytes)) {
        const batchBytes = batch.reduce((n, f) => n + f.size, 0);
        const before = { files: filesBefore, bytes: sentBytes };
        const batchTotals = await sendBatch(batch, opts, {
          signal: ctrl.signal,
          append,
          failed,
          onProgress: (reported, fraction) =>
            setProgress({
              filesDone: before.files + reported,
              filesTotal: files.length,
              uploadPct: Math.floor(((before.bytes + fraction * batchBytes) / totalBytes) * 100),
            }),
        });
        if (!batchTotals) {
          stopped = true;
          break;
        }
        totals = addTotals(totals, batchTotals);
        sentBytes += batchBytes;
        filesBefore += batch.length;
        setProgress({
          filesDone: filesBefore,
          filesTotal: files.length,
          uploadPct: Math.floor((sentBytes / totalBytes) * 100),
        });
      }
      abort.current = null;
      setProgress(null);
      onFinished(totals, stopped);
      return stopped ? null : { totals, failed };
    },
    [append, maxBytes, onFinished],
  );

  return {
    log,
    progress,
    running: progress !== null,
    run,
    stop: () => abort.current?.abort(),
    clearLog: () => setLog([]),
    /** A line of the screen's own (why Index Selected cannot start). */
    note: append,
  };
}
