import type { RoleCounts as Counts } from "@shared/users";
import { CrownIcon, ShieldIcon, UserIcon } from "lucide-react";
import { StatTile } from "@/components/stat-tile";

const TILES = [
  { key: "Owner", label: "Owners", icon: CrownIcon },
  { key: "Admin", label: "Admins", icon: ShieldIcon },
  { key: "User", label: "Users", icon: UserIcon },
] as const;

export function RoleCounts({ counts }: { counts: Counts | undefined }) {
  return (
    <section aria-label="Accounts by role" className="grid grid-cols-3 gap-3">
      {TILES.map(({ key, label, icon }) => (
        <StatTile key={key} label={label} icon={icon} value={counts?.[key]} testId={`count-${key}`} />
      ))}
    </section>
  );
}
