import { OCR_MESSAGES, type RecognizeResult } from "@shared/ocr";
import { useEffect, useState } from "react";
import { ApiError, errorMessage } from "@/lib/api";
import { uploadForm } from "@/lib/upload";
import type { UploadProgress } from "./upload-step";

/** Why the last upload failed, and whether trying again could help. */
export interface UploadError {
  message: string;
  retry: boolean;
}

/**
 * Step 1's state: the chosen image and its preview, the upload to /api/ocr-upload with its progress, and the
 * server's reading (`result`), also handed to `onRead`.
 */
export function useImageUpload(onRead: (answer: RecognizeResult) => void) {
  const [file, setFile] = useState<File | null>(null);
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [error, setError] = useState<UploadError | null>(null);
  const [result, setResult] = useState<RecognizeResult | null>(null);

  useEffect(() => () => void (previewUrl && URL.revokeObjectURL(previewUrl)), [previewUrl]);

  const choose = (next: File) => {
    setFile(next);
    setError(null);
    setPreviewUrl(URL.createObjectURL(next));
  };
  const clear = () => {
    setFile(null);
    setPreviewUrl(null);
    setError(null);
    setResult(null);
    setProgress(null);
  };
  const extract = async () => {
    if (!file) return;
    const form = new FormData();
    form.append("image", file, file.name || "pasted.png");
    setError(null);
    setProgress({ sent: 0 });
    try {
      const answer = await uploadForm<RecognizeResult>("/api/ocr-upload", form, {
        onProgress: (sent) => setProgress({ sent: sent >= 1 ? null : sent }),
        fallbackError: OCR_MESSAGES.failed,
      });
      setResult(answer);
      onRead(answer);
    } catch (err) {
      // The server refused the file itself (its type, size or bytes): trying again cannot help, so it says why.
      const fileFault = err instanceof ApiError && [413, 415, 422].includes(err.status);
      setError({ message: errorMessage(err, OCR_MESSAGES.failed), retry: !fileFault });
    } finally {
      setProgress(null);
    }
  };

  return { file, previewUrl, progress, error, result, choose, clear, extract };
}
