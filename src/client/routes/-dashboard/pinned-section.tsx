import { PINNED_SHOWN, type PinnedPage } from "@shared/dashboard";
import { Link } from "@tanstack/react-router";
import { ClockIcon, StarIcon } from "lucide-react";

/** Favorites or Recently Used: up to six tiles. */
export function PinnedSection({ kind, pages }: { kind: "favorites" | "recents"; pages: PinnedPage[] }) {
  const title = kind === "favorites" ? "Favorites" : "Recently Used";
  const Icon = kind === "favorites" ? StarIcon : ClockIcon;
  const empty =
    kind === "favorites" ? "Star a page below to pin it here." : "Pages you open will appear here.";
  return (
    <section aria-labelledby={`${kind}-title`} className="rounded-xl border bg-card p-4">
      <h2 id={`${kind}-title`} className="mb-3 flex items-center gap-2 text-sm font-semibold">
        <Icon className="size-4 text-primary" aria-hidden /> {title}
      </h2>
      {pages.length === 0 ? (
        <p className="text-sm text-muted-foreground">{empty}</p>
      ) : (
        <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-3">
          {pages.slice(0, PINNED_SHOWN).map((p) => (
            <li key={p.path}>
              <Link to={p.path} className="flex flex-col rounded-md border px-3 py-2 text-sm hover:bg-accent">
                <span className="font-medium">{p.name}</span>
                <span className="text-xs text-muted-foreground">{p.parent}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
