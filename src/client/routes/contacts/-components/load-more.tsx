import { ChevronsDownIcon } from "lucide-react";
import { Button } from "@/components/ui/button";

interface Source {
  label: string;
  loaded: number;
  hasMore: boolean;
  loading: boolean;
  onLoad(): void;
}

/**
 * How many people each source has loaded, and its 'Load more' button (the next 200): always there, as the spec
 * lists it, and disabled once the source has nothing more to give.
 */
export function LoadMore({ sources }: { sources: Source[] }) {
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-muted-foreground">
      {sources.map((s) => (
        <span key={s.label} className="inline-flex items-center gap-2">
          <span data-testid={`loaded-${s.label}`}>
            {s.label}: {s.loaded.toLocaleString()} loaded{s.hasMore ? ", more available" : ", all of them"}
          </span>
          <Button
            variant="outline"
            size="xs"
            disabled={s.loading || !s.hasMore}
            title={s.hasMore ? undefined : `Every ${s.label.toLowerCase()} entry is loaded.`}
            onClick={s.onLoad}
          >
            <ChevronsDownIcon /> {s.loading ? "Loading…" : `Load more (${s.label})`}
          </Button>
        </span>
      ))}
    </div>
  );
}
