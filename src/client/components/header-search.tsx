import { ArrowRightIcon, ClipboardListIcon, SearchIcon, XIcon } from "lucide-react";
import { useId } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { cn } from "@/lib/utils";
import type { Suggestion } from "./header-search-suggestions";
import { useHeaderSearch } from "./use-header-search";

/**
 * Header search: "/" focuses it (unless typing elsewhere). Typing offers the screens that match as a list;
 * Enter opens the highlighted one (the first, unless arrowed to another), and the last offer searches the
 * dashboard (/?search=text, the spec's submit). Escape clears the text, then closes. On a phone the header has
 * no room for the box: a search button opens it over the header until it is used or closed.
 */
export function HeaderSearch() {
  const search = useHeaderSearch();
  const { inputRef, open, setOpen, active, showList } = search;
  const listId = useId();

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
        onSubmit={search.submit}
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
            role="combobox"
            aria-expanded={showList}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={showList ? `${listId}-${active}` : undefined}
            value={search.text}
            onChange={(e) => search.changeText(e.target.value)}
            onFocus={() => search.setFocused(true)}
            // After a click on an offer has landed (mousedown keeps the focus, see below).
            onBlur={() => search.setFocused(false)}
            onKeyDown={search.onKeyDown}
            aria-label="Search the portal"
            placeholder="Search tools and pages…"
            className="h-8 pr-8 pl-8"
          />
          <kbd className="pointer-events-none absolute top-1/2 right-2 hidden -translate-y-1/2 rounded border bg-muted px-1.5 text-[10px] text-muted-foreground md:block">
            /
          </kbd>
          {showList && (
            <SuggestionList
              listId={listId}
              offers={search.offers}
              active={active}
              onHover={search.setActive}
              onPick={search.go}
            />
          )}
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

/** The offers under the box; the keys stay on the input, which names the highlighted option. */
function SuggestionList({
  listId,
  offers,
  active,
  onHover,
  onPick,
}: {
  listId: string;
  offers: Suggestion[];
  active: number;
  onHover(i: number): void;
  onPick(offer: Suggestion): void;
}) {
  return (
    <div
      id={listId}
      role="listbox"
      aria-label="Suggestions"
      className="absolute inset-x-0 top-full z-50 mt-1 overflow-hidden rounded-md border bg-popover py-1 text-sm shadow-md"
    >
      {offers.map((offer, i) => (
        // biome-ignore lint/a11y/useKeyWithClickEvents: keys stay on the input (aria-activedescendant), as the combobox pattern has it
        <div
          key={offer.key}
          id={`${listId}-${i}`}
          role="option"
          tabIndex={-1}
          aria-selected={i === active}
          className={cn(
            "flex cursor-pointer items-center gap-2 px-3 py-1.5",
            i === active && "bg-accent text-accent-foreground",
          )}
          onMouseEnter={() => onHover(i)}
          // Before the input's blur hides the list.
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => onPick(offer)}
        >
          <OfferIcon kind={offer.kind} />
          <span className={offer.hint ? "shrink-0" : "min-w-0 flex-1 truncate"}>{offer.label}</span>
          {offer.hint && (
            <span className="min-w-0 flex-1 truncate text-xs text-muted-foreground">{offer.hint}</span>
          )}
        </div>
      ))}
    </div>
  );
}

function OfferIcon({ kind }: { kind: Suggestion["kind"] }) {
  if (kind === "search") return <SearchIcon className="size-4 text-muted-foreground" aria-hidden />;
  if (kind === "work-order")
    return <ClipboardListIcon className="size-4 text-muted-foreground" aria-hidden />;
  return <ArrowRightIcon className="size-4 text-muted-foreground" aria-hidden />;
}
