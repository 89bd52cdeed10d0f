import type { RoleCounts as Counts } from "@shared/users";
import { CrownIcon, ShieldIcon, UserIcon } from "lucide-react";
import { Skeleton } from "@/components/ui/misc";

const TILES = [
  { key: "Owner", label: "Owners", icon: CrownIcon },
  { key: "Admin", label: "Admins", icon: ShieldIcon },
  { key: "User", label: "Users", icon: UserIcon },
] as const;

export function RoleCounts({ counts }: { counts: Counts | undefined }) {
  return (
    <section aria-label="Accounts by role" className="grid grid-cols-3 gap-3">
      {TILES.map(({ key, label, icon: Icon }) => (
        <div key={key} className="flex items-center gap-3 rounded-lg border bg-card p-3">
          <span className="rounded-md bg-primary/10 p-2 text-primary">
            <Icon className="size-4" aria-hidden />
          </span>
          <div>
            <p className="text-xs text-muted-foreground">{label}</p>
            {counts ? (
              <p className="text-xl font-semibold tabular-nums" data-testid={`count-${key}`}>
                {counts[key].toLocaleString()}
              </p>
            ) : (
              <Skeleton className="h-6 w-10" />
            )}
          </div>
        </div>
      ))}
    </section>
  );
}
