import { BINDER_PAGE_SIZES, BINDER_SORTS } from "@shared/reports-binder";
import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { Screen } from "@/components/screen";
import { BinderScreen } from "./-components/binder-screen";

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const binderSearch = z.object({
  q: z.string().max(200).optional().catch(undefined),
  wo: z.string().max(32).optional().catch(undefined),
  eng: z.string().max(40).optional().catch(undefined),
  billing_only: z.boolean().optional().catch(undefined),
  date_from: day.optional().catch(undefined),
  date_to: day.optional().catch(undefined),
  sort_by: z.enum(BINDER_SORTS).optional().catch(undefined),
  sort_dir: z.enum(["asc", "desc"]).optional().catch(undefined),
  page: z.coerce.number().int().min(1).optional().catch(undefined),
  page_size: z.coerce
    .number()
    .refine((n) => (BINDER_PAGE_SIZES as readonly number[]).includes(n))
    .optional()
    .catch(undefined),
});
export type BinderSearch = z.infer<typeof binderSearch>;

export const Route = createFileRoute("/reports-binder")({
  validateSearch: binderSearch,
  component: () => (
    <Screen path="/reports-binder">
      <BinderScreen />
    </Screen>
  ),
});
