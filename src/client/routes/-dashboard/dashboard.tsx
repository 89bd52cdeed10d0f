import { type DashboardKpis, firstName, greeting, searchCategories } from "@shared/dashboard";
import { CATEGORIES, navItemFor } from "@shared/navigation";
import { can } from "@shared/permissions";
import { getRouteApi } from "@tanstack/react-router";
import { PencilIcon, RotateCcwIcon, SearchIcon, SearchXIcon, SparklesIcon } from "lucide-react";
import { useMemo, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { useSearchAll } from "@/features/search/use-search";
import { useAuth } from "@/lib/auth";
import { useFavorites, useRecents } from "@/lib/pinned-pages";
import { trpc } from "@/lib/trpc";
import { CategoryGrid } from "./category-grid";
import { ExpiringBoxes } from "./expiring-boxes";
import { KpiCards } from "./kpi-cards";
import { useDashboardLayout } from "./layout";
import { PinnedSection } from "./pinned-section";
import { PortalResults } from "./portal-results";
import { RepoPanel } from "./repo-panel";

const route = getRouteApi("/");

export function Dashboard() {
  const { me } = useAuth();
  const { search = "" } = route.useSearch();
  const navigate = route.useNavigate();
  const [editing, setEditing] = useState(false);
  const kpis = trpc.dashboard.kpis.useQuery(undefined, { staleTime: 30_000 });
  const { favorites, toggle, isFavorite } = useFavorites();
  const { recents } = useRecents();
  const layout = useDashboardLayout(CATEGORIES);
  // The same search as the header's: the box's text finds work orders, reports, people… as well as tools.
  const portal = useSearchAll(search, 3);
  const portalFound = !!portal.query.data?.groups.some((g) => g.hits.length > 0);

  const matches = useMemo(() => {
    const order = new Map(layout.ordered.map((c, i) => [c.id, i]));
    return searchCategories(CATEGORIES, search).sort(
      (a, b) => order.get(a.category.id)! - order.get(b.category.id)!,
    );
  }, [layout.ordered, search]);

  const isAdmin = can(me ?? null, "admin.view");
  const isDisabled = (path: string) => navItemFor(path)?.access === "admin" && !isAdmin;
  // The search box edits the URL (replace, not push) so /?search=… links and the header search share one state.
  const setSearch = (value: string) => navigate({ search: value ? { search: value } : {}, replace: true });

  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-8">
      <Welcome
        name={firstName(me?.name, me?.email)}
        analyticsReady={kpis.isSuccess}
        editing={editing}
        onToggleEditing={() => setEditing((e) => !e)}
        onReset={layout.reset}
      />

      <KpiBlock pending={kpis.isPending} kpis={kpis.data} />

      <ExpiringBoxes />

      <DashboardSearch value={search} onChange={setSearch} />

      <PortalResults
        q={portal.q}
        pending={portal.query.isFetching}
        data={portal.query.data}
        error={portal.query.error}
        retry={() => void portal.query.refetch()}
      />

      <div className="grid gap-4 lg:grid-cols-2">
        {/* The server lists only pages this person may open; a role changed since the list came is caught here. */}
        <PinnedSection kind="favorites" pages={favorites.filter((p) => !isDisabled(p.path))} />
        <PinnedSection kind="recents" pages={recents.filter((p) => !isDisabled(p.path))} />
      </div>

      {matches.length === 0 ? (
        // Tools matching nothing is "no results" only when the portal's search found nothing either.
        portalFound || (portal.q !== null && portal.query.isFetching) ? null : (
          <NoResults />
        )
      ) : (
        <CategoryGrid
          matches={matches}
          query={search}
          editing={editing}
          layout={layout}
          isFavorite={isFavorite}
          onToggleFavorite={toggle}
          isDisabled={isDisabled}
        />
      )}

      <RepoPanel />
    </div>
  );
}

/** Today's date, the greeting, the spec's "Analytics Ready" badge (once the key figures are in) and the layout buttons. */
function Welcome({
  name,
  analyticsReady,
  editing,
  onToggleEditing,
  onReset,
}: {
  name: string;
  analyticsReady: boolean;
  editing: boolean;
  onToggleEditing(): void;
  onReset(): void;
}) {
  const now = new Date();
  return (
    <section className="flex flex-wrap items-end justify-between gap-4 rounded-2xl border bg-gradient-to-br from-primary/10 via-card to-card p-6">
      <div>
        <p className="text-sm text-muted-foreground">
          {now.toLocaleDateString(undefined, {
            weekday: "long",
            year: "numeric",
            month: "long",
            day: "numeric",
          })}
        </p>
        <h1 tabIndex={-1} className="mt-1 text-2xl font-semibold tracking-tight outline-none sm:text-3xl">
          {greeting(now)}, {name}
        </h1>
        <p className="mt-1 text-muted-foreground">
          Your geotechnical data platform: documents, reports, core boxes and more.
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {analyticsReady && (
          <Badge className="gap-1" title="The key figures below are loaded and up to date">
            <SparklesIcon className="size-3" aria-hidden /> Analytics Ready
          </Badge>
        )}
        <Button
          variant={editing ? "default" : "outline"}
          size="sm"
          aria-pressed={editing}
          onClick={onToggleEditing}
        >
          <PencilIcon /> {editing ? "Done editing" : "Edit layout"}
        </Button>
        <Button variant="outline" size="sm" onClick={onReset}>
          <RotateCcwIcon /> Reset
        </Button>
      </div>
    </section>
  );
}

function NoResults() {
  return (
    <section
      className="flex flex-col items-center gap-2 rounded-xl border border-dashed p-10 text-center"
      role="status"
    >
      <SearchXIcon className="size-8 text-muted-foreground" aria-hidden />
      <h2 className="font-semibold">No results found</h2>
      <p className="text-sm text-muted-foreground">
        Try adjusting your search terms or browse the available categories above.
      </p>
    </section>
  );
}

/** The key figures, with a loading line while they come (said once to screen readers). */
function KpiBlock({ pending, kpis }: { pending: boolean; kpis: DashboardKpis | undefined }) {
  return (
    <>
      {pending && (
        <p className="sr-only" role="status">
          Loading dashboard…
        </p>
      )}
      {pending ? (
        <div>
          <p className="mb-2 text-sm text-muted-foreground" aria-hidden>
            Loading dashboard…
          </p>
          <KpiCards kpis={undefined} loading />
        </div>
      ) : (
        <KpiCards kpis={kpis} loading={false} />
      )}
    </>
  );
}

function DashboardSearch({ value, onChange }: { value: string; onChange(value: string): void }) {
  return (
    <div className="relative">
      <SearchIcon
        className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden
      />
      <Input
        type="search"
        aria-label="Search the dashboard"
        placeholder="Search tools, documents, and features…"
        className="h-11 pl-9"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}
