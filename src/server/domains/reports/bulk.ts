import {
  BULK_INDEX_MAX_FILES,
  type BulkIndexFields,
  type BulkIndexLine,
  bulkIndexFields,
  REPORTS_DB,
  REPORTS_FOLDER,
  REPORTS_TEXTS,
} from "@shared/reports";
import { badRequest, parseInput } from "../../lib/errors";
import type { ServiceCtx } from "../../lib/service-ctx";
import { admitUpload, uploadLimits } from "../../storage/access";
import { stageUpload } from "../../storage/staging";
import { receiveUploads } from "../../storage/upload-form";
import { pdfGuard } from "../../storage/upload-guards";
import { enqueueIndexFile, type IndexFilePayload } from "../documents/service";
import { ensureReportsCollection, REPORTS_TITLE } from "./collection";
import { reportUpload } from "./names";

/** One file of a bulk run: its index job, or why it was refused before indexing. */
export interface BulkEntry {
  file: string;
  jobId?: number;
  refused?: string;
}

export type BulkStart =
  | { ok: true; fields: BulkIndexFields; entries: BulkEntry[] }
  /** Nothing to index: every file was refused (400 `{ error, steps }`). */
  | { ok: false; error: string; steps: string[] };

interface Staged {
  file: string;
  key?: string;
  report?: { workOrder: string; project: string };
  refused?: string;
}

/** The index job of one report: the documents pipeline, told where the original goes and what it replaces. */
export function reportPayload(
  r: { fileName: string; staged: string; workOrder: string; project: string },
  opts: { user: string; store: boolean; replace: boolean },
): IndexFilePayload {
  return {
    db: REPORTS_DB,
    fileName: r.fileName,
    source: r.staged,
    staged: true,
    user: opts.user,
    mode: "default",
    title: REPORTS_TITLE,
    create: true,
    target: opts.store ? `${REPORTS_FOLDER}/${r.fileName}` : null,
    report: { workOrder: r.workOrder, project: r.project },
    existing: opts.replace ? "replace" : "skip",
  };
}

/**
 * POST /api/reports/bulk-index, first half: stream every file of the form into staging as it arrives (one at a
 * time; nothing is held in memory), refusing a file whose name or content is wrong with a reason, then queue
 * one index job per good file, in the order sent. The jobs are durable: the run goes on if the caller leaves.
 */
export async function startBulkIndex(ctx: ServiceCtx, request: Request): Promise<BulkStart> {
  const { deps, user } = ctx;
  admitUpload(ctx);
  const limits = uploadLimits(ctx);
  const staged: Staged[] = [];
  const dropStaged = () =>
    Promise.all(staged.map((s) => (s.key ? deps.store.delete(s.key).catch(() => {}) : undefined)));
  let fields: BulkIndexFields;
  let files: number;
  try {
    const form = await receiveUploads(
      request,
      { field: "files", maxFiles: BULK_INDEX_MAX_FILES },
      async ({ filename, body }) => {
        staged.push(
          await stageOne(
            ctx,
            reportUpload(filename),
            pdfGuard(body, limits.uploadMaxBytes, limits.uploadMaxMb),
          ),
        );
      },
    );
    files = form.files;
    fields = parseInput(bulkIndexFields, form.fields);
    if (!files) throw badRequest(REPORTS_TEXTS.noPdfsSelected);
  } catch (err) {
    await dropStaged();
    throw err;
  }

  const good = staged.filter((s) => s.key);
  if (!good.length) {
    const reasons = staged.map((s) => s.refused!);
    const error =
      reasons.length === 1 ? reasons[0]! : `None of the ${reasons.length} files can be indexed; see the log.`;
    return { ok: false, error, steps: reasons.map((r) => REPORTS_TEXTS.errorLine(r)) };
  }
  try {
    await ensureReportsCollection(ctx.db, user.email);
  } catch (err) {
    await dropStaged();
    throw err;
  }
  const entries: BulkEntry[] = [];
  for (const [i, s] of staged.entries()) {
    if (!s.key) {
      entries.push({ file: s.file, refused: s.refused });
      continue;
    }
    try {
      const payload = reportPayload(
        { fileName: s.file, staged: s.key, ...s.report! },
        { user: user.email, store: fields.upload_to_s3, replace: fields.replace_if_exists },
      );
      const jobId = await enqueueIndexFile(deps.jobs, payload);
      entries.push({ file: s.file, jobId });
    } catch (err) {
      // Files already queued run on; the rest are not going to be indexed.
      await Promise.all(
        staged.slice(i).map((r) => (r.key ? deps.store.delete(r.key).catch(() => {}) : null)),
      );
      throw err;
    }
  }
  return { ok: true, fields, entries };
}

