import { OPEN_MANY_CAP, VIEWER_COPIED_MS } from "@shared/storage";
import { CheckIcon, CopyIcon, ExternalLinkIcon, XIcon } from "lucide-react";
import { useId } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/misc";
import { absoluteUrl, openMany } from "@/lib/file-links";
import type { FileRow } from "@/lib/storage-files";
import { useCopy } from "@/lib/use-copy";
import { VIEWER_ALERTS } from "./viewer-columns";

/** 'Select page', Copy URLs, Open (at most 10) and Clear (count) over the chosen files. */
export function ViewerBulk({
  pageRows,
  selected,
  onChange,
  selectedRows,
}: {
  pageRows: readonly FileRow[];
  selected: ReadonlySet<string>;
  onChange(next: Set<string>): void;
  selectedRows: readonly FileRow[];
}) {
  const id = useId();
  const { copied, copy } = useCopy(VIEWER_COPIED_MS);
  const onPage = pageRows.filter((r) => selected.has(r.key)).length;
  const all = pageRows.length > 0 && onPage === pageRows.length;
  const urls = selectedRows.map((r) => r.url).filter(Boolean);
  const none = selected.size === 0;

  const togglePage = () => {
    const next = new Set(selected);
    for (const r of pageRows) all ? next.delete(r.key) : next.add(r.key);
    onChange(next);
  };
  const noUrls = () => toast.error(VIEWER_ALERTS.noUrls, { duration: 3000 });

  return (
    <div role="toolbar" aria-label="Selected files" className="flex flex-wrap items-center gap-2 text-sm">
      <div className="flex items-center gap-2 pr-2">
        <Checkbox
          id={id}
          checked={all ? true : onPage > 0 ? "indeterminate" : false}
          disabled={pageRows.length === 0}
          onCheckedChange={togglePage}
        />
        <label htmlFor={id} className="cursor-pointer select-none">
          Select page
        </label>
      </div>
      <Button
        size="sm"
        variant="outline"
        disabled={none}
        onClick={() => {
          if (!urls.length) return noUrls();
          void copy(urls.map((u) => absoluteUrl(u)).join("\n")).then(
            (ok) => ok || console.warn("Copy failed"),
          );
        }}
      >
        {copied ? <CheckIcon className="text-success" /> : <CopyIcon />}
        <span aria-live="polite">{copied ? "Copied!" : "Copy URLs"}</span>
      </Button>
      <Button
        size="sm"
        variant="outline"
        disabled={none}
        title={`Opens at most ${OPEN_MANY_CAP} files in new tabs`}
        onClick={() => {
          if (!urls.length) return noUrls();
          const { asked, opened } = openMany(urls);
          if (opened < asked)
            toast.warning(`The browser blocked ${asked - opened} of ${asked} tabs.`, {
              description: "Allow pop-ups for this site to open several files at once.",
              duration: 6000,
            });
        }}
      >
        <ExternalLinkIcon /> Open{urls.length > OPEN_MANY_CAP ? ` (first ${OPEN_MANY_CAP})` : ""}
      </Button>
      <Button size="sm" variant="ghost" disabled={none} onClick={() => onChange(new Set())}>
        <XIcon /> Clear ({selected.size})
      </Button>
    </div>
  );
}
