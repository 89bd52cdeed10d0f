import {
  PRIORITY_LABELS,
  STATUS_LABELS,
  type TicketPriority,
  type TicketStatus,
  type TicketType,
  TYPE_LABELS,
} from "@shared/tickets";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/utils";

const STATUS_STYLE: Record<TicketStatus, string> = {
  open: "border-transparent bg-primary/15 text-primary",
  in_progress: "border-transparent bg-warning/20 text-foreground",
  waiting: "border-transparent bg-secondary text-secondary-foreground",
  resolved: "border-transparent bg-success/15 text-success",
  closed: "text-muted-foreground",
};

const PRIORITY_STYLE: Record<TicketPriority, string> = {
  low: "text-muted-foreground",
  medium: "",
  high: "border-transparent bg-warning/20 text-foreground",
  urgent: "border-transparent bg-destructive text-destructive-foreground",
};

export function StatusBadge({ status }: { status: TicketStatus }) {
  return (
    <Badge variant="outline" className={cn(STATUS_STYLE[status])}>
      {STATUS_LABELS[status]}
    </Badge>
  );
}

export function PriorityBadge({ priority }: { priority: TicketPriority }) {
  return (
    <Badge variant="outline" className={cn(PRIORITY_STYLE[priority])}>
      {PRIORITY_LABELS[priority]}
    </Badge>
  );
}

export const typeLabel = (t: TicketType) => TYPE_LABELS[t];
