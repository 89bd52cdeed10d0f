import type { Role } from "@shared/permissions";
import { CrownIcon, ShieldIcon } from "lucide-react";
import { Badge } from "@/components/ui/badge";

/** A role at a glance: Owners solid with a crown, Admins tinted with a shield, Users plain. */
export function RoleBadge({ role, superOwner = false }: { role: Role; superOwner?: boolean }) {
  if (role === "Owner")
    return (
      <Badge variant="default">
        <CrownIcon aria-hidden /> {superOwner ? "Owner (super)" : "Owner"}
      </Badge>
    );
  if (role === "Admin")
    return (
      <Badge variant="info">
        <ShieldIcon aria-hidden /> Admin
      </Badge>
    );
  return <Badge variant="secondary">User</Badge>;
}
