import { REPO_DISABLED, REPO_ERROR, type RepoSummary, relativeDay } from "@shared/dashboard";
import { GitCommitIcon, GitPullRequestIcon, TagIcon } from "lucide-react";
import { Skeleton } from "@/components/ui/misc";
import { trpc } from "@/lib/trpc";

/** The source-repository summary; the spec leaves placement open, so it sits at the foot of the dashboard. */
export function RepoPanel() {
  const q = trpc.dashboard.repoSummary.useQuery(undefined, { staleTime: 5 * 60_000, retry: false });
  if (q.data && !q.data.ok && q.data.error === REPO_DISABLED) return null;
  return (
    <section aria-labelledby="repo-title" className="rounded-xl border bg-card p-4">
      <h2 id="repo-title" className="mb-3 text-sm font-semibold">
        Source repository{q.data?.ok ? `: ${q.data.summary.repo.fullName}` : ""}
      </h2>
      {q.isPending ? (
        <Skeleton className="h-24" />
      ) : !q.data?.ok ? (
        <p className="text-sm text-muted-foreground">{REPO_ERROR}</p>
      ) : (
        <RepoDetails summary={q.data.summary} />
      )}
    </section>
  );
}

function RepoDetails({ summary }: { summary: RepoSummary }) {
  return (
    <div className="grid gap-4 text-sm md:grid-cols-3">
      <RecentCommits commits={summary.commits} />
      <OpenPulls pulls={summary.pulls} />
      <LanguagesAndRelease summary={summary} />
    </div>
  );
}

function RecentCommits({ commits }: { commits: RepoSummary["commits"] }) {
  return (
    <div>
      <h3 className="mb-1 flex items-center gap-1 font-medium">
        <GitCommitIcon className="size-4" aria-hidden /> Recent commits
      </h3>
      <ul className="space-y-1">
        {commits.map((c) => (
          <li key={c.sha} className="truncate">
            <a
              className="font-mono text-xs text-primary hover:underline"
              href={c.url}
              target="_blank"
              rel="noreferrer"
            >
              {c.sha.slice(0, 7)}
            </a>{" "}
            {c.message}{" "}
            <span className="text-muted-foreground">
              · {c.author}, {relativeDay(new Date(c.date))}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function OpenPulls({ pulls }: { pulls: RepoSummary["pulls"] }) {
  return (
    <div>
      <h3 className="mb-1 flex items-center gap-1 font-medium">
        <GitPullRequestIcon className="size-4" aria-hidden /> Open pull requests
      </h3>
      {pulls.length === 0 ? (
        <p className="text-muted-foreground">None open.</p>
      ) : (
        <ul className="space-y-1">
          {pulls.map((p) => (
            <li key={p.number} className="truncate">
              <a className="text-primary hover:underline" href={p.url} target="_blank" rel="noreferrer">
                #{p.number}
              </a>{" "}
              {p.title} <span className="text-muted-foreground">· {p.user}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The share of each language as a bar and in words, and the latest release. */
function LanguagesAndRelease({ summary }: { summary: RepoSummary }) {
  const total = Object.values(summary.languages).reduce((a, b) => a + b, 0) || 1;
  return (
    <div>
      <h3 className="mb-1 flex items-center gap-1 font-medium">
        <TagIcon className="size-4" aria-hidden /> Languages and release
      </h3>
      <div
        className="mb-2 flex h-2 overflow-hidden rounded-full bg-muted"
        role="img"
        aria-label="Language breakdown"
      >
        {Object.entries(summary.languages).map(([lang, bytes], i) => (
          <span
            key={lang}
            style={{ width: `${(bytes / total) * 100}%`, opacity: 1 - i * 0.15 }}
            className="bg-primary"
          />
        ))}
      </div>
      <p className="text-muted-foreground">
        {Object.entries(summary.languages)
          .map(([l, b]) => `${l} ${Math.round((b / total) * 100)}%`)
          .join(" · ")}
      </p>
      <p className="mt-2">
        Latest release:{" "}
        {summary.release ? (
          <a
            className="text-primary hover:underline"
            href={summary.release.url}
            target="_blank"
            rel="noreferrer"
          >
            {summary.release.name || summary.release.tag}
          </a>
        ) : (
          "none yet"
        )}
      </p>
    </div>
  );
}
