import { CHAT_TEXTS, MAX_QUESTION_CHARS } from "@shared/chat";
import { RotateCcwIcon, SendIcon, SquareIcon } from "lucide-react";
import { forwardRef, useEffect } from "react";
import { Button } from "@/components/ui/button";
import { Textarea } from "@/components/ui/input";
import { Tooltip } from "@/components/ui/misc";
import { usePhone } from "@/lib/use-media-query";

/**
 * The question box: Enter sends, Shift+Enter adds a line, Ctrl/Cmd+K focuses it from anywhere on the screen.
 * Stop while an answer is on its way; regenerate the last answer (never from the cache); send.
 */
export const ChatInput = forwardRef<
  HTMLTextAreaElement,
  {
    value: string;
    onChange: (v: string) => void;
    onSend: () => void;
    onStop: () => void;
    onRegenerate: () => void;
    busy: boolean;
    canRegenerate: boolean;
  }
>(function ChatInput({ value, onChange, onSend, onStop, onRegenerate, busy, canRegenerate }, ref) {
  const phone = usePhone();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key.toLowerCase() !== "k" || !(e.ctrlKey || e.metaKey) || e.altKey) return;
      e.preventDefault();
      if (ref && typeof ref === "object") ref.current?.focus();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [ref]);

  return (
    <form
      className="flex items-end gap-2 border-t p-3"
      onSubmit={(e) => {
        e.preventDefault();
        onSend();
      }}
    >
      <Textarea
        ref={ref}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault();
            onSend();
          }
        }}
        placeholder={phone ? CHAT_TEXTS.placeholderShort : CHAT_TEXTS.placeholder}
        aria-label="Question"
        aria-keyshortcuts="Control+K Meta+K"
        title="Ctrl+K (⌘K) from anywhere on this screen focuses the question"
        maxLength={MAX_QUESTION_CHARS}
        rows={2}
        className="max-h-48 min-h-11 resize-none bg-background"
      />
      <div className="flex shrink-0 gap-1.5">
        {busy ? (
          <Tooltip content={CHAT_TEXTS.stop}>
            <Button type="button" variant="outline" size="icon" onClick={onStop} aria-label={CHAT_TEXTS.stop}>
              <SquareIcon className="fill-current" aria-hidden />
            </Button>
          </Tooltip>
        ) : (
          <Tooltip content={CHAT_TEXTS.regenerate}>
            <Button
              type="button"
              variant="outline"
              size="icon"
              onClick={onRegenerate}
              disabled={!canRegenerate}
              aria-label={CHAT_TEXTS.regenerate}
            >
              <RotateCcwIcon aria-hidden />
            </Button>
          </Tooltip>
        )}
        <Button type="submit" disabled={busy} aria-label={CHAT_TEXTS.send}>
          <SendIcon aria-hidden />
          <span className="hidden sm:inline">{CHAT_TEXTS.send}</span>
        </Button>
      </div>
    </form>
  );
});
