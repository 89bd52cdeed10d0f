import { SEARCH_MIN } from "@shared/list-total";
import { countText, SEARCH_KINDS, SEARCH_MAX_LIMIT, type SearchResult } from "@shared/search";
import { getRouteApi } from "@tanstack/react-router";
import { SearchXIcon } from "lucide-react";
import { ErrorState } from "@/components/error-state";
import { Screen } from "@/components/screen";
import { SearchBox } from "@/components/search-box";
import { SearchGroups } from "@/features/search/search-groups";
import { useSearchAll } from "@/features/search/use-search";

const route = getRouteApi("/search");

/**
 * All results of one search, grouped by kind with counts, each group linking on to its screen. The text is in
 * the URL (/search?q=…), so the header's "See all results" and a bookmark open the same page.
 */
export function SearchScreen() {
  const { q = "" } = route.useSearch();
  const navigate = route.useNavigate();
  const { q: asked, query } = useSearchAll(q, SEARCH_MAX_LIMIT / 2, false);
  const setQ = (value: string) => void navigate({ search: value ? { q: value } : {}, replace: true });
  return (
    <Screen path="/search" title="Search">
      <p className="-mt-4 mb-4 text-sm text-muted-foreground">
        Work orders, reports, document databases, people, IT tickets, core boxes and binder rows: each as its
        own screen shows it to you.
      </p>
      <SearchBox
        value={q}
        onCommit={setQ}
        label="Search the portal"
        placeholder="Work order, client, project, words in a report, a person…"
        className="mb-6 sm:w-full sm:max-w-xl"
        inputClassName="sm:w-full"
        minChars={SEARCH_MIN}
      />
      <Results
        asked={asked}
        pending={query.isPending && asked !== null}
        data={query.data}
        error={query.error}
        retry={() => void query.refetch()}
      />
    </Screen>
  );
}

function Results({
  asked,
  pending,
  data,
  error,
  retry,
}: {
  asked: string | null;
  pending: boolean;
  data: SearchResult | undefined;
  error: { message: string } | null;
  retry(): void;
}) {
  if (asked === null) return null;
  if (error) return <ErrorState message={`The search failed: ${error.message}`} onRetry={retry} />;
  if (pending || !data)
    return (
      <p role="status" className="text-sm text-muted-foreground">
        Searching…
      </p>
    );
  const found = data.groups.filter((g) => g.hits.length > 0);
  if (!found.length)
    return (
      <section
        role="status"
        className="flex flex-col items-center gap-2 rounded-xl border border-dashed p-10 text-center"
      >
        <SearchXIcon className="size-8 text-muted-foreground" aria-hidden />
        <h2 className="font-semibold">No results for “{data.q}”</h2>
        <p className="text-sm text-muted-foreground">
          Try a work order number (4321 or 4321-07), a client or project name, or other words.
        </p>
      </section>
    );
  const order = new Map(SEARCH_KINDS.map((k, i) => [k, i]));
  return (
    <>
      <p role="status" className="mb-3 text-sm text-muted-foreground">
        {countText({ count: data.total, capped: data.capped })}{" "}
        {data.total === 1 && !data.capped ? "result" : "results"} for “{data.q}” in {found.length}{" "}
        {found.length === 1 ? "group" : "groups"}
        {data.capped ? " (counts stop at 50 per group)" : ""}.
      </p>
      <SearchGroups groups={[...found].sort((a, b) => order.get(a.kind)! - order.get(b.kind)!)} />
    </>
  );
}
