import { countText, linkParts, type SearchGroup, type SearchHit } from "@shared/search";
import { Link } from "@tanstack/react-router";
import { ArrowRightIcon } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Snippet } from "@/features/reports/snippet";
import { currentHeading, focusScreenHeading } from "@/lib/focus";
import { cn } from "@/lib/utils";

/** Focus goes on to the opened screen's heading once it is drawn (the link that held it is gone). */
const focusNext = () => {
  const before = currentHeading();
  requestAnimationFrame(() => focusScreenHeading(before));
};

/** A link to an in-portal path with its search parameters. */
export function ResultLink({
  link,
  className,
  children,
}: {
  link: string;
  className?: string;
  children: React.ReactNode;
}) {
  const { to, search } = linkParts(link);
  return (
    <Link to={to as never} search={search as never} className={className} onClick={focusNext}>
      {children}
    </Link>
  );
}

/**
 * One result: its title, what it is, and the line that matched. A line that only repeats the title or the
 * detail (a file name, a client and project) marks the matched words there instead of saying it twice.
 */
export function HitRow({ hit }: { hit: SearchHit }) {
  const line = hit.snippet.map((p) => p.text).join("");
  const inTitle = line === hit.title;
  const inDetail = !inTitle && line === hit.detail;
  return (
    <li>
      <ResultLink
        link={hit.link}
        className="block rounded-md px-3 py-2 hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        <span className="block font-medium break-words text-primary">
          {inTitle ? <Marked parts={hit.snippet} /> : hit.title}
        </span>
        {hit.detail && (
          <span className="block text-xs break-words text-muted-foreground">
            {inDetail ? <Marked parts={hit.snippet} /> : hit.detail}
          </span>
        )}
        {!inTitle && !inDetail && line && <Snippet parts={hit.snippet} />}
      </ResultLink>
    </li>
  );
}

/** Pieces inline, the matched ones in <mark> (text nodes only). */
function Marked({ parts }: { parts: SearchHit["snippet"] }) {
  return parts.map((p, i) =>
    p.hit ? (
      <mark key={i} className="text-inherit">
        {p.text}
      </mark>
    ) : (
      <span key={i}>{p.text}</span>
    ),
  );
}

/**
 * Every group with its count and results, and a link to the screen that lists all of them; groups without a
 * match are left out (the page says when nothing matched at all).
 */
export function SearchGroups({ groups, className }: { groups: SearchGroup[]; className?: string }) {
  const found = groups.filter((g) => g.hits.length > 0);
  return (
    <div className={cn("grid gap-4 lg:grid-cols-2", className)}>
      {found.map((g) => (
        <section
          key={g.kind}
          aria-labelledby={`search-group-${g.kind}`}
          className="rounded-xl border bg-card p-3"
          data-kind={g.kind}
        >
          <div className="mb-1 flex items-center justify-between gap-2 px-3">
            <h2 id={`search-group-${g.kind}`} className="font-semibold">
              {g.label}{" "}
              <Badge variant="secondary" className="ml-1 align-middle" aria-label={`${countText(g)} found`}>
                {countText(g)}
              </Badge>
            </h2>
            {g.more && (
              <ResultLink
                link={g.more}
                className="inline-flex shrink-0 items-center gap-1 rounded-sm text-sm text-primary underline-offset-2 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              >
                Open the list <ArrowRightIcon className="size-3.5" aria-hidden />
              </ResultLink>
            )}
          </div>
          <ul className="space-y-0.5">
            {g.hits.map((h) => (
              <HitRow key={h.key} hit={h} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
