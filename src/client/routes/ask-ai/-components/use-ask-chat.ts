import { useChat } from "@ai-sdk/react";
import { CHAT_MESSAGES, type ChatHistoryEntry } from "@shared/chat";
import { DefaultChatTransport } from "ai";
import { useCallback, useMemo, useRef, useState } from "react";
import { errorField, isNetworkFailure, parseJson } from "@/lib/api";
import { authHeaders } from "@/lib/session";
import { type ChatMessage, messageText } from "./chat-model";

export interface AskSettings {
  db: string;
  useWeb: boolean;
  useCache: boolean;
  /** Only this work order's reports (db is reports.db). */
  workOrder?: string;
}

/** What to say under an assistant message that did not end normally. */
export type Outcome = "stopped" | "failed" | "empty";

/**
 * The conversation on the screen: useChat over POST /api/chat (the AI SDK UI message stream). Only the latest
 * question is sent, with the database and toggles of the moment; regenerate re-asks it without the cache.
 */
export function useAskChat(settings: AskSettings, onAnswered: () => void) {
  const current = useRef(settings);
  current.current = settings;
  const [outcomes, setOutcomes] = useState<Record<string, Outcome>>({});
  /** The spec's failure text is fixed; the server's reason (a timeout, the service down) is shown under it. */
  const [failure, setFailure] = useState<{ detail: string } | null>(null);

  const transport = useMemo(() => askTransport(current), []);

  const chat = useChat<ChatMessage>({
    transport,
    onFinish: ({ message, isAbort, isError }) => {
      const outcome = outcomeOf(message, isAbort, isError);
      if (outcome) setOutcomes((o) => ({ ...o, [message.id]: outcome }));
      if (!isAbort && !isError) onAnswered();
    },
    onError: (err) => setFailure({ detail: reason(err) }),
  });

  const ask = useCallback(
    (text: string) => {
      setFailure(null);
      void chat.sendMessage({ text });
    },
    [chat.sendMessage],
  );

  const regenerate = useCallback(() => {
    setFailure(null);
    void chat.regenerate();
  }, [chat.regenerate]);

  /** Show an earlier question and its answer from the history panel. */
  const load = useCallback(
    (entry: ChatHistoryEntry) => {
      void chat.stop();
      setFailure(null);
      chat.setMessages(historyMessages(entry));
    },
    [chat.stop, chat.setMessages],
  );

  const clear = useCallback(() => {
    void chat.stop();
    setFailure(null);
    chat.setMessages([]);
  }, [chat.stop, chat.setMessages]);

  /** Stop; a question stopped before any answer text arrived is marked on the question itself. */
  const stop = useCallback(() => {
    const last = chat.messages.at(-1);
    if (chat.status === "submitted" && last?.role === "user") {
      setOutcomes((o) => ({ ...o, [last.id]: "stopped" }));
    }
    void chat.stop();
  }, [chat.stop, chat.status, chat.messages]);

  const busy = chat.status === "submitted" || chat.status === "streaming";
  return { ...chat, ask, regenerate, load, clear, stop, busy, outcomes, failure };
}

/**
 * POST /api/chat with only the latest question, and the settings of the moment (read from `current` when the
 * request goes, not when the transport was made); a regenerated answer skips the cache.
 */
function askTransport(current: { readonly current: AskSettings }) {
  return new DefaultChatTransport<ChatMessage>({
    api: "/api/chat",
    credentials: "same-origin",
    prepareSendMessagesRequest: async ({ messages, trigger }) => {
      const s = current.current;
      const last = [...messages].reverse().find((m) => m.role === "user");
      return {
        headers: await authHeaders(),
        body: {
          db: s.db,
          use_web: s.useWeb,
          use_cache: trigger === "regenerate-message" ? false : s.useCache,
          work_order: s.workOrder,
          messages: last ? [{ role: "user", parts: last.parts }] : [],
        },
      };
    },
  });
}

/** How an answer ended, when that needs a note: stopped, failed, or finished without any text. */
function outcomeOf(message: ChatMessage, isAbort: boolean, isError: boolean): Outcome | null {
  if (isAbort) return "stopped";
  if (isError) return "failed";
  return messageText(message).trim() ? null : "empty";
}

/** An earlier question and its answer from the history, as the two messages of a chat. */
function historyMessages(entry: ChatHistoryEntry): ChatMessage[] {
  return [
    { id: `h${entry.id}-q`, role: "user", parts: [{ type: "text", text: entry.question }] },
    {
      id: `h${entry.id}-a`,
      role: "assistant",
      parts: [{ type: "text", text: entry.answer }],
      metadata: { sources: entry.sources, cached: entry.cached, historyId: entry.id },
    },
  ];
}

/** The server's own message when it sent one we can show (JSON `{ error }` or the stream's error text). */
function reason(err: Error): string {
  const text = errorField(parseJson(err.message ?? "")) ?? err.message ?? "";
  return text && text !== CHAT_MESSAGES.failed && !isNetworkFailure(text) ? text.slice(0, 300) : "";
}
