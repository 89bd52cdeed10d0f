import { CHAT_MESSAGES, CHAT_TEXTS, suggestionsFor } from "@shared/chat";
import { REPORTS_DB } from "@shared/reports";
import { parseWorkOrder } from "@shared/work-orders";
import { useNavigate, useSearch } from "@tanstack/react-router";
import { ChevronRightIcon, MessageSquarePlusIcon } from "lucide-react";
import { useMemo, useRef, useState } from "react";
import { ErrorState } from "@/components/error-state";
import { Screen } from "@/components/screen";
import { Button } from "@/components/ui/button";
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from "@/components/ui/collapsible";
import { WorkOrderLink } from "@/components/work-order-link";
import { errorMessage } from "@/lib/api";
import { trpc } from "@/lib/trpc";
import { useLocalStorage } from "@/lib/use-local-storage";
import { ChatControls } from "./chat-controls";
import { ChatInput } from "./chat-input";
import { ChatMessages } from "./chat-messages";
import { initialDb } from "./chat-model";
import { HistoryPanel } from "./history-panel";
import { Suggestions } from "./suggestions";
import { useAskChat } from "./use-ask-chat";

const isBool = (v: unknown) => typeof v === "boolean";
const isText = (v: unknown) => typeof v === "string";

/** Ask Geolabs AI: questions to a document database, answers with citations, and the asker's history. */
export function AskScreen() {
  const search = useSearch({ from: "/ask-ai" });
  const navigate = useNavigate({ from: "/ask-ai" });
  const utils = trpc.useUtils();
  const dbs = trpc.chat.dbs.useQuery(undefined, { staleTime: 60_000 });
  const [lastDb, setLastDb] = useLocalStorage("geolabs.askAi.db.v1", "", isText);
  const [useWeb, setUseWeb] = useLocalStorage("geolabs.askAi.web.v1", false, isBool);
  const [useCache, setUseCache] = useLocalStorage("geolabs.askAi.cache.v1", true, isBool);
  const list = dbs.data?.dbs ?? [];
  const db = initialDb(
    list.map((d) => d.name),
    search.db,
    lastDb,
  );

  // A work order's page asks about its reports alone; the scope holds while the reports are the database.
  const workOrder = db === REPORTS_DB ? parseWorkOrder(search.wo ?? "")?.work_order : undefined;
  const chat = useAskChat(
    { db, useWeb, useCache, workOrder },
    () => void utils.chat.history.invalidate({ db }),
  );
  const [draft, setDraft] = useState("");
  const [alert, setAlert] = useState<string | null>(null);
  const [moreOpen, setMoreOpen] = useState(false);
  const input = useRef<HTMLTextAreaElement>(null);
  const history = trpc.chat.history.useQuery({ db }, { enabled: !!db });
  const ratings = useMemo(
    () => Object.fromEntries((history.data?.entries ?? []).map((e) => [e.id, e.rating])),
    [history.data],
  );

  const chooseDb = (name: string) => {
    setLastDb(name);
    setAlert(null);
    chat.clear();
    void navigate({ search: { db: name || undefined }, replace: true });
  };
  const askAllReports = () => {
    chat.clear();
    void navigate({ search: { db }, replace: true });
  };
  const send = (text: string = draft) => {
    const q = text.trim();
    if (!q || chat.busy) return;
    if (!db) {
      setAlert(CHAT_MESSAGES.selectDb);
      return;
    }
    setAlert(null);
    chat.ask(q);
    setDraft("");
  };
  const suggestions = suggestionsFor(db);
  const picker = (
    <Suggestions key={db} questions={suggestions} onPick={(q) => send(q)} disabled={chat.busy} />
  );
  const lastAssistant = [...chat.messages].reverse().find((m) => m.role === "assistant");
  const activeId = chat.messages.length === 2 ? lastAssistant?.metadata?.historyId : undefined;

  return (
    <Screen
      path="/ask-ai"
      actions={
        <Button variant="outline" size="sm" onClick={chat.clear} disabled={!chat.messages.length}>
          <MessageSquarePlusIcon aria-hidden />
          New chat
        </Button>
      }
    >
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <section
          className="flex h-[calc(100dvh-13rem)] min-h-[34rem] flex-col rounded-lg border bg-card"
          aria-label="Chat"
        >
          <div className="space-y-1 border-b p-3">
            <ChatControls
              dbs={list}
              db={db}
              onDb={chooseDb}
              useWeb={useWeb}
              onWeb={setUseWeb}
              useCache={useCache}
              onCache={setUseCache}
              loading={dbs.isLoading}
            />
            {workOrder && (
              <p className="flex flex-wrap items-center gap-2 rounded-md border border-primary/30 bg-primary/5 px-3 py-1.5 text-sm">
                <span>
                  Asking only the reports of work order{" "}
                  <WorkOrderLink wo={workOrder} className="font-medium" />.
                </span>
                <Button variant="ghost" size="xs" className="ml-auto" onClick={askAllReports}>
                  Ask all reports
                </Button>
              </p>
            )}
            {dbs.isError && !list.length ? (
              <ErrorState
                className="items-start"
                message={errorMessage(dbs.error, CHAT_TEXTS.loadDatabasesFailed)}
                onRetry={() => void dbs.refetch()}
              />
            ) : (
              !dbs.isLoading &&
              !list.length && <p className="text-sm text-muted-foreground">{CHAT_TEXTS.noDatabases}</p>
            )}
            {chat.messages.length > 0 && suggestions.length > 0 && (
              <Collapsible open={moreOpen} onOpenChange={setMoreOpen}>
                <CollapsibleTrigger asChild>
                  <Button variant="ghost" size="xs" className="-ml-1 text-muted-foreground">
                    <ChevronRightIcon
                      className={moreOpen ? "rotate-90 transition-transform" : "transition-transform"}
                      aria-hidden
                    />
                    {CHAT_TEXTS.suggested}
                  </Button>
                </CollapsibleTrigger>
                <CollapsibleContent className="pt-2">{picker}</CollapsibleContent>
              </Collapsible>
            )}
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto bg-background/40">
            <ChatMessages
              db={db}
              messages={chat.messages}
              status={chat.status}
              outcomes={chat.outcomes}
              failure={chat.failure}
              ratings={ratings}
              empty={
                <Suggestions
                  key={db}
                  questions={suggestions}
                  onPick={(q) => send(q)}
                  disabled={chat.busy}
                  centered
                />
              }
            />
          </div>
          {alert && (
            <p role="alert" className="border-t bg-warning/15 px-4 py-2 text-sm">
              {alert}
            </p>
          )}
          <ChatInput
            ref={input}
            value={draft}
            onChange={setDraft}
            onSend={() => send()}
            onStop={chat.stop}
            onRegenerate={chat.regenerate}
            busy={chat.busy}
            canRegenerate={!!lastAssistant && !!db}
          />
        </section>
        <div className="flex lg:h-[calc(100dvh-13rem)] lg:min-h-[34rem] [&>aside]:flex-1">
          <HistoryPanel db={db} activeId={activeId} onLoad={chat.load} />
        </div>
      </div>
    </Screen>
  );
}
