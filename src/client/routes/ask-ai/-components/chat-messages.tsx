import { CHAT_MESSAGES, CHAT_TEXTS } from "@shared/chat";
import { AlertCircleIcon, BotIcon, CircleStopIcon } from "lucide-react";
import { useEffect, useRef } from "react";
import { Answer } from "./answer";
import { type ChatMessage, messageText } from "./chat-model";
import type { Outcome } from "./use-ask-chat";

const NOTE: Record<Outcome, string> = {
  stopped: CHAT_MESSAGES.stopped,
  failed: CHAT_MESSAGES.failed,
  empty: CHAT_MESSAGES.noResponse,
};

/** The conversation: questions, streamed answers, "Thinking" while waiting, and the spec's notes. */
export function ChatMessages({
  db,
  messages,
  status,
  outcomes,
  failure,
  ratings,
  empty,
}: {
  db: string;
  messages: ChatMessage[];
  status: "submitted" | "streaming" | "ready" | "error";
  outcomes: Record<string, Outcome>;
  failure: { detail: string } | null;
  ratings: Record<number, "up" | "down" | null>;
  /** Shown under "Ready to Help" (the suggested questions). */
  empty?: React.ReactNode;
}) {
  const end = useRef<HTMLDivElement>(null);
  const last = messages.at(-1);
  const lastText = last ? messageText(last) : "";
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolling is a reaction to the answer growing
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: "end" });
  }, [messages.length, lastText.length, status]);

  if (!messages.length) {
    return (
      <div className="flex min-h-full flex-col items-center justify-center gap-3 p-6 text-center">
        <div className="flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
          <BotIcon className="size-6" aria-hidden />
        </div>
        <h2 className="text-lg font-semibold">{CHAT_TEXTS.readyToHelp}</h2>
        <p className="max-w-md text-sm text-muted-foreground">{CHAT_TEXTS.readyHint}</p>
        {empty && <div className="mt-4 w-full max-w-3xl text-left">{empty}</div>}
      </div>
    );
  }

  // "Thinking" until the first words arrive (the stream opens with the sources, before any text).
  const busy = status === "submitted" || status === "streaming";
  const waiting = busy && !!last && !outcomes[last.id] && (last.role === "user" || !lastText.trim());
  return (
    <div className="space-y-4 p-4" aria-live="polite">
      {messages.map((m, i) => {
        const text = messageText(m);
        const outcome = outcomes[m.id];
        if (m.role === "user") {
          return (
            <div key={m.id} className="flex flex-col items-end gap-1">
              <div className="max-w-[85%] rounded-lg bg-primary px-3 py-2 text-sm whitespace-pre-wrap text-primary-foreground">
                {text}
              </div>
              {outcome && <Note outcome={outcome} />}
            </div>
          );
        }
        const streaming = status === "streaming" && i === messages.length - 1;
        const meta = m.metadata ?? {};
        return (
          <div key={m.id} className="space-y-1">
            {text.trim() ? (
              <Answer
                db={db}
                text={text}
                // Sources belong to a finished answer (the server then sends the ones it cites).
                sources={meta.historyId ? (meta.sources ?? []) : []}
                cached={meta.cached}
                historyId={meta.historyId || undefined}
                rating={meta.historyId ? ratings[meta.historyId] : null}
                streaming={streaming}
              />
            ) : null}
            {outcome && !(outcome === "failed" && failure) && <Note outcome={outcome} />}
          </div>
        );
      })}
      {waiting && (
        <div className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
          <BotIcon className="size-4" aria-hidden />
          <span>{CHAT_TEXTS.thinking}</span>
          <span className="flex gap-0.5" aria-hidden>
            <span className="size-1 animate-bounce rounded-full bg-current [animation-delay:-0.3s]" />
            <span className="size-1 animate-bounce rounded-full bg-current [animation-delay:-0.15s]" />
            <span className="size-1 animate-bounce rounded-full bg-current" />
          </span>
        </div>
      )}
      {failure && (
        <div
          role="alert"
          className="flex items-start gap-2 rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm"
        >
          <AlertCircleIcon className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden />
          <div>
            <p className="font-medium">{CHAT_MESSAGES.failed}</p>
            {failure.detail && <p className="text-muted-foreground">{failure.detail}</p>}
          </div>
        </div>
      )}
      <div ref={end} />
    </div>
  );
}

function Note({ outcome }: { outcome: Outcome }) {
  return (
    <p className="flex items-center gap-1.5 text-xs text-muted-foreground" role="status">
      {outcome === "stopped" ? (
        <CircleStopIcon className="size-3.5" aria-hidden />
      ) : (
        <AlertCircleIcon className="size-3.5" aria-hidden />
      )}
      {NOTE[outcome]}
    </p>
  );
}
