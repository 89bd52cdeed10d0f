import { COLUMN_KEYS, type ColumnKey, DIRECTORY_PAGE_SIZES } from "@shared/directory";
import { z } from "zod";

// Its own small module: the route's definition (in the first bundle) needs only this, not the screen's hooks.
/** The directory's view in the URL: source, search, sort and page (a bad value falls back to the default). */
export const directorySearch = z.object({
  source: z.enum(["both", "contacts"]).optional().catch(undefined),
  q: z.string().max(200).optional().catch(undefined),
  sort_by: z
    .enum(COLUMN_KEYS as [ColumnKey, ...ColumnKey[]])
    .optional()
    .catch(undefined),
  sort_dir: z.enum(["asc", "desc"]).optional().catch(undefined),
  page: z.coerce.number().int().min(1).optional().catch(undefined),
  page_size: z.coerce
    .number()
    .refine((n) => (DIRECTORY_PAGE_SIZES as readonly number[]).includes(n))
    .optional()
    .catch(undefined),
});
export type DirectorySearch = z.infer<typeof directorySearch>;
