import { useNavigate } from "@tanstack/react-router";
import { SearchIcon } from "lucide-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { Input } from "@/components/ui/input";
import { isTypingTarget } from "@/lib/utils";

/** Header search: "/" focuses it (unless typing elsewhere); non-empty trimmed text opens /?search=text. */
export function HeaderSearch() {
  const navigate = useNavigate();
  const inputRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState("");

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "/" || e.ctrlKey || e.metaKey || e.altKey || isTypingTarget(e.target)) return;
      e.preventDefault();
      inputRef.current?.focus();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const q = text.trim();
    if (!q) return;
    void navigate({ to: "/", search: { search: q } });
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is not yet styled consistently; the role is equivalent.
    <form role="search" onSubmit={submit} className="relative hidden w-full max-w-sm md:block">
      <SearchIcon className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" />
      <Input
        ref={inputRef}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => e.key === "Escape" && inputRef.current?.blur()}
        aria-label="Search the portal"
        placeholder="Search tools and pages…"
        className="h-8 pr-8 pl-8"
      />
      <kbd className="pointer-events-none absolute top-1/2 right-2 -translate-y-1/2 rounded border bg-muted px-1.5 text-[10px] text-muted-foreground">
        /
      </kbd>
    </form>
  );
}
