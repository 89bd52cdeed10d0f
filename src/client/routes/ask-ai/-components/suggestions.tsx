import { CHAT_TEXTS, SUGGESTIONS_SHOWN } from "@shared/chat";
import { LightbulbIcon } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";

/** The database's suggested questions: the first 6, the rest behind "Show N More" / "Show Less". */
export function Suggestions({
  questions,
  onPick,
  disabled,
  centered = false,
}: {
  questions: readonly string[];
  onPick: (q: string) => void;
  disabled: boolean;
  /** In the empty chat: centred under "Ready to Help", with a heading. */
  centered?: boolean;
}) {
  const [all, setAll] = useState(false);
  if (!questions.length) return null;
  const shown = all ? questions : questions.slice(0, SUGGESTIONS_SHOWN);
  const hidden = questions.length - SUGGESTIONS_SHOWN;
  return (
    <section aria-label={CHAT_TEXTS.suggested} className="space-y-2">
      {centered && (
        <h2 className="flex items-center justify-center gap-1.5 text-xs font-medium text-muted-foreground">
          <LightbulbIcon className="size-3.5" aria-hidden />
          {CHAT_TEXTS.suggested}
        </h2>
      )}
      <div className={centered ? "flex flex-wrap justify-center gap-1.5" : "flex flex-wrap gap-1.5"}>
        {shown.map((q) => (
          <Button
            key={q}
            variant="outline"
            size="sm"
            className="h-auto max-w-full py-1.5 text-left whitespace-normal"
            disabled={disabled}
            onClick={() => onPick(q)}
          >
            {q}
          </Button>
        ))}
        {hidden > 0 && (
          <Button variant="ghost" size="sm" className="text-primary" onClick={() => setAll((v) => !v)}>
            {all ? CHAT_TEXTS.showLess : CHAT_TEXTS.showMore(hidden)}
          </Button>
        )}
      </div>
    </section>
  );
}
