import {
  CircleAlertIcon,
  CircleCheckIcon,
  CircleMinusIcon,
  CircleSmallIcon,
  FileTextIcon,
  ListChecksIcon,
} from "lucide-react";
import { Fragment, type ReactNode, useEffect, useId, useRef } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";

/** How a line reads: done, failed (red), skipped (neutral), or a plain progress note. */
export type LogTone = "ok" | "failed" | "skipped" | "info";

export interface LogEntry {
  id: number;
  /** The file it belongs to (lines are grouped under it); null for lines about no one file. */
  file: string | null;
  text: string;
}

const ICON: Record<LogTone, ReactNode> = {
  ok: <CircleCheckIcon className="mt-0.5 size-3.5 shrink-0 text-success" aria-hidden />,
  failed: <CircleAlertIcon className="mt-0.5 size-3.5 shrink-0" aria-hidden />,
  skipped: <CircleMinusIcon className="mt-0.5 size-3.5 shrink-0 text-muted-foreground" aria-hidden />,
  info: <CircleSmallIcon className="mt-0.5 size-3.5 shrink-0 text-muted-foreground" aria-hidden />,
};

/**
 * A live log: lines appended as a server streams them, under the name of the file they belong to, failures in
 * red. The list follows the newest line unless the person has scrolled up to read. Used by the Index Manager
 * ("Steps") and the Reports Indexer ("Log").
 */
export function LogPanel<E extends LogEntry>({
  title,
  entries,
  toneOf,
  onClear,
  emptyText,
  className,
}: {
  /** The heading, also the list's accessible name. */
  title: string;
  entries: readonly E[];
  toneOf(entry: E): LogTone;
  onClear(): void;
  emptyText: string;
  className?: string;
}) {
  const box = useRef<HTMLOListElement>(null);
  const pinned = useRef(true);
  const titleId = useId();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when a line arrives, to follow it
  useEffect(() => {
    const el = box.current;
    if (el && pinned.current) el.scrollTop = el.scrollHeight;
  }, [entries.length]);

  return (
    <section
      aria-labelledby={titleId}
      className={cn("flex min-h-0 flex-col rounded-lg border bg-card", className)}
    >
      <div className="flex items-center gap-2 border-b px-4 py-2.5">
        <ListChecksIcon className="size-4 text-muted-foreground" aria-hidden />
        <h2 id={titleId} className="mr-auto text-sm font-semibold">
          {title}
        </h2>
        <Button size="xs" variant="ghost" onClick={onClear} disabled={!entries.length}>
          Clear
        </Button>
      </div>
      {entries.length === 0 ? (
        <p className="px-4 py-6 text-center text-sm text-muted-foreground">{emptyText}</p>
      ) : (
        <ol
          ref={box}
          aria-label={title}
          onScroll={(e) => {
            const el = e.currentTarget;
            pinned.current = el.scrollHeight - el.scrollTop - el.clientHeight < 24;
          }}
          className="max-h-96 min-h-0 flex-1 space-y-0.5 overflow-y-auto px-4 py-3 text-sm"
        >
          {entries.map((e, i) => {
            const tone = toneOf(e);
            return (
              <Fragment key={e.id}>
                {e.file !== entries[i - 1]?.file && e.file && (
                  <li
                    aria-hidden
                    className="flex items-center gap-1.5 pt-2 text-xs font-medium text-muted-foreground first:pt-0"
                  >
                    <FileTextIcon className="size-3.5" />
                    <span className="truncate">{e.file}</span>
                  </li>
                )}
                <li
                  data-tone={tone}
                  className={cn("flex items-start gap-2", tone === "failed" && "text-destructive")}
                  aria-label={e.file ? `${e.file}: ${e.text}` : e.text}
                >
                  {ICON[tone]}
                  <span className="min-w-0 break-words">{e.text}</span>
                </li>
              </Fragment>
            );
          })}
        </ol>
      )}
    </section>
  );
}
