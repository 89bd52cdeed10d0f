import { can } from "@shared/permissions";
import { useNavigate } from "@tanstack/react-router";
import { type FormEvent, type KeyboardEvent, useEffect, useMemo, useRef, useState } from "react";
import { useSuggestions } from "@/features/search/use-search";
import { useAuth } from "@/lib/auth";
import { currentHeading, focusScreenHeading } from "@/lib/focus";
import { isTypingTarget } from "@/lib/utils";
import { type Suggestion, suggestionsFor } from "./header-search-suggestions";

/**
 * The header search's state: the text, the offers it matches (screens, and the portal search's results once it
 * answers), the highlighted one, whether the box is open (on a phone) and focused. "/" anywhere but in a text field opens and focuses it.
 */
export function useHeaderSearch() {
  const navigate = useNavigate();
  const { me } = useAuth();
  const inputRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState("");
  const [open, setOpen] = useState(false);
  const [picked, setActive] = useState(0);
  const [focused, setFocused] = useState(false);
  // The portal's search as you type (debounced); tool names answer at once, results join when they come.
  const found = useSuggestions(text);
  const offers = useMemo(
    () => suggestionsFor(text, can(me ?? null, "admin.view"), found.data),
    [text, me, found.data],
  );
  // Results arriving (or leaving) change the list under the highlight: it never points past the end.
  const active = Math.max(0, Math.min(picked, offers.length - 1));

  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
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

  const go = (offer: Suggestion | undefined) => {
    if (!offer) return;
    setText("");
    setOpen(false);
    const before = currentHeading();
    inputRef.current?.blur();
    // The box closes as the screen opens: focus goes on to the screen's heading, not to the page's body.
    void navigate(offer.to).then(() => focusScreenHeading(before));
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    go(offers[active]);
  };
  const changeText = (value: string) => {
    setText(value);
    setActive(0);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      const step = e.key === "ArrowDown" ? 1 : -1;
      setActive((active + step + offers.length) % Math.max(1, offers.length));
    } else if (e.key === "Escape") {
      // First the text goes (the next "/" starts fresh), then the box.
      if (text) return setText("");
      inputRef.current?.blur();
      setOpen(false);
    }
  };

  return {
    inputRef,
    text,
    changeText,
    open,
    setOpen,
    active,
    setActive,
    setFocused,
    offers,
    showList: focused && offers.length > 0,
    searching: found.pending,
    go,
    submit,
    onKeyDown,
  };
}