/**
 * One file of the form: staged, or refused with why. The content is checked before the name, so a text file
 * named ".pdf" is "not a PDF" rather than misnamed; a misnamed file is read only as far as its first bytes.
 */
async function stageOne(
  ctx: ServiceCtx,
  name: ReturnType<typeof reportUpload>,
  guard: ReturnType<typeof pdfGuard>,
): Promise<Staged> {
  try {
    if (!name.ok) {
      // The guard yields nothing before the first bytes are checked: one step is enough.
      await guard.body.next();
      return { file: name.fileName, refused: name.reason };
    }
    const { key } = await stageUpload(ctx.deps.store, guard.body);
    return { file: name.fileName, key, report: { workOrder: name.workOrder, project: name.project } };
  } catch (err) {
    // The file's own fault (not a PDF, too large) refuses that file; anything else ends the request.
    if (!guard.state.error) throw err;
    return { file: name.fileName, refused: `${name.fileName}: ${guard.state.error.message}` };
  } finally {
    if (!name.ok) await guard.body.return(undefined).catch(() => {});
  }
}

type StepLine = Extract<BulkIndexLine, { step: string }>;
type Status = NonNullable<StepLine["status"]>;

/** "Error: <file>: <why>", without naming the file twice when the reason already starts with it. */
const errorFor = (file: string, why: string) =>
  REPORTS_TEXTS.errorLine(why.startsWith(file) ? why : `${file}: ${why}`);

/**
 * The run's log, line by line as it happens: each job's steps (the last one of a file carries its status; a
 * failure ends with an "Error: <file>: …" line), refused files in their place, a summary, then the closing line.
 * Files are followed in the order sent; a failed file never stops the others.
 */
export async function* bulkLines(
  ctx: ServiceCtx,
  start: Extract<BulkStart, { ok: true }>,
): AsyncGenerator<BulkIndexLine> {
  const steps: string[] = [];
  const counts: Record<Status, number> = { indexed: 0, replaced: 0, skipped: 0, failed: 0 };
  const line = (step: string, file?: string, status?: Status): StepLine => {
    steps.push(step);
    if (status) counts[status]++;
    return { step, ...(file ? { file } : {}), ...(status ? { status } : {}) };
  };
  const queued = start.entries.filter((e) => e.jobId).length;
  yield line(
    `Indexing ${queued} report(s) into ${REPORTS_DB}, one at a time; originals ` +
      (start.fields.upload_to_s3 ? `stored in ${REPORTS_FOLDER}/.` : "not stored."),
  );
  for (const e of start.entries) {
    if (!e.jobId) {
      yield line(REPORTS_TEXTS.errorLine(e.refused ?? e.file), e.file, "failed");
      continue;
    }
    // Each step is held back by one, so the file's last step can carry the file's status.
    let held: string | null = null;
    let status: Status = "failed";
    let error = "Lost track of the indexing job.";
    const it = ctx.deps.jobs.watch(e.jobId);
    try {
      for (;;) {
        const r = await it.next();
        if (r.done) {
          const result = (r.value.result ?? {}) as { skipped?: boolean; replaced?: boolean };
          if (r.value.status === "done")
            status = result.skipped ? "skipped" : result.replaced ? "replaced" : "indexed";
          else error = r.value.error ?? "The file could not be indexed.";
          break;
        }
        if (held !== null) yield line(held, e.file);
        held = r.value;
      }
    } catch {
      // The job row is gone (a database restore?): reported as a failure of this file.
    } finally {
      // The reader left (or the job ended): stop watching; the job itself goes on.
      await it.return(undefined as never).catch(() => {});
    }
    if (status === "failed") {
      // The pipeline's own "Failed: …" says the same as the error line that replaces it.
      if (held !== null && !held.startsWith("Failed: ")) yield line(held, e.file);
      yield line(errorFor(e.file, error), e.file, "failed");
    } else {
      yield line(held ?? `${e.file}: ${status}.`, e.file, status);
    }
  }
  yield line(
    `Finished: ${counts.indexed} indexed, ${counts.replaced} replaced, ${counts.skipped} skipped, ` +
      `${counts.failed} failed.`,
  );
  const nothing = counts.indexed + counts.replaced + counts.skipped === 0;
  yield {
    done: true,
    ok: counts.failed === 0,
    steps,
    ...counts,
    ...(nothing
      ? { error: `None of the ${start.entries.length} file(s) could be indexed; see the log.` }
      : {}),
  };
}
