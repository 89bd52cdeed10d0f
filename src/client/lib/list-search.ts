import { z } from "zod";

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** A page and a page size from the URL (one of `pageSizes`); a bad value falls back to the default. */
export function pageParams(pageSizes: readonly number[]) {
  return {
    page: z.coerce.number().int().min(1).optional().catch(undefined),
    page_size: z.coerce
      .number()
      .refine((n) => pageSizes.includes(n))
      .optional()
      .catch(undefined),
  };
}

/** A sort of `sorts`, either way, from the URL; a bad value falls back. */
export function sortParams<const S extends readonly [string, ...string[]]>(sorts: S) {
  return {
    sort: z.enum(sorts).optional().catch(undefined),
    dir: z.enum(["asc", "desc"]).optional().catch(undefined),
  };
}

/** URL search params shared by simple list screens: q, from, to, page, page_size. Bad values fall back. */
export function listSearch(pageSizes: readonly number[]) {
  return z.object({
    q: z.string().max(200).optional().catch(undefined),
    from: day.optional().catch(undefined),
    to: day.optional().catch(undefined),
    ...pageParams(pageSizes),
  });
}
