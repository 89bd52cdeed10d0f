import {
  AUTO_LOAD_PAGES,
  type Contact,
  isCompanyContact,
  mergeSources,
  type SourceOption,
} from "@shared/directory";
import {
  type InfiniteData,
  type UseInfiniteQueryResult,
  useInfiniteQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { useCallback, useEffect, useMemo } from "react";
import { useAuth } from "@/lib/auth";
import { createGraphClient, type GraphSource } from "@/lib/graph";
import { acquireAccessToken, getMsal } from "@/lib/msal";
import { trpc } from "@/lib/trpc";

type Cursor = string | number | null;
interface Page {
  people: Contact[];
  next: Cursor;
}

/**
 * The people behind the screen, page by page (200 each) from one of two places: Microsoft Graph in Entra mode,
 * or the directory kept in the portal otherwise. The first pages load on their own; 'Load more' fetches the
 * rest. Search and sort then run in the browser over everything loaded.
 */
export function useDirectory(source: SourceOption) {
  const { config } = useAuth();
  const utils = trpc.useUtils();
  const qc = useQueryClient();
  const entra = config?.mode === "entra" ? config.entra : null;
  const settings = config?.directory;
  const mode = entra ? "graph" : "portal";

  const graph = useMemo(
    () =>
      entra && settings
        ? createGraphClient({
            baseUrl: settings.graphBaseUrl,
            getToken: async (scopes) => acquireAccessToken(await getMsal(entra), scopes),
          })
        : null,
    [entra, settings],
  );

  const fetchPage = useCallback(
    async (kind: GraphSource, cursor: Cursor): Promise<Page> => {
      if (graph) {
        const page = await graph.page(kind, typeof cursor === "string" ? cursor : null);
        // The spec's company filter applies to personal contacts from Graph.
        const people =
          kind === "contacts" && settings
            ? page.people.filter((c) => isCompanyContact(c, settings.companyDomains, settings.companyKeyword))
            : page.people;
        return { people, next: page.next };
      }
      // The tRPC client directly: the infinite query below is the one cache (Refresh resets it).
      return utils.client.directory.page.query({
        source: kind,
        cursor: typeof cursor === "number" ? cursor : 0,
      });
    },
    [graph, settings, utils],
  );

  const query = (kind: GraphSource, enabled: boolean) => ({
    queryKey: ["directory", mode, kind],
    enabled: enabled && !!config,
    initialPageParam: null as Cursor,
    queryFn: ({ pageParam }: { pageParam: Cursor }) => fetchPage(kind, pageParam),
    getNextPageParam: (last: Page) => last.next ?? undefined,
    staleTime: 5 * 60_000,
    retry: false,
  });
  const directory = useInfiniteQuery<Page, Error, InfiniteData<Page>, string[], Cursor>(
    query("directory", source === "both"),
  );
  const contacts = useInfiniteQuery<Page, Error, InfiniteData<Page>, string[], Cursor>(
    query("contacts", true),
  );

  useAutoLoad(directory);
  useAutoLoad(contacts);

  const people = useMemo(() => {
    const c = contacts.data?.pages.flatMap((p) => p.people) ?? [];
    if (source === "contacts") return c;
    return mergeSources(directory.data?.pages.flatMap((p) => p.people) ?? [], c);
  }, [source, directory.data, contacts.data]);

  const refresh = useCallback(() => qc.resetQueries({ queryKey: ["directory", mode] }), [qc, mode]);
  const active = source === "both" ? [directory, contacts] : [contacts];
  return {
    mode,
    people,
    directory,
    contacts,
    refresh,
    loading: active.some((q) => q.isPending && q.fetchStatus !== "idle"),
    fetching: active.some((q) => q.isFetching),
    error: active.find((q) => q.error)?.error ?? null,
  };
}

/** Load the first few pages of a source without a click; beyond that, 'Load more'. */
function useAutoLoad(q: UseInfiniteQueryResult<InfiniteData<Page>, Error>) {
  const { hasNextPage, isFetchingNextPage, isError, fetchNextPage } = q;
  const pages = q.data?.pages.length ?? 0;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && !isError && pages < AUTO_LOAD_PAGES) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isError, pages, fetchNextPage]);
}
