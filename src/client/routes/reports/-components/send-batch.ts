import {
  addTotals,
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

export interface BatchContext {
  signal: AbortSignal;
  /** Adds lines to the Log. */
  append(...lines: Omit<ReportLogEntry, "id">[]): void;
  /** Collects the names of the files that were not indexed. */
  failed: Set<string>;
  /** The batch so far: files the server has reported on, and the fraction of its bytes sent. */
  onProgress(reportedFiles: number, fraction: number): void;
}

const UNREACHABLE = "The reports API did not answer. Check that the server is running.";

/**
 * One request of a run: `batch` to POST /api/reports/bulk-index with upload progress, its NDJSON lines into the
 * Log as they arrive. Returns the batch's totals, or null when the run was stopped.
 */
export async function sendBatch(
  batch: readonly File[],
  opts: IndexOptions,
  { signal, append, failed, onProgress }: BatchContext,
): Promise<RunTotals | null> {
  const streamed: StepLine[] = [];
  let fraction = 0;
  const reportedFiles = () => Math.min(batch.length, streamed.filter((l) => l.status).length);
  const show = () => onProgress(reportedFiles(), fraction);
  const form = new FormData();
  form.append("upload_to_s3", String(opts.uploadToS3));
  form.append("replace_if_exists", String(opts.replaceIfExists));
  for (const f of batch) form.append("files", f, f.name);
  try {
    const last = await uploadForm<unknown>("/api/reports/bulk-index", form, {
      signal,
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
      if (last.error) append(errorLogLine(last.error));
      return addTotals(NO_TOTALS, last);
    }
    // A server that answered plain JSON: its steps at the end, and no counts to go by.
    const plain = plainSteps(last);
    append(...plain.steps.map((step) => logLineOf({ step })));
    if (plain.error) append(errorLogLine(plain.error));
    return totalsOfLines(streamed);
  } catch (err) {
    if (signal.aborted) {
      append({ file: null, text: "Stopped.", tone: "skipped" });
      return null;
    }
    const steps = err instanceof ApiError ? plainSteps(err.body).steps : [];
    const error = errorLogLine(err instanceof ApiError && err.status > 0 ? err.message : UNREACHABLE);
    append(...steps.map((step) => logLineOf({ step })));
    // One refused file: its step already is the error.
    if (!steps.includes(error.text)) append(error);
    // The files the server never reported on were not indexed.
    const done = new Set(streamed.filter((l) => l.status && l.file).map((l) => l.file));
    for (const f of batch) if (!done.has(f.name.normalize("NFC")) && !done.has(f.name)) failed.add(f.name);
    const reported = totalsOfLines(streamed);
    return { ...reported, failed: reported.failed + batch.length - reportedFiles() };
  }
}
