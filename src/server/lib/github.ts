import {
  REPO_DISABLED,
  REPO_ERROR,
  REPO_PAGE_SIZE,
  type RepoSummary,
  type RepoSummaryResult,
} from "@shared/dashboard";
import type { Logger } from "./logger";

export type GithubSummaryService = { get(): Promise<RepoSummaryResult> };

interface Options {
  repo?: string;
  apiUrl: string;
  token?: string;
  log: Logger;
  fetch?: typeof fetch;
  ttlMs?: number;
  failureTtlMs?: number;
  timeoutMs?: number;
}

/**
 * The dashboard's source-repository summary, fetched by the server (the browser never calls the code host)
 * and cached: ten minutes after a success, one minute after a failure, one request in flight at a time.
 */
export function createGithubSummaryService(opts: Options): GithubSummaryService {
  const ttl = opts.ttlMs ?? 10 * 60_000;
  const failureTtl = opts.failureTtlMs ?? 60_000;
  const call = githubCaller(opts);
  let cached: { at: number; result: RepoSummaryResult; ttl: number } | null = null;
  let inflight: Promise<RepoSummaryResult> | null = null;

  async function load(): Promise<RepoSummaryResult> {
    if (!opts.repo) return { ok: false, error: REPO_DISABLED };
    const base = `repos/${opts.repo}`;
    try {
      const repo = await call<GhRepo>(base);
      if (!repo) throw new Error("Repo not found");
      const [commits, pulls, languages, release] = await Promise.all([
        call<GhCommit[]>(`${base}/commits?per_page=${REPO_PAGE_SIZE}`),
        call<GhPull[]>(`${base}/pulls?state=open&per_page=${REPO_PAGE_SIZE}`),
        call<Record<string, number>>(`${base}/languages`),
        call<GhRelease>(`${base}/releases/latest`, true),
      ]);
      return { ok: true, summary: summaryOf(repo, commits, pulls, languages, release) };
    } catch (err) {
      opts.log.warn("repository summary unavailable", { repo: opts.repo, err: (err as Error).message });
      return { ok: false, error: REPO_ERROR };
    }
  }

  return {
    async get() {
      if (cached && Date.now() - cached.at < cached.ttl) return cached.result;
      inflight ??= load().then((result) => {
        cached = { at: Date.now(), result, ttl: result.ok ? ttl : failureTtl };
        inflight = null;
        return result;
      });
      return inflight;
    },
  };
}

/** A GET of the code host's API (JSON); `allow404`: a missing resource is null rather than an error. */
function githubCaller(opts: Options) {
  const doFetch = opts.fetch ?? fetch;
  return async function call<T>(path: string, allow404 = false): Promise<T | null> {
    const headers: Record<string, string> = {
      accept: "application/vnd.github+json",
      "user-agent": "geolabs-portal",
    };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    const res = await doFetch(`${opts.apiUrl.replace(/\/$/, "")}/${path}`, {
      headers,
      signal: AbortSignal.timeout(opts.timeoutMs ?? 5000),
    });
    if (allow404 && res.status === 404) return null;
    if (!res.ok) throw new Error(path.includes("/") ? `GitHub ${res.status} for ${path}` : "Repo not found");
    return (await res.json()) as T;
  };
}

/** The dashboard's summary from the code host's answers. */
function summaryOf(
  repo: GhRepo,
  commits: GhCommit[] | null,
  pulls: GhPull[] | null,
  languages: Record<string, number> | null,
  release: GhRelease | null,
): RepoSummary {
  return {
    repo: {
      fullName: repo.full_name,
      url: repo.html_url,
      description: repo.description ?? null,
      stars: repo.stargazers_count ?? 0,
    },
    commits: (commits ?? []).slice(0, REPO_PAGE_SIZE).map((c) => ({
      sha: c.sha,
      url: c.html_url,
      message: (c.commit?.message ?? "").split("\n")[0] ?? "",
      author: c.commit?.author?.name ?? c.author?.login ?? "unknown",
      date: c.commit?.author?.date ?? "",
    })),
    pulls: (pulls ?? []).slice(0, REPO_PAGE_SIZE).map((p) => ({
      number: p.number,
      title: p.title,
      url: p.html_url,
      user: p.user?.login ?? "unknown",
      date: p.created_at,
    })),
    languages: languages ?? {},
    release: release
      ? {
          name: release.name || release.tag_name,
          tag: release.tag_name,
          url: release.html_url,
          date: release.published_at ?? "",
        }
      : null,
  };
}

interface GhRepo {
  full_name: string;
  html_url: string;
  description?: string | null;
  stargazers_count?: number;
}
interface GhCommit {
  sha: string;
  html_url: string;
  commit?: { message?: string; author?: { name?: string; date?: string } };
  author?: { login?: string } | null;
}
interface GhPull {
  number: number;
  title: string;
  html_url: string;
  user?: { login?: string };
  created_at: string;
}
interface GhRelease {
  name?: string;
  tag_name: string;
  html_url: string;
  published_at?: string;
}
