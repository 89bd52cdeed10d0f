import { DOCUMENT_TEXTS } from "@shared/documents";
import { OPEN_MANY_CAP } from "@shared/storage";
import { CheckIcon, CopyIcon, ExternalLinkIcon, XIcon } from "lucide-react";
import { toast } from "sonner";
import { alertFile } from "@/components/file-preview/file-actions";
import { Button } from "@/components/ui/button";
import { absoluteUrl, openMany } from "@/lib/file-links";
import type { FileRow } from "@/lib/storage-files";
import { useCopy } from "@/lib/use-copy";
import { EXPLORER_COPIED_MS } from "./file-columns";

/** Shown while files are selected: 'N file(s) selected', Copy URLs, Open Files (at most 10), Clear Selection. */
export function FilesBulk({ rows, onClear }: { rows: readonly FileRow[]; onClear(): void }) {
  const { copied, copy } = useCopy(EXPLORER_COPIED_MS);
  if (rows.length === 0) return null;
  const urls = rows.map((r) => r.url).filter(Boolean);
  return (
    <div
      role="toolbar"
      aria-label="Selected files"
      className="flex flex-wrap items-center gap-2 rounded-lg border bg-muted/50 px-3 py-2 text-sm"
    >
      <span className="mr-1 font-medium" aria-live="polite">
        {DOCUMENT_TEXTS.filesSelected(rows.length)}
      </span>
      <Button
        size="sm"
        variant="outline"
        onClick={() => {
          if (!urls.length) return alertFile(DOCUMENT_TEXTS.noUrls);
          void copy(urls.map((u) => absoluteUrl(u)).join("\n")).then(
            (ok) => ok || console.warn("Copy failed"),
          );
        }}
      >
        {copied ? <CheckIcon className="text-success" /> : <CopyIcon />}
        <span aria-live="polite">{copied ? DOCUMENT_TEXTS.urlsCopied : "Copy URLs"}</span>
      </Button>
      <Button
        size="sm"
        variant="outline"
        title={`Opens at most ${OPEN_MANY_CAP} files in new tabs`}
        onClick={() => {
          if (!urls.length) return alertFile(DOCUMENT_TEXTS.noUrls);
          const { asked, opened } = openMany(urls);
          if (opened < asked)
            toast.warning(`The browser blocked ${asked - opened} of ${asked} tabs.`, {
              description: "Allow pop-ups for this site to open several files at once.",
              duration: 6000,
            });
        }}
      >
        <ExternalLinkIcon /> Open Files{urls.length > OPEN_MANY_CAP ? ` (first ${OPEN_MANY_CAP})` : ""}
      </Button>
      <Button size="sm" variant="ghost" className="ml-auto" onClick={onClear}>
        <XIcon /> Clear Selection
      </Button>
    </div>
  );
}
