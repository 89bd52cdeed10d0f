import { NOTICE_LINKS } from "@shared/notifications";
import type { JobRow } from "../../jobs/queue";
import type { JobEndHook } from "../../jobs/types";
import type { NoticeDeps } from "./mail";
import { insertNotices, type NewNotice } from "./queries";
import { noticesRaised } from "./raised";

/**
 * The notice for an indexing job that ended for good: to the person who started it (the `user` of its payload;
 * jobs the server starts itself, such as the demo documents, have none), with the reason when it failed, and a
 * link to the screen it was started from: the Reports Indexer for reports, the Index Manager otherwise.
 */
export function jobNotice(job: JobRow, status: "done" | "failed", error: string | null): NewNotice | null {
  const p = job.payload as { user?: unknown; db?: unknown; fileName?: unknown; report?: unknown };
  const recipient = typeof p.user === "string" && p.user.includes("@") ? p.user.toLowerCase() : null;
  if (!recipient) return null;
  const db = String(p.db ?? "");
  const ok = status === "done";
  const reason = ok ? "" : error || "The job failed.";
  if (job.kind === "index-file") {
    const file = String(p.fileName ?? "a file");
    return {
      recipient,
      kind: "job",
      title: ok ? `${file} is indexed` : `Indexing ${file} failed`,
      body: ok ? `It is searchable in ${db}.` : reason,
      link: p.report ? NOTICE_LINKS.reports : NOTICE_LINKS.documents,
    };
  }
  if (job.kind === "refresh-embeddings") {
    return {
      recipient,
      kind: "job",
      title: ok ? `Embeddings of ${db} are refreshed` : `Refreshing the embeddings of ${db} failed`,
      body: reason,
      link: NOTICE_LINKS.documents,
    };
  }
  return null;
}

/**
 * The job runner's end hook: the notice is written in the transaction that ends the job. A notice that cannot be
 * written is logged and left out: it never keeps a job from ending (nor makes it run again).
 */
export function jobEndNotices(deps: NoticeDeps): JobEndHook {
  return async (tx, job, { status, error }) => {
    const notice = jobNotice(job, status, error);
    if (!notice) return undefined;
    try {
      const ids = await insertNotices(tx, [notice], new Date());
      return () => noticesRaised(deps, ids);
    } catch (err) {
      deps.log.warn("job notice not written", { id: job.id, err });
      return undefined;
    }
  };
}
