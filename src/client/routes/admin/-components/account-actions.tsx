import { type Actor, checkPasswordReset, checkRemoval } from "@shared/permissions";
import { ADMIN_ERRORS, type AdminUser } from "@shared/users";
import { KeyRoundIcon, Trash2Icon } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { type IssuedPassword, TemporaryPasswordDialog } from "@/components/account/temporary-password-dialog";
import { useConfirm } from "@/components/confirm";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/api";
import { useAuth } from "@/lib/auth";
import { trpc } from "@/lib/trpc";

/** A row's actions of the Admin Console: remove the account, and (local accounts) reset its password. */
export function useAccountActions(refresh: () => void) {
  const confirm = useConfirm();
  const [issued, setIssued] = useState<IssuedPassword | null>(null);
  const remove = trpc.users.remove.useMutation({
    onSuccess: (r) => {
      toast.success(`${r.email} was removed. Owners can reinstate it from IT › Terminated.`, {
        duration: 3000,
      });
      refresh();
    },
    onError: (err) => toast.error(errorMessage(err, ADMIN_ERRORS.deleteUser)),
  });
  const reset = trpc.users.resetPassword.useMutation({
    onSuccess: (r) => {
      setIssued({
        title: `New temporary password for ${r.email}`,
        password: r.temporary_password ?? "",
        howToSignIn: r.sign_in ?? "",
      });
      refresh();
    },
    onError: (err) => toast.error(errorMessage(err, "Failed to reset the password.")),
  });

  const askRemove = async (user: AdminUser) => {
    const ok = await confirm({
      title: `Remove ${user.email}?`,
      description:
        "The account is deactivated at once and its sessions end. An Owner can reinstate it later.",
      confirmLabel: "Remove",
      destructive: true,
    });
    if (ok) remove.mutate({ email: user.email });
  };
  const askReset = async (user: AdminUser) => {
    const ok = await confirm({
      title: `Reset the password of ${user.email}?`,
      description:
        "They are signed out everywhere at once and get a temporary password, shown to you once, which they must change when they sign in.",
      confirmLabel: "Reset password",
      destructive: true,
    });
    if (ok) reset.mutate({ email: user.email });
  };
  const dialog = <TemporaryPasswordDialog issued={issued} onClose={() => setIssued(null)} />;
  return { askRemove, askReset, busy: remove.isPending || reset.isPending, dialog };
}

export function AccountActionButtons({
  user,
  me,
  actions,
}: {
  user: AdminUser;
  me: Actor | null | undefined;
  actions: ReturnType<typeof useAccountActions>;
}) {
  const { config } = useAuth();
  const removal = checkRemoval(me, user);
  const reset = checkPasswordReset(me, user);
  return (
    <div className="flex items-center gap-1">
      {config?.mode === "local" && (
        <Button
          variant="ghost"
          size="sm"
          disabled={!reset.ok || actions.busy}
          title={reset.ok ? undefined : reset.reason}
          aria-label={`Reset password of ${user.email}`}
          onClick={() => void actions.askReset(user)}
        >
          <KeyRoundIcon /> <span className="hidden lg:inline">Reset password</span>
        </Button>
      )}
      <Button
        variant="ghost"
        size="sm"
        className="text-destructive"
        disabled={!removal.ok || actions.busy}
        title={removal.ok ? undefined : removal.reason}
        aria-label={`Delete ${user.email}`}
        onClick={() => void actions.askRemove(user)}
      >
        <Trash2Icon /> Delete
      </Button>
    </div>
  );
}
