import { z } from "zod";

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** URL search params shared by simple list screens: q, from, to, page, page_size. Bad values fall back. */
export function listSearch(pageSizes: readonly number[]) {
  return z.object({
    q: z.string().max(200).optional().catch(undefined),
    from: day.optional().catch(undefined),
    to: day.optional().catch(undefined),
    page: z.coerce.number().int().min(1).optional().catch(undefined),
    page_size: z.coerce
      .number()
      .refine((n) => pageSizes.includes(n))
      .optional()
      .catch(undefined),
  });
}
