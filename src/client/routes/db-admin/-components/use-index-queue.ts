import { DOCUMENT_TEXTS } from "@shared/documents";
import { isNotPdfRefusal, NOT_A_PDF } from "@shared/storage";
import { useCallback, useRef, useState } from "react";
import { useUploadQueue } from "@/components/upload-queue/use-upload-queue";
import { ApiError } from "@/lib/api";
import { getActingUser } from "@/lib/session";
import { trpc } from "@/lib/trpc";
import { uploadForm } from "@/lib/upload";
import { type DbAction, processFields, type RunTarget, type Step, summaryOf } from "./index-model";

export interface StatusLine {
  text: string;
  tone: "info" | "error";
}

type Summary = ReturnType<typeof summaryOf>;
/** Per database of a New DB run: whether its `new` file created it, was refused (name taken), or failed. */
type NewState = "created" | "refused" | "failed";

let nextStep = 0;

/**
 * The Index Manager's queue: files wait as 'ready' until Run, then go one at a time to POST /api/process-file
 * with real upload progress, their steps streamed into the Steps list as the server reports them (NDJSON).
 * A New DB run sends `action=new` for its first file and `append` once the database exists (decision 0021).
 */
export function useIndexQueue(onFinished: () => void) {
  const utils = trpc.useUtils();
  const [steps, setSteps] = useState<Step[]>([]);
  const [message, setMessage] = useState<StatusLine | null>(null);
  const run = useRef<{ target: RunTarget; tried: Map<string, NewState> } | null>(null);

  const addSteps = useCallback((file: string | null, texts: readonly string[], failed?: boolean) => {
    if (!texts.length) return;
    setSteps((prev) => [...prev, ...texts.map((text) => ({ id: ++nextStep, file, text, failed }))]);
  }, []);

  const actionFor = async (t: RunTarget): Promise<DbAction> => {
    if (t.action === "append") return "append";
    const state = run.current?.tried.get(t.db);
    if (state === "created") return "append";
    if (state === undefined || state === "refused") return "new";
    // The first file failed: if the server kept the new database anyway, the rest go into it.
    const { dbs } = await utils.client.documents.listDbs.query();
    return dbs.some((d) => d.name === t.db) ? "append" : "new";
  };

  const { queue, items } = useUploadQueue<null, Summary>({
    concurrency: 1,
    waitingStatus: "ready",
    autoStart: false,
    canceledText: DOCUMENT_TEXTS.canceled,
    // The chip says "Not a PDF" when that is why (by its bytes, or by its name on a Retry); any other reason is
    // in the file's steps.
    errorText: (err) =>
      err instanceof ApiError && isNotPdfRefusal(err.message) ? NOT_A_PDF : DOCUMENT_TEXTS.uploadFailed,
    async send(item, { signal, onProgress }) {
      const r = run.current;
      if (!r) throw new Error(DOCUMENT_TEXTS.pickDb);
      const action = await actionFor(r.target);
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
          if (s.error && !s.steps.some((t) => t.includes(s.error ?? "")))
            addSteps(item.name, [s.error], true);
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
    },
    onIdle() {
      run.current = null;
      setMessage({ text: DOCUMENT_TEXTS.finished, tone: "info" });
      onFinished();
    },
  });

  const uploading = items.find((i) => i.status === "uploading");
  // "Queue is empty." answers a Run with nothing to send; it stops being true the moment files are added.
  const stale = message?.text === DOCUMENT_TEXTS.queueEmpty && items.length > 0;
  const status: StatusLine | null = uploading
    ? { text: DOCUMENT_TEXTS.uploading(uploading.name, uploading.progress), tone: "info" }
    : stale
      ? null
      : message;

  return {
    queue,
    items,
    steps,
    status,
    running: !!uploading,
    addSteps,
    clearSteps: () => setSteps([]),
    /** Start a run to `target`, or say why not (the spec's 'Queue is empty.' / 'Please enter/select a DB.'). */
    start(target: RunTarget | string) {
      if (typeof target === "string") return setMessage({ text: target, tone: "error" });
      run.current = { target, tried: new Map() };
      setMessage(null);
      queue.start();
    },
    stop() {
      queue.stop();
      run.current = null;
      setMessage({ text: DOCUMENT_TEXTS.stopped, tone: "info" });
      // A file whose bytes had all arrived is a server job by now and still finishes: show what landed.
      onFinished();
    },
  };
}
