import { DEFAULT_UPLOAD_MAX_MB } from "@shared/storage";
import { useCallback, useRef, useState } from "react";
import {
  addTotals,
  batchesOf,
  errorLogLine,
  isDoneLine,
  isStepLine,
  logLineOf,
  NO_TOTALS,
  plainSteps,
  type ReportLogEntry,
  type RunTotals,
  type StepLine,
  totalsOfLines,
} from "@/features/reports/reports-model";
import { ApiError } from "@/lib/api";
import { uploadForm } from "@/lib/upload";

export interface IndexOptions {
  uploadToS3: boolean;
  replaceIfExists: boolean;
}

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
const UNREACHABLE = "The reports API did not answer. Check that the server is running.";

/**
 * POST /api/reports/bulk-index: the selection in as few requests as the server's body limit allows, each with
 * upload progress and its NDJSON log lines appended as they arrive. `onFinished` gets the run's totals (or null
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
        const streamed: StepLine[] = [];
        let fraction = 0;
        const reportedFiles = () => Math.min(batch.length, streamed.filter((l) => l.status).length);
        const show = () =>
          setProgress({
            filesDone: filesBefore + reportedFiles(),
            filesTotal: files.length,
            uploadPct: Math.floor(((sentBytes + fraction * batchBytes) / totalBytes) * 100),
          });
        const form = new FormData();
        form.append("upload_to_s3", String(opts.uploadToS3));
        form.append("replace_if_exists", String(opts.replaceIfExists));
        for (const f of batch) form.append("files", f, f.name);
        try {
          const last = await uploadForm<unknown>("/api/reports/bulk-index", form, {
            signal: ctrl.signal,
            fallbackError: "The server could not index these reports.",
            onProgress: (f) => {
              fraction = f;
              show();
            },
            onLine: (line) => {
              if (!isStepLine(line)) return;
              streamed.push(line);
              if (line.status === "failed" && line.file) failed.add(line.file);
              append(logLineOf(line));
              show();
            },
          });
          if (isDoneLine(last)) {
            totals = addTotals(totals, last);
            if (last.error) append(errorLogLine(last.error));
          } else {
            // A server that answered plain JSON: its steps at the end, and no counts to go by.
            const plain = plainSteps(last);
            append(...plain.steps.map((step) => logLineOf({ step })));
            if (plain.error) append(errorLogLine(plain.error));
            totals = addTotals(totals, totalsOfLines(streamed));
          }
        } catch (err) {
          if (ctrl.signal.aborted) {
            stopped = true;
            append({ file: null, text: "Stopped.", tone: "skipped" });
            break;
          }
          const steps = err instanceof ApiError ? plainSteps(err.body).steps : [];
          const error = errorLogLine(err instanceof ApiError && err.status > 0 ? err.message : UNREACHABLE);
          append(...steps.map((step) => logLineOf({ step })));
          // One refused file: its step already is the error.
          if (!steps.includes(error.text)) append(error);
          // The files the server never reported on were not indexed.
          const done = new Set(streamed.filter((l) => l.status && l.file).map((l) => l.file));
          for (const f of batch)
            if (!done.has(f.name.normalize("NFC")) && !done.has(f.name)) failed.add(f.name);
          const reported = totalsOfLines(streamed);
          totals = addTotals(totals, {
            ...reported,
            failed: reported.failed + batch.length - reportedFiles(),
          });
        }
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
