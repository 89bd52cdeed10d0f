import {
  TICKET_PAGE_SIZES,
  TICKET_PRIORITIES,
  TICKET_SORTS,
  TICKET_STATUSES,
  TICKET_TYPES,
  type TicketListInput,
} from "@shared/tickets";
import { keepPreviousData } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { PlusIcon } from "lucide-react";
import { z } from "zod";
import { Pager } from "@/components/data-table/pager";
import { Screen } from "@/components/screen";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/api";
import { trpc } from "@/lib/trpc";
import { useSearchState } from "@/lib/use-search-state";
import { NewTicketDialog } from "./-components/new-ticket-dialog";
import { TicketCounts } from "./-components/ticket-counts";
import { TicketFilters } from "./-components/ticket-filters";
import { TicketPanel } from "./-components/ticket-panel";
import { TicketTable } from "./-components/ticket-table";

/** Filters, sort, page, the open ticket and the New Ticket modal all live in the URL; bad values fall back. */
const ticketSearch = z.object({
  q: z.string().max(200).optional().catch(undefined),
  status: z.enum(TICKET_STATUSES).optional().catch(undefined),
  type: z.enum(TICKET_TYPES).optional().catch(undefined),
  priority: z.enum(TICKET_PRIORITIES).optional().catch(undefined),
  mine: z.boolean().optional().catch(undefined),
  sort_by: z.enum(TICKET_SORTS).optional().catch(undefined),
  sort_dir: z.enum(["asc", "desc"]).optional().catch(undefined),
  page: z.coerce.number().int().min(1).optional().catch(undefined),
  page_size: z.coerce
    .number()
    .refine((n) => (TICKET_PAGE_SIZES as readonly number[]).includes(n))
    .optional()
    .catch(undefined),
  ticket: z.coerce.number().int().positive().optional().catch(undefined),
  new: z.boolean().optional().catch(undefined),
});
export type TicketSearch = z.infer<typeof ticketSearch>;
export type SetTicketSearch = (patch: Partial<TicketSearch>) => void;

export const Route = createFileRoute("/it-tickets")({ validateSearch: ticketSearch, component: Tickets });

export function listInputOf(s: TicketSearch): TicketListInput {
  return {
    q: s.q ?? "",
    status: s.status ?? "all",
    type: s.type ?? "all",
    priority: s.priority ?? "all",
    mine: s.mine ?? false,
    sort_by: s.sort_by ?? "created",
    sort_dir: s.sort_dir ?? "desc",
    page: s.page ?? 1,
    page_size: s.page_size ?? 25,
  };
}

function Tickets() {
  const [search, set] = useSearchState<TicketSearch>("/it-tickets");
  const input = listInputOf(search);
  const list = trpc.tickets.list.useQuery(input, { placeholderData: keepPreviousData });
  const counts = trpc.tickets.counts.useQuery();
  // Opening a ticket or the modal must not move the list back to page 1.
  const keepPage = (patch: Partial<TicketSearch>) => set({ ...patch, page: search.page });

  return (
    <Screen
      path="/it-tickets"
      actions={
        <Button onClick={() => keepPage({ new: true })}>
          <PlusIcon /> New Ticket
        </Button>
      }
    >
      <div className="space-y-4">
        <TicketCounts counts={counts.data} search={search} set={set} />
        <TicketFilters search={search} set={set} />
        <div>
          <TicketTable
            rows={list.data?.rows}
            loading={list.isFetching}
            error={list.error ? errorMessage(list.error, "Failed to load tickets.") : null}
            onRetry={() => void list.refetch()}
            filtered={!!(search.q || search.status || search.type || search.priority || search.mine)}
            onOpen={(id) => keepPage({ ticket: id })}
          />
          <Pager
            page={input.page}
            pageSize={input.page_size}
            total={list.data?.total ?? 0}
            pageSizes={TICKET_PAGE_SIZES}
            onPageChange={(page) => set({ page })}
            onPageSizeChange={(page_size) => set({ page_size })}
            hideWhenSinglePage
          />
        </div>
      </div>
      <NewTicketDialog
        open={!!search.new}
        onOpenChange={(open) => !open && keepPage({ new: undefined })}
        onCreated={(id) => keepPage({ new: undefined, ticket: id })}
      />
      <TicketPanel id={search.ticket} onClose={() => keepPage({ ticket: undefined })} />
    </Screen>
  );
}
