import { DOCUMENT_TEXTS } from "@shared/documents";
import { isNotPdfRefusal, NOT_A_PDF } from "@shared/storage";
import { useCallback, useState } from "react";
import { useUploadQueue } from "@/components/upload-queue/use-upload-queue";
import { ApiError } from "@/lib/api";
import type { RunTarget, Step } from "./index-model";
import { type Summary, useProcessFile } from "./use-process-file";

export interface StatusLine {
  text: string;
  tone: "info" | "error";
}

let nextStep = 0;

/**
 * The Index Manager's queue: files wait as 'ready' until Run, then go one at a time to POST /api/process-file
 * (useProcessFile), their steps collected in the Steps list; the status line says what is happening.
 * `onFinished` is told the database a New DB run created, if it did.
 */
export function useIndexQueue(onFinished: (created?: string) => void) {
  const [steps, setSteps] = useState<Step[]>([]);
  const [message, setMessage] = useState<StatusLine | null>(null);

  const addSteps = useCallback((file: string | null, texts: readonly string[], failed?: boolean) => {
    if (!texts.length) return;
    setSteps((prev) => [...prev, ...texts.map((text) => ({ id: ++nextStep, file, text, failed }))]);
  }, []);

  const { run, send } = useProcessFile(addSteps);

  const { queue, items } = useUploadQueue<null, Summary>({
    concurrency: 1,
    waitingStatus: "ready",
    autoStart: false,
    canceledText: DOCUMENT_TEXTS.canceled,
    // The chip says "Not a PDF" when that is why (by its bytes, or by its name on a Retry); any other reason is
    // in the file's steps.
    errorText: (err) =>
      err instanceof ApiError && isNotPdfRefusal(err.message) ? NOT_A_PDF : DOCUMENT_TEXTS.uploadFailed,
    send,
    onIdle() {
      const r = run.current;
      run.current = null;
      setMessage({ text: DOCUMENT_TEXTS.finished, tone: "info" });
      onFinished(
        r?.target.action === "new" && r.tried.get(r.target.db) === "created" ? r.target.db : undefined,
      );
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
