import type { RegisterSuggestion } from "@shared/ocr";
import { Button } from "@/components/ui/button";

/** The register's word on a reading, under it in the lists. */
export const REGISTER_TEXTS = {
  readAs: "read as",
  notInRegister: "Not in the register",
  didYouMean: "Did you mean",
} as const;

/**
 * Under a reading: "read as …" when the register corrected it (or a suggestion was taken), or "Not in the
 * register" with up to three registered work orders it may be, each one click (project and client beside it).
 */
export function RegisterNote({
  readAs,
  suggestions,
  onTake,
}: {
  readAs?: string;
  suggestions?: RegisterSuggestion[];
  onTake(workOrder: string): void;
}) {
  if (readAs)
    return (
      <p className="text-xs text-muted-foreground" data-testid="read-as">
        {REGISTER_TEXTS.readAs} <span className="font-mono">{readAs}</span>
      </p>
    );
  if (!suggestions) return null;
  return (
    <div className="space-y-1 text-xs" data-testid="not-in-register">
      <p className="font-medium text-amber-700 dark:text-amber-400">
        {REGISTER_TEXTS.notInRegister}
        {suggestions.length > 0 && (
          <span className="font-normal text-muted-foreground"> · {REGISTER_TEXTS.didYouMean}</span>
        )}
      </p>
      {suggestions.length > 0 && (
        <ul className="flex flex-wrap gap-1.5">
          {suggestions.map((s) => (
            <li key={s.work_order}>
              <Button
                size="sm"
                variant="outline"
                className="h-auto max-w-full flex-col items-start gap-0 py-1 text-left whitespace-normal"
                aria-label={`Use ${s.work_order}: ${s.project}, ${s.client}`}
                onClick={() => onTake(s.work_order)}
              >
                <span className="font-mono">{s.work_order}</span>
                <span className="line-clamp-1 text-[11px] font-normal text-muted-foreground">
                  {s.project} · {s.client}
                </span>
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
