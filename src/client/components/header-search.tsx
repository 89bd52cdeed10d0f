import { useNavigate } from "@tanstack/react-router";
import { SearchIcon, XIcon } from "lucide-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { cn, isTypingTarget } from "@/lib/utils";

/**
 * Header search: "/" focuses it (unless typing elsewhere); non-empty trimmed text opens /?search=text. On a phone
 * the header has no room for the box: a search button opens it over the header until it is used or closed.
 */
export function HeaderSearch() {
  const navigate = useNavigate();
  const inputRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState("");
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "/" || e.ctrlKey || e.metaKey || e.altKey || isTypingTarget(e.target)) return;
      e.preventDefault();
      setOpen(true);
      inputRef.current?.focus();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
  useEffect(() => {
    if (open) inputRef.current?.focus();
  }, [open]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const q = text.trim();
    if (!q) return;
    setOpen(false);
    void navigate({ to: "/", search: { search: q } });
  };

  return (
    <>
      <Button
        variant="ghost"
        size="icon-sm"
        className="md:hidden"
        aria-label="Search the portal"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        <SearchIcon />
      </Button>
      {/* biome-ignore lint/a11y/useSemanticElements: <search> is not yet styled consistently; the role is equivalent. */}
      <form
        role="search"
        onSubmit={submit}
        className={cn(
          "w-full max-w-sm md:relative md:block",
          open
            ? "fixed inset-x-0 top-0 z-50 flex h-14 max-w-none items-center gap-2 border-b bg-background px-3 md:static md:h-auto md:max-w-sm md:border-0 md:bg-transparent md:px-0"
            : "hidden",
        )}
      >
        <div className="relative flex-1">
          <SearchIcon className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" />
          <Input
            ref={inputRef}
            value={text}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key !== "Escape") return;
              inputRef.current?.blur();
              setOpen(false);
            }}
            aria-label="Search the portal"
            placeholder="Search tools and pages…"
            className="h-8 pr-8 pl-8"
          />
          <kbd className="pointer-events-none absolute top-1/2 right-2 hidden -translate-y-1/2 rounded border bg-muted px-1.5 text-[10px] text-muted-foreground md:block">
            /
          </kbd>
        </div>
        {open && (
          <Button
            type="button"
            variant="ghost"
            size="icon-sm"
            className="md:hidden"
            aria-label="Close search"
            onClick={() => setOpen(false)}
          >
            <XIcon />
          </Button>
        )}
      </form>
    </>
  );
}
