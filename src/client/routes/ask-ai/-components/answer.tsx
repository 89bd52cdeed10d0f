import { CHAT_TEXTS, type ChatSource, type FeedbackRating } from "@shared/chat";
import { parseReportFileName, REPORTS_DB } from "@shared/reports";
import {
  CheckIcon,
  CopyIcon,
  DatabaseZapIcon,
  FileTextIcon,
  SparklesIcon,
  ThumbsDownIcon,
  ThumbsUpIcon,
} from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { WorkOrderLink } from "@/components/work-order-link";
import { trpc } from "@/lib/trpc";
import { useCopy } from "@/lib/use-copy";
import { cn } from "@/lib/utils";
import { citedFiles, pdfAtPage } from "./chat-model";
import { AnswerMarkdown } from "./markdown";

/** One assistant answer: Markdown with linked citations, its sources, copy and thumbs up/down. */
export function Answer({
  db,
  text,
  sources,
  cached,
  historyId,
  rating,
  streaming,
}: {
  db: string;
  text: string;
  sources: ChatSource[];
  cached?: boolean;
  historyId?: number;
  rating?: FeedbackRating | null;
  streaming: boolean;
}) {
  const files = [...new Set([...citedFiles(text), ...sources.map((s) => s.file)])].sort();
  const links = trpc.chat.sourceLinks.useQuery(
    { db, files },
    { enabled: !!db && files.length > 0 && !streaming, staleTime: 10 * 60_000 },
  );
  const urls = links.data?.links ?? {};
  const { copied, copy } = useCopy();

  return (
    <div className="rounded-lg border bg-card p-4 shadow-xs" data-testid="answer">
      <div className="mb-2 flex items-center gap-2 text-xs text-muted-foreground">
        <SparklesIcon className="size-3.5 text-primary" aria-hidden />
        <span className="font-medium text-foreground">Geolabs AI</span>
        {cached && (
          <Badge variant="secondary" className="gap-1">
            <DatabaseZapIcon className="size-3" aria-hidden />
            {CHAT_TEXTS.cached}
          </Badge>
        )}
      </div>
      <AnswerMarkdown text={text} links={urls} />
      {!streaming && sources.length > 0 && (
        <div className="mt-3 border-t pt-2">
          <p className="mb-1 text-xs font-medium text-muted-foreground">{CHAT_TEXTS.sources}</p>
          <ul className="space-y-1">
            {bySourceFile(sources).map(([file, pages]) => (
              <li key={file} className="flex flex-wrap items-center gap-x-1.5 gap-y-1 text-xs">
                <FileTextIcon className="size-3.5 text-muted-foreground" aria-hidden />
                <span className="font-medium break-all">{file}</span>
                {db === REPORTS_DB && <ReportWorkOrder file={file} />}
                {pages.map((p) => (
                  <PageLink key={p} url={urls[file]} page={p} />
                ))}
              </li>
            ))}
          </ul>
        </div>
      )}
      {!streaming && (
        <div className="mt-3 flex items-center gap-1">
          <Button variant="ghost" size="xs" onClick={() => void copy(text)} aria-label="Copy answer">
            {copied ? <CheckIcon aria-hidden /> : <CopyIcon aria-hidden />}
            {copied ? CHAT_TEXTS.copied : CHAT_TEXTS.copy}
          </Button>
          {historyId ? <Feedback historyId={historyId} initial={rating ?? null} /> : null}
        </div>
      )}
    </div>
  );
}

/** A report cited by an answer names its work order: a link to everything about it. */
function ReportWorkOrder({ file }: { file: string }) {
  const parsed = parseReportFileName(file);
  if (!parsed.ok) return null;
  return (
    <span className="text-muted-foreground">
      (W.O. <WorkOrderLink wo={parsed.work_order} className="font-mono" />)
    </span>
  );
}

/** Sources grouped by file, each with the pages it was drawn from, in page order. */
function bySourceFile(sources: ChatSource[]): [string, number[]][] {
  const files = new Map<string, Set<number>>();
  for (const s of sources) {
    const pages = files.get(s.file) ?? new Set<number>();
    for (const p of s.pages) pages.add(p);
    files.set(s.file, pages);
  }
  return [...files].map(([file, pages]) => [file, [...pages].sort((a, b) => a - b)]);
}

function PageLink({ url, page }: { url?: string; page: number }) {
  const cls = "rounded border px-1.5 py-px";
  if (!url) return <span className={cn(cls, "text-muted-foreground")}>p. {page}</span>;
  return (
    <a
      href={pdfAtPage(url, page)}
      target="_blank"
      rel="noopener noreferrer"
      className={cn(cls, "text-primary hover:bg-accent")}
    >
      p. {page}
    </a>
  );
}

function Feedback({ historyId, initial }: { historyId: number; initial: FeedbackRating | null }) {
  const [rating, setRating] = useState<FeedbackRating | null>(initial);
  const utils = trpc.useUtils();
  const save = trpc.chat.feedback.useMutation({
    onSuccess: (r) => {
      setRating(r.rating);
      if (r.rating) toast.success(CHAT_TEXTS.feedbackThanks);
      void utils.chat.history.invalidate();
    },
    onError: () => toast.error(CHAT_TEXTS.feedbackFailed),
  });
  const rate = (r: FeedbackRating) => save.mutate({ id: historyId, rating: rating === r ? null : r });
  return (
    <>
      <Button
        variant="ghost"
        size="icon-sm"
        aria-label={CHAT_TEXTS.helpful}
        aria-pressed={rating === "up"}
        className={cn(rating === "up" && "text-primary")}
        disabled={save.isPending}
        onClick={() => rate("up")}
      >
        <ThumbsUpIcon className={cn(rating === "up" && "fill-current")} aria-hidden />
      </Button>
      <Button
        variant="ghost"
        size="icon-sm"
        aria-label={CHAT_TEXTS.notHelpful}
        aria-pressed={rating === "down"}
        className={cn(rating === "down" && "text-destructive")}
        disabled={save.isPending}
        onClick={() => rate("down")}
      >
        <ThumbsDownIcon className={cn(rating === "down" && "fill-current")} aria-hidden />
      </Button>
    </>
  );
}
