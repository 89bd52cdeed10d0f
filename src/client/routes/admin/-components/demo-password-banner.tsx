import { isOwner } from "@shared/permissions";
import { TriangleAlertIcon } from "lucide-react";
import { useAuth } from "@/lib/auth";
import { trpc } from "@/lib/trpc";

/**
 * For Owners, while any account still signs in with the password published in the README: which ones, and what
 * to do. The server says the same in its log at every start.
 */
export function DemoPasswordBanner() {
  const { me } = useAuth();
  const owner = isOwner(me);
  const accounts = trpc.users.demoPasswordAccounts.useQuery(undefined, { enabled: owner });
  const emails = accounts.data?.emails ?? [];
  if (!owner || emails.length === 0) return null;
  return (
    <div role="alert" className="flex gap-3 rounded-lg border border-warning/50 bg-warning/10 p-3 text-sm">
      <TriangleAlertIcon className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden />
      <div>
        <p className="font-medium">
          {emails.length === 1 ? "One account signs" : `${emails.length} accounts sign`} in with the published
          demo password
        </p>
        <p className="text-muted-foreground">
          Anyone who has read the README can sign in as {emails.join(", ")}. Before the portal is used for
          real work, reset their passwords or remove them here; your own and the super-owner's are changed
          from the account menu or on the server with <code>bun run user:add</code>.
        </p>
      </div>
    </div>
  );
}
