import { useMemo } from "react";
import { pageOf } from "@/lib/paging";
import { trpc } from "@/lib/trpc";
import { type explorerViewOf, filterDocRows, sortDocRows, toDocRows, typeOptions } from "./explorer-model";

/** The selected database's files as the Explorer shows them: all rows, sorted, filtered, the page, the types. */
export function useExplorerFiles(v: ReturnType<typeof explorerViewOf>) {
  const files = trpc.documents.listFiles.useQuery({ db_name: v.db }, { retry: false });
  const rows = useMemo(() => toDocRows(v.db, files.data?.files ?? []), [v.db, files.data]);
  const sorted = useMemo(() => sortDocRows(rows, v.sort, v.dir), [rows, v.sort, v.dir]);
  const filtered = useMemo(() => filterDocRows(sorted, { q: v.q, type: v.type }), [sorted, v.q, v.type]);
  const types = useMemo(() => typeOptions(rows), [rows]);
  const page = pageOf(filtered, v.page, v.pageSize);
  return { files, rows, filtered, types, page };
}
