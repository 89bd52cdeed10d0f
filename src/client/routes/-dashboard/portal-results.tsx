import { countText, pathWith, type SearchResult } from "@shared/search";
import { ArrowRightIcon } from "lucide-react";
import { ErrorState } from "@/components/error-state";
import { ResultLink, SearchGroups } from "@/features/search/search-groups";

/**
 * What the dashboard's search box finds across the portal (the header's search, grouped by kind), under the box
 * and above the tools it also filters; "See all results" opens /search with the same text.
 */
export function PortalResults({
  q,
  pending,
  data,
  error,
  retry,
}: {
  q: string | null;
  pending: boolean;
  data: SearchResult | undefined;
  error: { message: string } | null;
  retry(): void;
}) {
  if (q === null) return null;
  const found = data?.groups.filter((g) => g.hits.length > 0) ?? [];
  return (
    <section aria-labelledby="portal-results" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="portal-results" className="text-lg font-semibold">
          Across the portal
        </h2>
        <ResultLink
          link={pathWith("/search", { q })}
          className="inline-flex items-center gap-1 rounded-sm text-sm text-primary underline-offset-2 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          See all results <ArrowRightIcon className="size-3.5" aria-hidden />
        </ResultLink>
      </div>
      {error ? (
        <ErrorState message={`The search failed: ${error.message}`} onRetry={retry} />
      ) : pending && !data ? (
        <p role="status" className="text-sm text-muted-foreground">
          Searching…
        </p>
      ) : found.length === 0 ? (
        <p role="status" className="text-sm text-muted-foreground">
          No work orders, reports, documents, people, tickets, core boxes or binder rows match “{q}”.
        </p>
      ) : (
        <>
          <p role="status" className="sr-only">
            {countText({ count: data!.total, capped: data!.capped })} results across the portal
          </p>
          <SearchGroups groups={found} />
        </>
      )}
    </section>
  );
}
