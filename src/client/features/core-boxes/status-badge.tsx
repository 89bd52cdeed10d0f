import type { BoxStatus } from "@shared/core-boxes";
import { Badge } from "@/components/ui/badge";

/** Expired (past its storage expiry date) or Active. */
export function StatusBadge({ status }: { status: BoxStatus }) {
  return <Badge variant={status === "Expired" ? "destructive" : "success"}>{status}</Badge>;
}
