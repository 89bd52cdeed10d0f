import { normalizeLetters, OCR_MESSAGES, type RecognizeResult, uniqueWorkOrders } from "@shared/ocr";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { toast } from "sonner";
import { ApiError, errorMessage } from "@/lib/api";
import { trpc } from "@/lib/trpc";
import { uploadForm } from "@/lib/upload";
import type { MatchRow } from "./matches";
import type { UploadProgress } from "./upload-step";

/** Why the last upload failed, and whether trying again could help. */
export interface UploadError {
  message: string;
  retry: boolean;
}

export interface Item {
  id: number;
  text: string;
  /** Where it was read on the image (kept through edits: it is still that spot). */
  box: RecognizeResult["items"][number]["box"];
}

/**
 * The screen's state: the chosen image, the upload, the editable list and its lookup. The lookup is a query
 * keyed by the list, so every edit looks up again, older answers never overwrite newer ones, and Re-run Lookup
 * is a refetch.
 */
export function useRecognition() {
  const utils = trpc.useUtils();
  const nextId = useRef(1);
  const [file, setFile] = useState<File | null>(null);
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [error, setError] = useState<UploadError | null>(null);
  const [result, setResult] = useState<RecognizeResult | null>(null);
  const [items, setItems] = useState<Item[]>([]);
  // Readings too uncertain to be listed: a person adds or dismisses each after checking the image.
  const [unsure, setUnsure] = useState<Item[]>([]);
  const [normalize, setNormalize] = useState(false);

  useEffect(() => () => void (previewUrl && URL.revokeObjectURL(previewUrl)), [previewUrl]);

  const display = useCallback(
    (item: { text: string }) => (normalize ? normalizeLetters(item.text) : item.text),
    [normalize],
  );
  const list = useMemo(() => uniqueWorkOrders(items.map(display)), [items, display]);

  const lookup = useQuery({
    queryKey: ["work-orders", "lookup", list],
    queryFn: () => utils.client.workOrders.lookup.mutate({ work_orders: list }),
    enabled: list.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const rows: MatchRow[] | undefined = useMemo(() => {
    if (!list.length) return [];
    return lookup.data?.matches.map((m, index) => ({ ...m, index }));
  }, [list.length, lookup.data]);

  const choose = (next: File) => {
    setFile(next);
    setError(null);
    setPreviewUrl(URL.createObjectURL(next));
  };
  const reset = () => {
    setFile(null);
    setPreviewUrl(null);
    setError(null);
    setResult(null);
    setItems([]);
    setUnsure([]);
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
      const toItem = (i: RecognizeResult["items"][number]) => ({
        id: nextId.current++,
        text: i.work_order,
        box: i.box,
      });
      setItems(answer.items.map(toItem));
      setUnsure((answer.unsure ?? []).map(toItem));
    } catch (err) {
      // The server refused the file itself (its type, size or bytes): trying again cannot help, so it says why.
      const fileFault = err instanceof ApiError && [413, 415, 422].includes(err.status);
      setError({ message: errorMessage(err, OCR_MESSAGES.failed), retry: !fileFault });
    } finally {
      setProgress(null);
    }
  };

  const edit = (id: number, text: string) =>
    setItems((all) =>
      text ? all.map((i) => (i.id === id ? { ...i, text } : i)) : all.filter((i) => i.id !== id),
    );
  const remove = (id: number) => setItems((all) => all.filter((i) => i.id !== id));
  const add = (text: string) => setItems((all) => [...all, { id: nextId.current++, text, box: null }]);
  /** An unsure reading checked against the image: into the list (with its box), or dismissed. */
  const confirm = (id: number) => {
    const item = unsure.find((i) => i.id === id);
    const listed = (text: string) => list.some((w) => w.toUpperCase() === display({ text }).toUpperCase());
    if (item && !listed(item.text)) {
      setItems((all) => [...all, item]);
      toast.success(`${item.text} added to the work orders.`);
    }
    setUnsure((all) => all.filter((i) => i.id !== id));
  };
  const dismiss = (id: number) => setUnsure((all) => all.filter((i) => i.id !== id));

  return {
    file,
    previewUrl,
    progress,
    error,
    result,
    items,
    unsure,
    list,
    rows,
    lookup,
    normalize,
    setNormalize,
    display,
    choose,
    reset,
    extract,
    edit,
    remove,
    add,
    confirm,
    dismiss,
    setError,
  };
}
