import { useMemo } from "react";
import { visibleDbs } from "@/lib/doc-dbs";
import { trpc } from "@/lib/trpc";
import { topFolders } from "./admin-model";

/**
 * The databases files can be uploaded into: the document databases (documents.listDbs, the spec's
 * GET /api/list-dbs), whose originals live under `<db>/` in the store. While that list is empty or unavailable
 * (a store filled before the databases existed, or a failing call), the top folders present in the store stand in.
 */
export function useTargetDbs(): { dbs: string[]; loading: boolean } {
  const docs = trpc.documents.listDbs.useQuery(undefined, { retry: false });
  const files = trpc.storage.list.useQuery();
  const dbs = useMemo(() => {
    const named = visibleDbs(docs.data?.dbs ?? []).map((d) => d.name);
    return named.length ? named : topFolders((files.data?.files ?? []).map((f) => f.Key));
  }, [docs.data, files.data]);
  return { dbs, loading: docs.isPending || files.isPending };
}
