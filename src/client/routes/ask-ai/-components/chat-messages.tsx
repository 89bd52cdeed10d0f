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

  if (!messages.length) return <ReadyToHelp>{empty}</ReadyToHelp>;

  // "Thinking" until the first words arrive (the stream opens with the sources, before any text).
  const busy = status === "submitted" || status === "streaming";
  const waiting = busy && !!last && !outcomes[last.id] && (last.role === "user" || !lastText.trim());
  return (
    <div className="space-y-4 p-4" aria-live="polite">
      {messages.map((m, i) =>
        m.role === "user" ? (
          <Question key={m.id} text={messageText(m)} outcome={outcomes[m.id]} />
        ) : (
          <AssistantMessage
            key={m.id}
            db={db}
            message={m}
            streaming={status === "streaming" && i === messages.length - 1}
            outcome={outcomes[m.id]}
            failed={!!failure}
            ratings={ratings}
          />
        ),
      )}
      {waiting && <Thinking />}
      {failure && <Failure detail={failure.detail} />}
      <div ref={end} />
    </div>
  );
}

/** The empty chat: what it is for, and the suggested questions. */
function ReadyToHelp({ children }: { children?: React.ReactNode }) {
  return (
    <div className="flex min-h-full flex-col items-center justify-center gap-3 p-6 text-center">
      <div className="flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
        <BotIcon className="size-6" aria-hidden />
      </div>
      <h2 className="text-lg font-semibold">{CHAT_TEXTS.readyToHelp}</h2>
      <p className="max-w-md text-sm text-muted-foreground">{CHAT_TEXTS.readyHint}</p>
      {children && <div className="mt-4 w-full max-w-3xl text-left">{children}</div>}
    </div>
  );
}

function Question({ text, outcome }: { text: string; outcome: Outcome | undefined }) {
  return (
    <div className="flex flex-col items-end gap-1">
      <div className="max-w-[85%] rounded-lg bg-primary px-3 py-2 text-sm whitespace-pre-wrap text-primary-foreground">
        {text}
      </div>
      {outcome && <Note outcome={outcome} />}
    </div>
  );
}

/** An answer, and its note when it did not end normally (a failure with its own alert below needs none). */
function AssistantMessage({
  db,
  message: m,
  streaming,
  outcome,
  failed,
  ratings,
}: {
  db: string;
  message: ChatMessage;
  streaming: boolean;
  outcome: Outcome | undefined;
  failed: boolean;
  ratings: Record<number, "up" | "down" | null>;
}) {
  const text = messageText(m);
  const meta = m.metadata ?? {};
  return (
    <div className="space-y-1">
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
      {outcome && !(outcome === "failed" && failed) && <Note outcome={outcome} />}
    </div>
  );
}

function Thinking() {
  return (
    <div className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
      <BotIcon className="size-4" aria-hidden />
      <span>{CHAT_TEXTS.thinking}</span>
      <span className="flex gap-0.5" aria-hidden>
        <span className="size-1 animate-bounce rounded-full bg-current [animation-delay:-0.3s]" />
        <span className="size-1 animate-bounce rounded-full bg-current [animation-delay:-0.15s]" />
        <span className="size-1 animate-bounce rounded-full bg-current" />
      </span>
    </div>
  );
}

/** The spec's fixed failure text, with the server's reason under it when it gave one. */
function Failure({ detail }: { detail: string }) {
  return (
    <div
      role="alert"
      className="flex items-start gap-2 rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm"
    >
      <AlertCircleIcon className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden />
      <div>
        <p className="font-medium">{CHAT_MESSAGES.failed}</p>
        {detail && <p className="text-muted-foreground">{detail}</p>}
      </div>
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
