import { count, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { jobs } from "../../db/schema";
import type { JobHandler, JobRunner } from "../../jobs/worker";
import type { Logger } from "../../lib/logger";
import { stageUpload } from "../../storage/staging";
import { enqueueIndexFile, type PipelineDeps } from "../documents/service";
import { reportPayload } from "./bulk";
import { ensureReportsCollection, reportsCollectionId } from "./collection";
import { DEMO_REPORTS } from "./demo-reports";
import { reportUpload } from "./names";

/** Job kinds of the Reports Indexer: the demo reports of a first start (indexing itself is `index-file`). */
export function reportJobHandlers(deps: PipelineDeps, runner: () => JobRunner) {
  const handlers: Record<"demo-reports", JobHandler> = {
    "demo-reports": async (ctx) => {
      if (await reportsCollectionId(deps.db)) {
        await ctx.step("Reports are already indexed: no demo reports added.");
        return { ok: true, queued: 0 };
      }
      const files = await deps.pdf.demoPdfs(DEMO_REPORTS);
      await ensureReportsCollection(deps.db, "seed");
      for (const f of files) {
        const name = reportUpload(f.fileName);
        if (!name.ok) throw new Error(name.reason);
        const { key } = await stageUpload(deps.store, f.bytes);
        const payload = reportPayload(
          { fileName: name.fileName, staged: key, workOrder: name.workOrder, project: name.project },
          { user: "seed", store: true, replace: false },
        );
        await enqueueIndexFile(runner(), payload);
      }
      await ctx.step(`Queued ${files.length} demo report(s) for indexing.`);
      return { ok: true, queued: files.length };
    },
  };
  return handlers;
}

/** Queue the demo reports once: when no report is indexed and no earlier start queued them. */
export async function seedDemoReports(deps: { db: Db; jobs: JobRunner; log: Logger }) {
  const [queued] = await deps.db.select({ n: count() }).from(jobs).where(eq(jobs.kind, "demo-reports"));
  if ((await reportsCollectionId(deps.db)) || (queued?.n ?? 0) > 0) return false;
  await deps.jobs.enqueue("demo-reports", {}, { maxAttempts: 2 });
  deps.log.info("demo reports queued");
  return true;
}
