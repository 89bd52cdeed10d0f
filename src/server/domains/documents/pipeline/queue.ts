import { DOCUMENT_MESSAGES, type ProcessStreamLine } from "@shared/documents";
import type { JobRow } from "../../../jobs/queue";
import type { JobRunner } from "../../../jobs/worker";
import type { IndexFilePayload } from "./index-file";

/** How the services start indexing and follow it: the `index-file` job of the pipeline (jobs.ts runs it). */

export function enqueueIndexFile(jobs: JobRunner, payload: IndexFilePayload): Promise<number> {
  return jobs.enqueue("index-file", payload as unknown as Record<string, unknown>);
}

export interface JobOutcome {
  ok: boolean;
  steps: string[];
  error?: string;
  document_id?: number;
}

function outcomeOf(row: JobRow): JobOutcome {
  const result = (row.result ?? {}) as { document_id?: number };
  return {
    ok: row.status === "done",
    steps: row.steps,
    ...(row.error ? { error: row.error } : {}),
    ...(result.document_id ? { document_id: result.document_id } : {}),
  };
}

/** Wait for a job to end: its steps, and its error or the document it wrote. */
export async function jobOutcome(jobs: JobRunner, jobId: number): Promise<JobOutcome> {
  return outcomeOf(await jobs.wait(jobId));
}

/**
 * A job's steps while it runs, then one closing line with the outcome (or, when the job can no longer be
 * followed, one saying so). The reader going away (Stop, a closed tab) stops the watching, not the job.
 */
export async function* jobProgress(jobs: JobRunner, jobId: number): AsyncGenerator<ProcessStreamLine> {
  const steps: string[] = [];
  const it = jobs.watch(jobId);
  try {
    for (;;) {
      const r = await it.next();
      if (r.done) {
        yield { done: true, ...outcomeOf(r.value), steps };
        return;
      }
      steps.push(r.value);
      yield { step: r.value };
    }
  } catch {
    yield { done: true, ok: false, steps, error: DOCUMENT_MESSAGES.jobLost };
  } finally {
    await it.return(undefined as never).catch(() => {});
  }
}
