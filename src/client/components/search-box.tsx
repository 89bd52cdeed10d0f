import { SearchIcon } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { Input } from "@/components/ui/input";
import { usePhone } from "@/lib/use-media-query";
import { cn } from "@/lib/utils";

/**
 * A search field that commits to the URL after a short pause (or on Enter), so typing doesn't fire a request
 * per keystroke and the committed text is shareable.
 */
export function SearchBox({
  value,
  onCommit,
  label,
  placeholder,
  shortPlaceholder,
  className,
  inputClassName,
  icon = true,
  invalid,
  describedBy,
  onType,
  minChars,
}: {
  value: string;
  onCommit(v: string): void;
  /** Every keystroke, for screens that filter in the browser and can answer at once. */
  onType?(v: string): void;
  label: string;
  placeholder?: string;
  /** What a phone shows instead, where the full placeholder would be cut off (default "Search…"). */
  shortPlaceholder?: string;
  className?: string;
  inputClassName?: string;
  /** The magnifier (off for plain filter fields such as a W.O. prefix). */
  icon?: boolean;
  invalid?: boolean;
  /** The id of the text that explains an invalid value. */
  describedBy?: string;
  /**
   * Shorter text is not searched (long lists: a search needs 2 characters): the field says so under it and
   * commits no search until there is enough.
   */
  minChars?: { count: number; hint: string };
}) {
  const { text, setText, tooShort, committed } = useSearchText(value, onCommit, minChars);
  const phone = usePhone();
  const hintId = useId();
  return (
    <div className={cn("relative w-full sm:w-auto", className)}>
      {icon && (
        <SearchIcon
          className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden
        />
      )}
      <Input
        type="search"
        aria-label={label}
        aria-invalid={invalid || undefined}
        aria-describedby={[describedBy, tooShort ? hintId : undefined].filter(Boolean).join(" ") || undefined}
        placeholder={phone ? (shortPlaceholder ?? "Search…") : (placeholder ?? "Search…")}
        className={cn("w-full sm:w-64", icon && "pl-8", inputClassName)}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          onType?.(e.target.value);
        }}
        onKeyDown={(e) => e.key === "Enter" && onCommit(committed)}
      />
      {tooShort && (
        <p
          id={hintId}
          role="status"
          className="absolute top-full left-0 z-10 mt-0.5 text-xs text-muted-foreground"
        >
          {minChars?.hint}
        </p>
      )}
    </div>
  );
}

/**
 * The text typed, following `value` when it changes elsewhere, and committed after a 300 ms pause (trimmed; none
 * while it is shorter than `minChars`).
 */
function useSearchText(value: string, onCommit: (v: string) => void, minChars?: { count: number }) {
  const [text, setText] = useState(value);
  const trimmed = text.trim();
  const tooShort = !!minChars && trimmed !== "" && [...trimmed].length < minChars.count;
  const committed = tooShort ? "" : trimmed;
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (committed === value) return;
    const id = setTimeout(() => onCommit(committed), 300);
    return () => clearTimeout(id);
  }, [committed, value, onCommit]);
  return { text, setText, tooShort, committed };
}
