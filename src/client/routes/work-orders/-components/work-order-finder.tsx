import { countText, linkParts, type SearchHit } from "@shared/search";
import { parseWorkOrder } from "@shared/work-orders";
import { useNavigate } from "@tanstack/react-router";
import { ArrowRightIcon, SearchIcon } from "lucide-react";
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { ErrorState } from "@/components/error-state";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Snippet } from "@/features/reports/snippet";
import { ResultLink } from "@/features/search/search-groups";
import { useDebounced, useWorkOrderFinder } from "@/features/search/use-search";
import { currentHeading, focusScreenHeading } from "@/lib/focus";

/**
 * The Work Orders finder: a number or its start ("4321" → 4321-01, 4321-02A…), a client or a project name,
 * with the register's matching lines listed as you type, each linking to its work order's page. Enter opens a
 * whole work order typed out, else the first line found. The text follows the URL (?q=), so "Open the list"
 * from the one search lands here with it.
 */
export function WorkOrderFinder({ initial, onSettle }: { initial: string; onSettle(q: string): void }) {
  const navigate = useNavigate();
  const id = useId();
  const listRef = useRef<HTMLUListElement>(null);
  const [text, setText] = useState(initial);
  const settled = useDebounced(text.trim());
  const { q, query } = useWorkOrderFinder(text);
  useEffect(() => {
    if (settled !== initial) onSettle(settled);
  }, [settled, initial, onSettle]);

  const open = (to: string) => {
    const before = currentHeading();
    void navigate(linkParts(to) as never).then(() => focusScreenHeading(before));
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const whole = parseWorkOrder(text);
    const first = query.data?.hits[0];
    if (whole) open(`/work-orders/${encodeURIComponent(whole.work_order)}`);
    else if (first) open(first.link);
  };
  // Down from the field goes into the list; up and down move along it (Tab works as well).
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== "ArrowDown" && e.key !== "ArrowUp") return;
    const links = [...(listRef.current?.querySelectorAll<HTMLElement>("a") ?? [])];
    if (!links.length) return;
    e.preventDefault();
    const at = links.indexOf(document.activeElement as HTMLElement);
    const next = e.key === "ArrowDown" ? Math.min(at + 1, links.length - 1) : at - 1;
    if (next < 0) document.getElementById(`${id}-field`)?.focus();
    else links[next]?.focus();
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: arrow keys move between the field and the list's links
    <div onKeyDown={onKeyDown} className="max-w-2xl">
      {/* biome-ignore lint/a11y/useSemanticElements: <search> is not yet styled consistently; the role is equivalent. */}
      <form role="search" aria-label="Find a work order" onSubmit={submit} className="flex gap-2">
        <div className="relative flex-1">
          <SearchIcon
            className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden
          />
          <Input
            id={`${id}-field`}
            type="search"
            aria-label="Work order, client or project"
            aria-controls={`${id}-results`}
            placeholder="Work order, client or project, e.g. 4321 or Kapolei"
            value={text}
            autoFocus
            onChange={(e) => setText(e.target.value)}
            className="h-9 pl-8"
          />
        </div>
        <Button type="submit" size="sm" className="h-9">
          Open <ArrowRightIcon aria-hidden />
        </Button>
      </form>
      <FinderResults
        id={`${id}-results`}
        listRef={listRef}
        asked={q}
        pending={query.isFetching && !query.data}
        hits={query.data?.hits}
        count={query.data ? countText(query.data) : ""}
        error={query.error}
        retry={() => void query.refetch()}
      />
    </div>
  );
}

function FinderResults({
  id,
  listRef,
  asked,
  pending,
  hits,
  count,
  error,
  retry,
}: {
  id: string;
  listRef: React.RefObject<HTMLUListElement | null>;
  asked: string | null;
  pending: boolean;
  hits: SearchHit[] | undefined;
  count: string;
  error: { message: string } | null;
  retry(): void;
}) {
  if (asked === null) return <div id={id} />;
  if (error)
    return <ErrorState className="mt-4" message={`The search failed: ${error.message}`} onRetry={retry} />;
  if (pending || !hits)
    return (
      <p id={id} role="status" className="mt-3 text-sm text-muted-foreground">
        Searching…
      </p>
    );
  return (
    <div id={id} className="mt-3">
      <p role="status" className="mb-1 text-sm text-muted-foreground">
        {hits.length
          ? `${count} in the project register for “${asked}”`
          : `No work order in the project register matches “${asked}”.`}
      </p>
      {hits.length > 0 && (
        <ul ref={listRef} aria-label="Work orders found" className="divide-y rounded-lg border bg-card">
          {hits.map((h) => (
            <li key={h.key}>
              <ResultLink
                link={h.link}
                className="flex flex-col gap-0.5 px-3 py-2 hover:bg-accent focus-visible:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none sm:flex-row sm:items-baseline sm:gap-3"
              >
                <span className="shrink-0 font-medium text-primary tabular-nums">{h.title}</span>
                <div className="min-w-0 text-sm break-words text-muted-foreground [&>p]:mt-0">
                  {h.snippet.length ? <Snippet parts={h.snippet} /> : h.detail}
                </div>
              </ResultLink>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
