import {
  CircleAlertIcon,
  CircleCheckIcon,
  CircleMinusIcon,
  FileTextIcon,
  ListChecksIcon,
} from "lucide-react";
import { Fragment, useEffect, useRef } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { type Step, stepTone } from "./index-model";

const ICON = {
  ok: <CircleCheckIcon className="mt-0.5 size-3.5 shrink-0 text-success" aria-hidden />,
  failed: <CircleAlertIcon className="mt-0.5 size-3.5 shrink-0" aria-hidden />,
  skipped: <CircleMinusIcon className="mt-0.5 size-3.5 shrink-0 text-muted-foreground" aria-hidden />,
};

/**
 * The steps the server reports, appended as they stream in, under the name of the file they belong to. The list
 * follows the newest step unless the person has scrolled up to read.
 */
export function StepsPanel({ steps, onClear }: { steps: readonly Step[]; onClear(): void }) {
  const box = useRef<HTMLOListElement>(null);
  const pinned = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when a step arrives, to follow it
  useEffect(() => {
    const el = box.current;
    if (el && pinned.current) el.scrollTop = el.scrollHeight;
  }, [steps.length]);

  return (
    <section aria-labelledby="steps-title" className="flex min-h-0 flex-col rounded-lg border bg-card">
      <div className="flex items-center gap-2 border-b px-4 py-2.5">
        <ListChecksIcon className="size-4 text-muted-foreground" aria-hidden />
        <h2 id="steps-title" className="mr-auto text-sm font-semibold">
          Steps
        </h2>
        <Button size="xs" variant="ghost" onClick={onClear} disabled={!steps.length}>
          Clear
        </Button>
      </div>
      {steps.length === 0 ? (
        <p className="px-4 py-6 text-center text-sm text-muted-foreground">
          Steps appear here while files are processed.
        </p>
      ) : (
        <ol
          ref={box}
          aria-label="Steps"
          onScroll={(e) => {
            const el = e.currentTarget;
            pinned.current = el.scrollHeight - el.scrollTop - el.clientHeight < 24;
          }}
          className="max-h-96 min-h-0 flex-1 space-y-0.5 overflow-y-auto px-4 py-3 text-sm"
        >
          {steps.map((s, i) => {
            const tone = stepTone(s);
            return (
              <Fragment key={s.id}>
                {s.file !== steps[i - 1]?.file && s.file && (
                  <li
                    aria-hidden
                    className="flex items-center gap-1.5 pt-2 text-xs font-medium text-muted-foreground first:pt-0"
                  >
                    <FileTextIcon className="size-3.5" />
                    <span className="truncate">{s.file}</span>
                  </li>
                )}
                <li
                  className={cn("flex items-start gap-2", tone === "failed" && "text-destructive")}
                  aria-label={s.file ? `${s.file}: ${s.text}` : s.text}
                >
                  {ICON[tone]}
                  <span className="min-w-0 break-words">{s.text}</span>
                </li>
              </Fragment>
            );
          })}
        </ol>
      )}
    </section>
  );
}
