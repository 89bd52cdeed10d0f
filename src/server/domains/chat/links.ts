import { and, inArray } from "drizzle-orm";
import { docDocuments } from "../../db/schema";
import { type StorageDeps, signedLink } from "../storage/service";
import { requireTarget } from "./targets";

/**
 * Fresh signed links to the originals an answer cites (the screen appends `#page=N`). Signed on demand, not
 * stored with the answer, because links expire while history does not.
 */
export async function sourceLinks(
  deps: Pick<StorageDeps, "db" | "store" | "env">,
  input: { db: string; files: string[] },
): Promise<Record<string, string>> {
  const target = await requireTarget(deps.db, input.db);
  if (!input.files.length || !target.collectionIds.length) return {};
  const rows = await deps.db
    .select({ file: docDocuments.fileName, key: docDocuments.storageKey })
    .from(docDocuments)
    .where(
      and(
        inArray(docDocuments.collectionId, target.collectionIds),
        inArray(docDocuments.fileName, input.files),
      ),
    );
  const out: Record<string, string> = {};
  // A report indexed without its original ("Upload original PDF to S3" off) has nothing to link to.
  for (const r of rows) if (r.key) out[r.file] = await signedLink(deps, r.key);
  return out;
}
