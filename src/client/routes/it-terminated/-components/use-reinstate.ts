import { useCallback, useState } from "react";
import { toast } from "sonner";
import type { IssuedPassword } from "@/components/account/temporary-password-dialog";
import { useConfirm } from "@/components/confirm";
import { errorMessage } from "@/lib/api";
import { trpc } from "@/lib/trpc";

/**
 * Reinstating a removed account: confirm, then the server. With local accounts the person comes back with a
 * temporary password, kept in `issued` to be shown to the Owner once.
 */
export function useReinstate() {
  const confirm = useConfirm();
  const utils = trpc.useUtils();
  const [issued, setIssued] = useState<IssuedPassword | null>(null);
  const reinstate = trpc.users.reinstate.useMutation({
    onSuccess: (r) => {
      if (r.temporary_password) {
        setIssued({
          title: `${r.email} is active again as ${r.role}`,
          password: r.temporary_password,
          howToSignIn: r.sign_in ?? "",
        });
      } else toast.success(`${r.email} is active again as ${r.role}.`, { duration: 3000 });
      void utils.users.invalidate();
    },
    onError: (err) => toast.error(errorMessage(err, "Failed to reinstate the account.")),
  });

  const { mutate } = reinstate;
  // Stable, so the table's columns that call it are not rebuilt on every render.
  const ask = useCallback(
    async (email: string) => {
      const ok = await confirm({
        title: `Reinstate ${email}?`,
        description: "The account can sign in again straight away.",
        confirmLabel: "Reinstate",
      });
      if (ok) mutate({ email });
    },
    [confirm, mutate],
  );

  return { issued, clearIssued: () => setIssued(null), pending: reinstate.isPending, ask };
}
