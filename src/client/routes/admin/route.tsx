import { ADMIN_PAGE_SIZES, ROLE_FILTERS } from "@shared/users";
import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { Screen } from "@/components/screen";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { useSearchState } from "@/lib/use-search-state";
import { ActivityTab } from "./-components/activity-tab";
import { UsersTab } from "./-components/users-tab";

/** Every filter of the console lives in the URL; anything malformed falls back to its default. */
const adminSearch = z.object({
  tab: z.enum(["users", "activity"]).optional().catch(undefined),
  q: z.string().max(200).optional().catch(undefined),
  role: z.enum(ROLE_FILTERS).optional().catch(undefined),
  sort_by: z.enum(["role", "email"]).optional().catch(undefined),
  sort_dir: z.enum(["asc", "desc"]).optional().catch(undefined),
  page: z.coerce.number().int().min(1).optional().catch(undefined),
  page_size: z.coerce
    .number()
    .refine((n) => (ADMIN_PAGE_SIZES as readonly number[]).includes(n))
    .optional()
    .catch(undefined),
  actor: z.string().max(200).optional().catch(undefined),
  action: z.string().max(64).optional().catch(undefined),
  from: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional()
    .catch(undefined),
  to: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional()
    .catch(undefined),
  apage: z.coerce.number().int().min(1).optional().catch(undefined),
});
export type AdminSearch = z.infer<typeof adminSearch>;

export const Route = createFileRoute("/admin")({
  validateSearch: adminSearch,
  component: AdminConsole,
});

function AdminConsole() {
  const [search, set] = useSearchState<AdminSearch>("/admin");
  return (
    <Screen path="/admin">
      <Tabs
        value={search.tab ?? "users"}
        onValueChange={(tab) =>
          set({ tab: tab === "users" ? undefined : (tab as "activity"), page: search.page })
        }
      >
        <TabsList>
          <TabsTrigger value="users">Users</TabsTrigger>
          <TabsTrigger value="activity">Activity</TabsTrigger>
        </TabsList>
        <TabsContent value="users">
          <UsersTab search={search} set={set} />
        </TabsContent>
        <TabsContent value="activity">
          <ActivityTab search={search} set={set} />
        </TabsContent>
      </Tabs>
    </Screen>
  );
}
