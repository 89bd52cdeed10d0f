import { ticketCreateInput, ticketRef } from "@shared/tickets";
import { useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { errorMessage } from "@/lib/api";
import { trpc } from "@/lib/trpc";
import { type DraftErrors, draftErrors, type TicketDraft, TicketFields } from "./ticket-fields";

const EMPTY: TicketDraft = { title: "", description: "", type: "hardware", priority: "medium" };

/** The 'New Ticket' modal. The requester is whoever is signed in; the server sets it. */
export function NewTicketDialog({
  open,
  onOpenChange,
  onCreated,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  onCreated(id: number): void;
}) {
  const utils = trpc.useUtils();
  const [draft, setDraft] = useState<TicketDraft>(EMPTY);
  const [errors, setErrors] = useState<DraftErrors>({});
  const create = trpc.tickets.create.useMutation({
    onSuccess: (ticket) => {
      toast.success(`Ticket ${ticketRef(ticket.id)} created.`, { duration: 3000 });
      setDraft(EMPTY);
      setErrors({});
      void utils.tickets.invalidate();
      onCreated(ticket.id);
    },
    onError: (err) => toast.error(errorMessage(err, "Failed to create the ticket.")),
  });
  const submit = () => {
    const parsed = ticketCreateInput.safeParse(draft);
    if (!parsed.success) return setErrors(draftErrors(parsed.error.issues));
    setErrors({});
    create.mutate(parsed.data);
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>New Ticket</DialogTitle>
          <DialogDescription>
            Tell IT what you need. You can follow it and add comments later.
          </DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-4"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <TicketFields draft={draft} onChange={setDraft} errors={errors} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? "Creating…" : "Create Ticket"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
