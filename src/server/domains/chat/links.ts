import type { SourceLinksInput } from "@shared/chat";
import { and, inArray } from "drizzle-orm";
import { docDocuments } from "../../db/schema";
import type { ServiceCtx } from "../../lib/service-ctx";
import { signedLinks } from "../storage/service";
import { requireTarget } from "./targets";

/**
 * Fresh signed links to the originals an answer cites (the screen appends `#page=N`). Signed on demand, not
 * stored with the answer, because links expire while history does not.
 */
export async function sourceLinks(ctx: ServiceCtx, input: SourceLinksInput): Promise<Record<string, string>> {
  const target = await requireTarget(ctx.db, input.db);
  if (!input.files.length || !target.collectionIds.length) return {};
  const rows = await ctx.db
    .select({ file: docDocuments.fileName, key: docDocuments.storageKey })
    .from(docDocuments)
    .where(
      and(
        inArray(docDocuments.collectionId, target.collectionIds),
        inArray(docDocuments.fileName, input.files),
      ),
    );
  // A report indexed without its original ("Upload original PDF to S3" off) has nothing to link to.
  const linked = rows.filter((r) => r.key);
  const urls = await signedLinks(
    ctx.deps,
    linked.map((r) => r.key),
  );
  return Object.fromEntries(linked.map((r, i) => [r.file, urls[i]!]));
}
