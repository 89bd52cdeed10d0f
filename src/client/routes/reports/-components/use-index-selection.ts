import { useMemo, useState } from "react";
import {
  addToSelection,
  indexBlocker,
  pathOf,
  startsLikePdf,
  summariseSelection,
} from "@/features/reports/reports-model";
import type { IndexOptions, RunResult } from "./use-bulk-index";

export interface PanelMessage {
  text: string;
  tone: "info" | "error";
}

/**
 * The PDFs chosen for indexing and the panel's message: what was left out of a choice, or why Index Selected
 * cannot start. After a run, what was indexed leaves the selection; the files that failed stay, to send again.
 */
export function useIndexSelection(onRun: (files: File[], opts: IndexOptions) => Promise<RunResult | null>) {
  const [files, setFiles] = useState<File[]>([]);
  const [noPdfsChosen, setNoPdfsChosen] = useState(false);
  const [message, setMessage] = useState<PanelMessage | null>(null);
  // Paths of chosen files whose content is not a PDF: read (five bytes each) as they are chosen.
  const [notPdf, setNotPdf] = useState<ReadonlySet<string>>(new Set());
  const summary = useMemo(() => summariseSelection(files, notPdf), [files, notPdf]);

  const choose = (chosen: File[]) => {
    const r = addToSelection(files, chosen);
    setFiles(r.files);
    void checkContents(r.files.filter((f) => !files.includes(f))).then((bad) => {
      if (bad.length) setNotPdf((prev) => new Set([...prev, ...bad]));
    });
    setNoPdfsChosen(!!r.message && r.files.length === 0);
    if (r.message) setMessage({ text: r.message, tone: "error" });
    else if (r.ignored) {
      const n = r.ignored;
      setMessage({
        text: `${n} file${n === 1 ? " that is not a PDF was" : "s that are not PDFs were"} left out.`,
        tone: "info",
      });
    } else setMessage(null);
  };
  const start = (opts: IndexOptions) => {
    const blocker = indexBlocker(files.length, noPdfsChosen);
    if (blocker) return setMessage({ text: blocker, tone: "error" });
    setMessage(null);
    void onRun(files, opts).then((result) => {
      if (result)
        setFiles((prev) =>
          prev.filter((f) => result.failed.has(f.name.normalize("NFC")) || result.failed.has(f.name)),
        );
    });
  };

  return {
    files,
    summary,
    message,
    choose,
    start,
    remove: (file: File) => setFiles((prev) => prev.filter((x) => x !== file)),
    clear: () => setFiles([]),
  };
}

/** The paths of the files whose first bytes are not "%PDF-" (a file that cannot be read counts as fine). */
async function checkContents(files: readonly File[]): Promise<string[]> {
  const checked = await Promise.all(files.map((f) => startsLikePdf(f).catch(() => true)));
  return files.filter((_, i) => !checked[i]).map(pathOf);
}
