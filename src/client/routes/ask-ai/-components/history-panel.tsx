import { CHAT_MESSAGES, CHAT_TEXTS, type ChatHistoryElsewhere, type ChatHistoryEntry } from "@shared/chat";
import { HistoryIcon, Trash2Icon } from "lucide-react";
import { useEffect } from "react";
import { toast } from "sonner";
import { useConfirm } from "@/components/confirm";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/misc";
import { trpc } from "@/lib/trpc";
import { cn } from "@/lib/utils";
import { previewText } from "./chat-model";

/**
 * "Chat History": the signed-in person's questions in this database, newest first, each with the first 100
 * characters of its answer. Clicking one shows it in the chat; deleting asks first. A failed load is only
 * logged (the spec's rule); a failed delete says so.
 */
export function HistoryPanel({
  db,
  activeId,
  onLoad,
  onChooseDb,
}: {
  db: string;
  activeId: number | undefined;
  onLoad: (entry: ChatHistoryEntry) => void;
  onChooseDb: (db: string) => void;
}) {
  const confirm = useConfirm();
  const utils = trpc.useUtils();
  const history = trpc.chat.history.useQuery({ db }, { enabled: !!db });
  useEffect(() => {
    if (history.error) console.error("chat history failed to load", history.error);
  }, [history.error]);
  const remove = trpc.chat.deleteHistory.useMutation({
    onSuccess: () => void utils.chat.history.invalidate({ db }),
    onError: () => toast.error(CHAT_MESSAGES.deleteFailed),
  });

  const entries = history.data?.entries ?? [];
  const ask = async (e: ChatHistoryEntry) => {
    const ok = await confirm({
      title: CHAT_TEXTS.confirmDeleteTitle,
      description: (
        <>
          <span className="mb-2 block font-medium text-foreground">“{e.question}”</span>
          {CHAT_TEXTS.confirmDeleteBody}
        </>
      ),
      confirmLabel: "Delete",
      destructive: true,
    });
    if (ok) remove.mutate({ db, question: e.question, work_order: e.workOrder ?? undefined });
  };

  return (
    <aside className="flex min-h-0 flex-col rounded-lg border bg-card" aria-labelledby="chat-history-title">
      <h2
        id="chat-history-title"
        className="flex items-center gap-2 border-b px-4 py-3 text-sm font-semibold"
      >
        <HistoryIcon className="size-4 text-muted-foreground" aria-hidden />
        {CHAT_TEXTS.historyTitle}
        {entries.length > 0 && <span className="font-normal text-muted-foreground">({entries.length})</span>}
      </h2>
      <div className="min-h-0 flex-1 overflow-y-auto p-2">
        {history.isLoading && db ? (
          <div className="space-y-2 p-2" role="status" aria-label={CHAT_TEXTS.loadingHistory}>
            <Skeleton className="h-12" />
            <Skeleton className="h-12" />
          </div>
        ) : entries.length === 0 ? (
          <EmptyHistory elsewhere={history.data?.elsewhere ?? []} onChooseDb={onChooseDb} />
        ) : (
          <ul className="space-y-1">
            {entries.map((e) => (
              <HistoryItem
                key={e.id}
                entry={e}
                active={activeId === e.id}
                onLoad={() => onLoad(e)}
                onDelete={() => void ask(e)}
              />
            ))}
          </ul>
        )}
      </div>
    </aside>
  );
}

/** One question of the history: a button that shows it in the chat, and its delete button. */
function HistoryItem({
  entry: e,
  active,
  onLoad,
  onDelete,
}: {
  entry: ChatHistoryEntry;
  active: boolean;
  onLoad(): void;
  onDelete(): void;
}) {
  return (
    <li className="group relative">
      <button
        type="button"
        onClick={onLoad}
        className={cn(
          "w-full rounded-md px-3 py-2 pr-9 text-left hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring",
          active && "bg-accent",
        )}
      >
        {e.workOrder && (
          <span className="mb-0.5 inline-block rounded border border-primary/30 bg-primary/5 px-1.5 text-xs text-primary">
            {CHAT_TEXTS.scopedTo(e.workOrder)}
          </span>
        )}
        <span className="line-clamp-2 text-sm font-medium">{e.question}</span>
        <span className="mt-0.5 line-clamp-2 text-xs text-muted-foreground">{previewText(e.answer)}</span>
      </button>
      <Button
        variant="ghost"
        size="icon-sm"
        className="absolute top-1.5 right-1 opacity-60 group-hover:opacity-100 focus-visible:opacity-100"
        aria-label={`${CHAT_TEXTS.deleteHistory}: ${e.question}`}
        onClick={onDelete}
      >
        <Trash2Icon aria-hidden />
      </Button>
    </li>
  );
}

/** No questions here: said so, with the databases that hold the person's questions (a click opens one). */
function EmptyHistory({
  elsewhere,
  onChooseDb,
}: {
  elsewhere: ChatHistoryElsewhere[];
  onChooseDb: (db: string) => void;
}) {
  if (!elsewhere.length) {
    return <p className="p-4 text-center text-sm text-muted-foreground">{CHAT_TEXTS.noHistory}</p>;
  }
  return (
    <div className="space-y-2 p-3 text-sm text-muted-foreground">
      <p>{CHAT_TEXTS.noHistoryHere}</p>
      <p>{CHAT_TEXTS.historyElsewhere}</p>
      <ul className="space-y-1">
        {elsewhere.map((o) => (
          <li key={o.db}>
            <Button variant="link" size="sm" className="h-auto p-0" onClick={() => onChooseDb(o.db)}>
              {o.label} ({o.count})
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}
