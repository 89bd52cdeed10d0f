import { ChevronsDownIcon } from "lucide-react";
import { Button } from "@/components/ui/button";

interface Source {
  label: string;
  loaded: number;
  hasMore: boolean;
  loading: boolean;
  onLoad(): void;
}

/** How many people each source has loaded, and 'Load more' (the next 200) while a source has a next page. */
export function LoadMore({ sources }: { sources: Source[] }) {
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-muted-foreground">
      {sources.map((s) => (
        <span key={s.label} className="inline-flex items-center gap-2">
          <span data-testid={`loaded-${s.label}`}>
            {s.label}: {s.loaded.toLocaleString()} loaded{s.hasMore ? ", more available" : ""}
          </span>
          {s.hasMore && (
            <Button variant="outline" size="xs" disabled={s.loading} onClick={s.onLoad}>
              <ChevronsDownIcon /> {s.loading ? "Loading…" : `Load more (${s.label})`}
            </Button>
          )}
        </span>
      ))}
    </div>
  );
}
