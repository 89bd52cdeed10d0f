import { SearchIcon } from "lucide-react";
import { useEffect, useState } from "react";
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
}) {
  const [text, setText] = useState(value);
  const phone = usePhone();
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text.trim() === value) return;
    const id = setTimeout(() => onCommit(text.trim()), 300);
    return () => clearTimeout(id);
  }, [text, value, onCommit]);
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
        aria-describedby={describedBy}
        placeholder={phone ? (shortPlaceholder ?? "Search…") : (placeholder ?? "Search…")}
        className={cn("w-full sm:w-64", icon && "pl-8", inputClassName)}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          onType?.(e.target.value);
        }}
        onKeyDown={(e) => e.key === "Enter" && onCommit(text.trim())}
      />
    </div>
  );
}
