import { STORAGE_TEXTS } from "@shared/storage";
import { useMemo } from "react";
import { searchFiles, toFileRows } from "@/lib/storage-files";
import { trpc } from "@/lib/trpc";
import { type adminViewOf, groupFiles, sortAdmin } from "./admin-model";

/** The stored files as the S3 Uploader shows them: sorted, searched by name, grouped by top folder, counted. */
export function useStoredFiles(v: ReturnType<typeof adminViewOf>) {
  const list = trpc.storage.list.useQuery();
  const rows = useMemo(() => toFileRows(list.data?.files ?? []), [list.data]);
  const sorted = useMemo(() => sortAdmin(rows, v.sort, v.dir), [rows, v.sort, v.dir]);
  const filtered = useMemo(() => searchFiles(sorted, v.q, { in: "name" }), [sorted, v.q]);
  const groups = useMemo(() => groupFiles(filtered), [filtered]);
  const count = !list.data
    ? ""
    : v.q
      ? `${filtered.length} of ${STORAGE_TEXTS.fileCount(rows.length)}`
      : STORAGE_TEXTS.fileCount(rows.length);
  return { list, rows, groups, count };
}
