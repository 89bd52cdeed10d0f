import {
  MAX_CONCURRENT_UPLOADS,
  NOT_A_PDF,
  STORAGE_MESSAGES,
  STORAGE_TOASTS,
  type StorageLimits,
  type UploadResult,
  uploadFailure,
} from "@shared/storage";
import { useUploadQueue } from "@/components/upload-queue/use-upload-queue";
import { errorMessage } from "@/lib/api";
import { getActingUser } from "@/lib/session";
import { uploadForm } from "@/lib/upload";
import { type UploadSettings, uploadFields } from "./admin-model";
import { notify } from "./notify";

/** Thrown for an item queued with no Target DB: it becomes an error and the spec's toast says why. */
class NoTargetError extends Error {
  constructor() {
    super(STORAGE_TOASTS.pickTargetDb);
  }
}

/**
 * The S3 Uploader's queue: each file goes to POST /api/s3/upload with the settings chosen when it was added,
 * at most 3 at a time, with real progress. Toasts per file; `onUploaded` lets the screen refresh its list.
 */
export function useStorageUploads(limits: StorageLimits | undefined, onUploaded: () => void) {
  return useUploadQueue<UploadSettings, UploadResult>({
    concurrency: limits?.maxConcurrentUploads ?? MAX_CONCURRENT_UPLOADS,
    waitingStatus: "queued",
    autoStart: true,
    async send(item, { signal, onProgress }) {
      if (!item.meta.db.trim()) throw new NoTargetError();
      // The server would answer 413 after the bytes had travelled; say it before sending them.
      if (limits && item.size > limits.uploadMaxBytes)
        throw new Error(STORAGE_MESSAGES.tooLarge(limits.uploadMaxMb));
      const form = new FormData();
      for (const [k, v] of uploadFields(item.meta, getActingUser())) form.append(k, v);
      form.append("file", item.file, item.name);
      return uploadForm<UploadResult>("/api/s3/upload", form, {
        signal,
        onProgress,
        fallbackError: STORAGE_TOASTS.uploadFailed,
      });
    },
    errorText: (err) =>
      uploadFailure(errorMessage(err, STORAGE_TOASTS.uploadFailed), STORAGE_TOASTS.uploadFailed),
    onDone(item) {
      const r = item.result;
      notify.ok(STORAGE_TOASTS.uploaded, r ? (r.note ? `${r.key}. ${r.note}` : r.key) : undefined);
      onUploaded();
    },
    onError(item, err) {
      if (err instanceof NoTargetError) notify.fail(STORAGE_TOASTS.pickTargetDb);
      else if (item.error === NOT_A_PDF) notify.fail(NOT_A_PDF, item.name);
      else notify.fail(STORAGE_TOASTS.uploadFailed, `${item.name}: ${item.error}`);
    },
  });
}
