import { commentInput, type TicketComment } from "@shared/tickets";
import { SendIcon } from "lucide-react";
import { useId, useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Textarea } from "@/components/ui/input";
import { WorkOrderText } from "@/components/work-order-text";
import { errorMessage } from "@/lib/api";
import { formatDateTime } from "@/lib/format";
import { trpc } from "@/lib/trpc";
import { Person } from "./person";

/** The conversation on a ticket: oldest first, then a box to add to it. */
export function TicketComments({ ticketId, comments }: { ticketId: number; comments: TicketComment[] }) {
  const utils = trpc.useUtils();
  const fieldId = useId();
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const add = trpc.tickets.addComment.useMutation({
    onSuccess: () => {
      setText("");
      void utils.tickets.invalidate();
    },
    onError: (err) => toast.error(errorMessage(err, "Failed to add the comment.")),
  });
  const submit = () => {
    const parsed = commentInput.safeParse({ text });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? "Comment text is required.");
    setError(null);
    add.mutate({ id: ticketId, text: parsed.data.text });
  };
  return (
    <section aria-label="Comments" className="grid gap-3">
      <h3 className="text-sm font-semibold">Comments ({comments.length})</h3>
      {comments.length === 0 ? (
        <p className="text-sm text-muted-foreground">No comments yet.</p>
      ) : (
        <ol className="grid gap-2">
          {comments.map((c) => (
            <li key={c.id} className="rounded-md border bg-muted/30 p-3 text-sm">
              <div className="mb-1 flex flex-wrap items-baseline justify-between gap-2 text-xs text-muted-foreground">
                <Person name={c.authorName} email={c.author} className="font-medium text-foreground" />
                <time dateTime={c.timestamp}>{formatDateTime(c.timestamp)}</time>
              </div>
              <p className="whitespace-pre-wrap break-words">
                <WorkOrderText text={c.text} />
              </p>
            </li>
          ))}
        </ol>
      )}
      <form
        className="grid gap-2"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <label htmlFor={fieldId} className="sr-only">
          Add a comment
        </label>
        <Textarea
          id={fieldId}
          rows={3}
          placeholder="Add a comment…"
          value={text}
          onChange={(e) => setText(e.target.value)}
          aria-invalid={!!error || undefined}
          onKeyDown={(e) => {
            if (e.key === "Enter" && (e.metaKey || e.ctrlKey)) submit();
          }}
        />
        {error && <p className="text-xs text-destructive">{error}</p>}
        <div className="flex justify-end">
          <Button type="submit" size="sm" disabled={add.isPending}>
            <SendIcon /> Add Comment
          </Button>
        </div>
      </form>
    </section>
  );
}
