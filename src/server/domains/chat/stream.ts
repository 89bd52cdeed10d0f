import { CHAT_MESSAGES, type ChatMessageMeta } from "@shared/chat";
import type { UIMessage } from "ai";
import { AppError } from "../../lib/errors";
import type { ServiceCtx } from "../../lib/service-ctx";
import { type AskRequest, startAnswer } from "./ask";

export type ChatUIMessage = UIMessage<ChatMessageMeta>;

/**
 * The screen's answer as an AI SDK UI message stream (what useChat reads): metadata with the sources first,
 * the text as it is produced, then the saved history id. A failure before the first part throws (the door
 * answers it with its status); a failure during the stream is an error part carrying the message.
 */
export async function streamAnswer(ctx: ServiceCtx, req: AskRequest) {
  const run = await startAnswer(ctx, req);
  const { createUIMessageStream } = await import("ai");
  return createUIMessageStream<ChatUIMessage>({
    execute: async ({ writer }) => {
      writer.write({
        type: "start",
        messageMetadata: { sources: run.sources, cached: run.cached, model: run.model },
      });
      writer.write({ type: "text-start", id: "answer" });
      let text = "";
      for await (const piece of run.pieces()) {
        text += piece;
        writer.write({ type: "text-delta", id: "answer", delta: piece });
      }
      writer.write({ type: "text-end", id: "answer" });
      const { historyId, sources } = await run.finish(text);
      writer.write({ type: "message-metadata", messageMetadata: { historyId, sources } });
      writer.write({ type: "finish" });
    },
    onError: (err) => {
      if (err instanceof AppError) return err.message;
      ctx.log.error("answer stream failed", { err });
      return CHAT_MESSAGES.failed;
    },
  });
}

/** The question of a useChat request: the text of its last user message. */
export function lastUserText(messages: { role: string; parts: { type: string; text?: string }[] }[]) {
  const last = [...messages].reverse().find((m) => m.role === "user");
  return (last?.parts ?? [])
    .filter((p) => p.type === "text")
    .map((p) => p.text ?? "")
    .join("\n")
    .trim();
}
