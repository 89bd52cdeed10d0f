import { can } from "@shared/permissions";
import { type Ticket, ticketChanges } from "@shared/tickets";
import { useId, useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/select";
import { errorMessage } from "@/lib/api";
import { useAuth } from "@/lib/auth";
import { trpc } from "@/lib/trpc";
import { type DraftErrors, draftErrors, type TicketDraft, TicketFields } from "./ticket-fields";

/** Edit mode: every field, any status; Admins and Owners also choose the assignee. */
export function TicketEdit({ ticket, onDone }: { ticket: Ticket; onDone(): void }) {
  const { me } = useAuth();
  const utils = trpc.useUtils();
  const assignId = useId();
  const staff = can(me, "tickets.manageAll");
  const assignees = trpc.tickets.assignees.useQuery(undefined, { enabled: staff });
  const [draft, setDraft] = useState<TicketDraft>({
    title: ticket.title,
    description: ticket.description,
    type: ticket.type,
    priority: ticket.priority,
    status: ticket.status,
  });
  const [assignee, setAssignee] = useState(ticket.assignee ?? "");
  const [errors, setErrors] = useState<DraftErrors>({});
  const update = trpc.tickets.update.useMutation({
    onSuccess: () => {
      toast.success("Ticket updated.", { duration: 3000 });
      void utils.tickets.invalidate();
      onDone();
    },
    onError: (err) => toast.error(errorMessage(err, "Failed to update the ticket.")),
  });
  const save = () => {
    const parsed = ticketChanges.safeParse({ ...draft, ...(staff ? { assignee: assignee || null } : {}) });
    if (!parsed.success) return setErrors(draftErrors(parsed.error.issues));
    setErrors({});
    update.mutate({ id: ticket.id, ...parsed.data });
  };
  const options = assignees.data ?? [];
  return (
    <form
      className="grid gap-4"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
    >
      <TicketFields draft={draft} onChange={setDraft} errors={errors} withStatus />
      {staff && (
        <div className="grid gap-1.5">
          <Label htmlFor={assignId}>Assignee</Label>
          <NativeSelect id={assignId} value={assignee} onChange={(e) => setAssignee(e.target.value)}>
            <option value="">Unassigned</option>
            {/* Keep a current assignee selectable even if they are no longer an Admin/Owner. */}
            {assignee && !options.some((a) => a.email === assignee) && (
              <option value={assignee}>{assignee}</option>
            )}
            {options.map((a) => (
              <option key={a.email} value={a.email}>
                {a.name ? `${a.name} (${a.email})` : a.email}
              </option>
            ))}
          </NativeSelect>
        </div>
      )}
      <div className="flex justify-end gap-2">
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? "Saving…" : "Save"}
        </Button>
      </div>
    </form>
  );
}
