import { DOCUMENT_TEXTS } from "@shared/documents";
import { useRef } from "react";
import { ApiError } from "@/lib/api";
import { getActingUser } from "@/lib/session";
import { trpc } from "@/lib/trpc";
import { uploadForm } from "@/lib/upload";
import type { QueueItem, SendContext } from "@/lib/upload-queue";
import { type DbAction, processFields, type RunTarget, summaryOf } from "./index-model";

export type Summary = ReturnType<typeof summaryOf>;
/** Per database of a New DB run: whether its `new` file created it, was refused (name taken), or failed. */
type NewState = "created" | "refused" | "failed";
/** The run in progress: where its files go, and what became of each database a `new` file tried to create. */
export interface Run {
  target: RunTarget;
  tried: Map<string, NewState>;
}
export type AddSteps = (file: string | null, texts: readonly string[], failed?: boolean) => void;

/**
 * The Index Manager's network step: one file to POST /api/process-file with real upload progress, its steps
 * streamed into the Steps list as the server reports them (NDJSON). A New DB run sends `action=new` for its
 * first file and `append` once the database exists (decision 0021). `run` is set by Run and cleared at the end.
 */
export function useProcessFile(addSteps: AddSteps) {
  const utils = trpc.useUtils();
  const run = useRef<Run | null>(null);

  const actionFor = async (r: Run): Promise<DbAction> => {
    const t = r.target;
    if (t.action === "append") return "append";
    const state = r.tried.get(t.db);
    if (state === "created") return "append";
    if (state === undefined || state === "refused") return "new";
    // The first file failed: if the server kept the new database anyway, the rest go into it.
    const { dbs } = await utils.client.documents.listDbs.query();
    return dbs.some((d) => d.name === t.db) ? "append" : "new";
  };

  async function send(item: QueueItem<null, Summary>, ctx: SendContext): Promise<Summary> {
    const r = run.current;
    if (!r) throw new Error(DOCUMENT_TEXTS.pickDb);
    return sendFile(item, ctx, r, await actionFor(r), addSteps);
  }

  return { run, send };
}

/** Send one file of run `r` with `action`, noting in `r.tried` whether a `new` file created its database. */
async function sendFile(
  item: QueueItem<null, Summary>,
  { signal, onProgress }: SendContext,
  r: Run,
  action: DbAction,
  addSteps: AddSteps,
): Promise<Summary> {
  const form = new FormData();
  for (const [k, v] of processFields(r.target, action, getActingUser())) form.append(k, v);
  form.append("file", item.file, item.name);
  let streamed = 0;
  const note = (state: NewState) => {
    if (action === "new" && r.tried.get(r.target.db) !== "created") r.tried.set(r.target.db, state);
  };
  try {
    const body = await uploadForm<unknown>("/api/process-file", form, {
      signal,
      onProgress,
      fallbackError: DOCUMENT_TEXTS.uploadFailed,
      onLine: (line) => {
        const step = (line as { step?: unknown } | null)?.step;
        if (typeof step !== "string") return;
        streamed++;
        addSteps(item.name, [step]);
      },
    });
    const s = summaryOf(body);
    addSteps(item.name, s.steps.slice(streamed));
    note(s.ok ? "created" : "failed");
    if (!s.ok) {
      // The reason is shown once: most failures already name it in their last step.
      if (s.error && !s.steps.some((t) => t.includes(s.error ?? ""))) addSteps(item.name, [s.error], true);
      throw new Error(DOCUMENT_TEXTS.uploadFailed);
    }
    return s;
  } catch (err) {
    if (err instanceof ApiError) {
      note(err.status === 409 ? "refused" : "failed");
      const s = summaryOf(err.body);
      addSteps(item.name, s.steps.slice(streamed));
      addSteps(item.name, [err.message], true);
    }
    throw err;
  }
}
