import { canDeleteTicket } from "@shared/permissions";
import { type Ticket, ticketRef } from "@shared/tickets";
import { PencilIcon, Trash2Icon } from "lucide-react";
import { type ReactNode, useEffect, useState } from "react";
import { toast } from "sonner";
import { useConfirm } from "@/components/confirm";
import { ErrorState } from "@/components/error-state";
import { Button } from "@/components/ui/button";
import { Dialog, DialogDescription, DialogTitle, SheetContent } from "@/components/ui/dialog";
import { Skeleton } from "@/components/ui/misc";
import { WorkOrderText } from "@/components/work-order-text";
import { errorMessage } from "@/lib/api";
import { useAuth } from "@/lib/auth";
import { formatDateTime } from "@/lib/format";
import { trpc } from "@/lib/trpc";
import { Person } from "./person";
import { PriorityBadge, StatusBadge, typeLabel } from "./ticket-badges";
import { TicketComments } from "./ticket-comments";
import { TicketEdit } from "./ticket-edit";

/** The detail panel: the ticket, its comments, Edit, and Delete for the requester only. */
export function TicketPanel({ id, onClose }: { id: number | undefined; onClose(): void }) {
  const ticket = trpc.tickets.byId.useQuery({ id: id ?? 0 }, { enabled: !!id, retry: false });
  const [editing, setEditing] = useState(false);
  // A different ticket opens in view mode.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the ticket changes
  useEffect(() => setEditing(false), [id]);
  const data = ticket.data?.id === id ? ticket.data : undefined;
  return (
    <Dialog open={!!id} onOpenChange={(open) => !open && onClose()}>
      <SheetContent side="right" className="w-[36rem] max-w-[95vw] overflow-y-auto p-6">
        <DialogTitle className="pr-8 text-lg font-semibold">
          {id ? `Ticket ${ticketRef(id)}` : "Ticket"}
          {data && <span className="block text-base font-medium text-foreground/90">{data.title}</span>}
        </DialogTitle>
        <DialogDescription className="sr-only">Ticket details and comments</DialogDescription>
        <div className="mt-4 grid gap-5">
          {ticket.error ? (
            <ErrorState
              message={errorMessage(ticket.error, "Failed to load the ticket.")}
              onRetry={() => void ticket.refetch()}
            />
          ) : !data ? (
            <div className="grid gap-3">
              <Skeleton className="h-6 w-2/3" />
              <Skeleton className="h-24" />
            </div>
          ) : editing ? (
            <TicketEdit ticket={data} onDone={() => setEditing(false)} />
          ) : (
            <TicketView ticket={data} onEdit={() => setEditing(true)} onDeleted={onClose} />
          )}
          {data && !editing && <TicketComments ticketId={data.id} comments={data.comments} />}
        </div>
      </SheetContent>
    </Dialog>
  );
}

function TicketView({ ticket, onEdit, onDeleted }: { ticket: Ticket; onEdit(): void; onDeleted(): void }) {
  const { me } = useAuth();
  const confirm = useConfirm();
  const utils = trpc.useUtils();
  const mayDelete = canDeleteTicket(me, ticket);
  const remove = trpc.tickets.remove.useMutation({
    onSuccess: () => {
      toast.success(`Ticket ${ticketRef(ticket.id)} deleted.`, { duration: 3000 });
      onDeleted();
      void utils.tickets.invalidate();
    },
    onError: (err) => toast.error(errorMessage(err, "Failed to delete the ticket.")),
  });
  const askDelete = async () => {
    const ok = await confirm({
      title: `Delete ticket ${ticketRef(ticket.id)}?`,
      description: "The ticket and its comments are removed for everyone. This cannot be undone.",
      confirmLabel: "Delete",
      destructive: true,
    });
    if (ok) remove.mutate({ id: ticket.id });
  };
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <StatusBadge status={ticket.status} />
        <PriorityBadge priority={ticket.priority} />
        <span className="text-sm text-muted-foreground">{typeLabel(ticket.type)}</span>
      </div>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1.5 text-sm">
        <Meta label="Requester">
          <Person name={ticket.requesterName} email={ticket.requester} />
        </Meta>
        <Meta label="Assignee">
          {ticket.assignee ? <Person name={ticket.assigneeName} email={ticket.assignee} /> : "Unassigned"}
        </Meta>
        <Meta label="Created">{formatDateTime(ticket.createdAt)}</Meta>
        <Meta label="Updated">{formatDateTime(ticket.updatedAt)}</Meta>
      </dl>
      <p className="whitespace-pre-wrap break-words rounded-md border p-3 text-sm">
        <WorkOrderText text={ticket.description} />
      </p>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={onEdit}>
          <PencilIcon /> Edit
        </Button>
        <Button
          variant="outline"
          size="sm"
          className="text-destructive"
          disabled={!mayDelete || remove.isPending}
          title={mayDelete ? undefined : "Only the ticket's requester can delete it."}
          onClick={() => void askDelete()}
        >
          <Trash2Icon /> Delete
        </Button>
      </div>
    </div>
  );
}

function Meta({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </>
  );
}
