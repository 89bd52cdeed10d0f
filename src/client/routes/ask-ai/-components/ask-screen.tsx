import { CHAT_TEXTS, suggestionsFor } from "@shared/chat";
import { ChevronRightIcon, MessageSquarePlusIcon } from "lucide-react";
import { type ReactNode, useRef, useState } from "react";
import { ErrorState } from "@/components/error-state";
import { Screen } from "@/components/screen";
import { Button } from "@/components/ui/button";
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from "@/components/ui/collapsible";
import { WorkOrderLink } from "@/components/work-order-link";
import { errorMessage } from "@/lib/api";
import { ChatControls } from "./chat-controls";
import { ChatInput } from "./chat-input";
import { ChatMessages } from "./chat-messages";
import { HistoryPanel } from "./history-panel";
import { Suggestions } from "./suggestions";
import { useAskScreen } from "./use-ask-screen";

/** Ask Geolabs AI: questions to a document database, answers with citations, and the asker's history. */
export function AskScreen() {
  const screen = useAskScreen();
  const { db, chat } = screen;
  const input = useRef<HTMLTextAreaElement>(null);
  const [moreOpen, setMoreOpen] = useState(false);
  const suggestions = suggestionsFor(db);
  const picker = (
    <Suggestions key={db} questions={suggestions} onPick={(q) => screen.send(q)} disabled={chat.busy} />
  );

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
          <ChatHeader screen={screen}>
            {chat.messages.length > 0 && suggestions.length > 0 && (
              <MoreSuggestions open={moreOpen} onOpenChange={setMoreOpen}>
                {picker}
              </MoreSuggestions>
            )}
          </ChatHeader>
          <div className="min-h-0 flex-1 overflow-y-auto bg-background/40">
            <ChatMessages
              db={db}
              messages={chat.messages}
              status={chat.status}
              outcomes={chat.outcomes}
              failure={chat.failure}
              ratings={screen.ratings}
              empty={
                <Suggestions
                  key={db}
                  questions={suggestions}
                  onPick={(q) => screen.send(q)}
                  disabled={chat.busy}
                  centered
                />
              }
            />
          </div>
          {screen.alert && (
            <p role="alert" className="border-t bg-warning/15 px-4 py-2 text-sm">
              {screen.alert}
            </p>
          )}
          <ChatInput
            ref={input}
            value={screen.draft}
            onChange={screen.setDraft}
            onSend={() => screen.send()}
            onStop={chat.stop}
            onRegenerate={chat.regenerate}
            busy={chat.busy}
            canRegenerate={screen.canRegenerate}
          />
        </section>
        <div className="flex lg:h-[calc(100dvh-13rem)] lg:min-h-[34rem] [&>aside]:flex-1">
          <HistoryPanel db={db} activeId={screen.activeId} onLoad={chat.load} onChooseDb={screen.chooseDb} />
        </div>
      </div>
    </Screen>
  );
}

/**
 * Above the conversation: the database and toggles, the work-order scope, a word when there is no database to
 * ask, and (as `children`) the folded suggestions.
 */
function ChatHeader({ screen, children }: { screen: ReturnType<typeof useAskScreen>; children: ReactNode }) {
  const { dbs, list, settings } = screen;
  return (
    <div className="space-y-1 border-b p-3">
      <ChatControls
        dbs={list}
        db={screen.db}
        onDb={screen.chooseDb}
        useWeb={settings.webOffered ? settings.useWeb : undefined}
        onWeb={settings.setUseWeb}
        useCache={settings.useCache}
        onCache={settings.setUseCache}
        loading={dbs.isLoading}
      />
      {screen.workOrder && <WorkOrderScope workOrder={screen.workOrder} onAskAll={screen.askAllReports} />}
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
      {children}
    </div>
  );
}

/** The line that says only one work order's reports are asked, with the way back to all of them. */
function WorkOrderScope({ workOrder, onAskAll }: { workOrder: string; onAskAll(): void }) {
  return (
    <p className="flex flex-wrap items-center gap-2 rounded-md border border-primary/30 bg-primary/5 px-3 py-1.5 text-sm">
      <span>
        Asking only the reports of work order <WorkOrderLink wo={workOrder} className="font-medium" />.
      </span>
      <Button variant="ghost" size="xs" className="ml-auto" onClick={onAskAll}>
        Ask all reports
      </Button>
    </p>
  );
}

/** Once the chat has begun, the suggested questions fold away under a toggle. */
function MoreSuggestions({
  open,
  onOpenChange,
  children,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  children: ReactNode;
}) {
  return (
    <Collapsible open={open} onOpenChange={onOpenChange}>
      <CollapsibleTrigger asChild>
        <Button variant="ghost" size="xs" className="-ml-1 text-muted-foreground">
          <ChevronRightIcon
            className={open ? "rotate-90 transition-transform" : "transition-transform"}
            aria-hidden
          />
          {CHAT_TEXTS.suggested}
        </Button>
      </CollapsibleTrigger>
      <CollapsibleContent className="pt-2">{children}</CollapsibleContent>
    </Collapsible>
  );
}
