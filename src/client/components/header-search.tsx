import type { SearchKind } from "@shared/search";
import {
  ArrowRightIcon,
  BookMarkedIcon,
  BookOpenIcon,
  BoxIcon,
  ClipboardListIcon,
  FileTextIcon,
  LifeBuoyIcon,
  SearchIcon,
  UserIcon,
  XIcon,
} from "lucide-react";
import { Fragment, useEffect, useId } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { cn } from "@/lib/utils";
import type { Suggestion } from "./header-search-suggestions";
import { useHeaderSearch } from "./use-header-search";

/**
 * Header search: "/" focuses it (unless typing elsewhere). Typing offers the screens that match and, once typing
 * pauses, what the portal's search finds (grouped by kind); Enter opens the highlighted one (the first, unless
 * arrowed to another), and the last offer is "See all results" (/search?q=text). Escape clears the text, then closes. On a phone the header has
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
            placeholder="Search tools, work orders, reports, people…"
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
              searching={search.searching}
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
  searching,
}: {
  listId: string;
  offers: Suggestion[];
  active: number;
  onHover(i: number): void;
  onPick(offer: Suggestion): void;
  searching: boolean;
}) {
  // The highlighted offer stays in view as the arrows move it through a list taller than the box.
  useEffect(() => {
    document.getElementById(`${listId}-${active}`)?.scrollIntoView({ block: "nearest" });
  }, [listId, active]);
  return (
    <div
      id={listId}
      role="listbox"
      aria-label="Suggestions"
      aria-busy={searching || undefined}
      className="absolute inset-x-0 top-full z-50 mt-1 max-h-[70vh] overflow-y-auto rounded-md border bg-popover py-1 text-sm shadow-md md:min-w-[28rem]"
    >
      {offers.map((offer, i) => (
        <Fragment key={offer.key}>
          {offer.heading && (
            <div
              role="presentation"
              className="px-3 pt-2 pb-0.5 text-xs font-medium text-muted-foreground first:pt-1"
            >
              {offer.heading}
            </div>
          )}
          {/* biome-ignore lint/a11y/useKeyWithClickEvents: keys stay on the input (aria-activedescendant), as the combobox pattern has it */}
          <div
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
            <OfferIcon offer={offer} />
            <span className={offer.hint ? "max-w-[60%] shrink-0 truncate" : "min-w-0 flex-1 truncate"}>
              {offer.label}
            </span>
            {offer.hint && (
              <span className="min-w-0 flex-1 truncate text-xs text-muted-foreground">{offer.hint}</span>
            )}
          </div>
        </Fragment>
      ))}
      {searching && (
        <p role="status" className="px-3 py-1.5 text-xs text-muted-foreground">
          Searching…
        </p>
      )}
    </div>
  );
}

/** Each kind of result its own picture, so a glance tells a work order from a person. */
const RESULT_ICONS: Record<SearchKind, typeof SearchIcon> = {
  work_orders: ClipboardListIcon,
  reports: FileTextIcon,
  documents: BookOpenIcon,
  people: UserIcon,
  tickets: LifeBuoyIcon,
  core_boxes: BoxIcon,
  binder: BookMarkedIcon,
};

function OfferIcon({ offer }: { offer: Suggestion }) {
  const { kind } = offer;
  if (kind === "search") return <SearchIcon className="size-4 text-muted-foreground" aria-hidden />;
  if (kind === "work-order")
    return <ClipboardListIcon className="size-4 text-muted-foreground" aria-hidden />;
  if (kind === "result") {
    const Icon = RESULT_ICONS[offer.of ?? "reports"];
    return <Icon className="size-4 shrink-0 text-muted-foreground" aria-hidden />;
  }
  return <ArrowRightIcon className="size-4 text-muted-foreground" aria-hidden />;
}
