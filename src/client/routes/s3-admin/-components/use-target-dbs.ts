import { useMemo } from "react";
import { trpc } from "@/lib/trpc";
import { topFolders } from "./admin-model";

/**
 * The databases files can be uploaded into. Until the document databases have their own list (GET /api/list-dbs,
 * a later part) these are the top folders present in the store; that list slots in here and nowhere else.
 */
export function useTargetDbs(): { dbs: string[]; loading: boolean } {
  const list = trpc.storage.list.useQuery();
  const dbs = useMemo(() => topFolders((list.data?.files ?? []).map((f) => f.Key)), [list.data]);
  return { dbs, loading: list.isPending };
}
