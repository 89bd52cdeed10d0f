import { can } from "@shared/permissions";
import { ADMIN_ERRORS } from "@shared/users";
import { UserPlusIcon } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { type IssuedPassword, TemporaryPasswordDialog } from "@/components/account/temporary-password-dialog";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { errorMessage } from "@/lib/api";
import { useAuth } from "@/lib/auth";
import { trpc } from "@/lib/trpc";

/**
 * Pre-register a staff email (Owners). They become a User. How they sign in is said at once: with their work
 * account (Entra, a proxy), or, with local accounts, with a temporary password shown here once.
 */
export function RegisterForm({ onRegistered }: { onRegistered(): void }) {
  const { me } = useAuth();
  const [email, setEmail] = useState("");
  const [issued, setIssued] = useState<IssuedPassword | null>(null);
  const register = trpc.users.register.useMutation({
    onSuccess: (r) => {
      if (r.temporary_password)
        setIssued({
          title: `${r.email} registered as User`,
          password: r.temporary_password,
          howToSignIn: r.sign_in ?? "",
        });
      else toast.success(r.sign_in ? `${r.message} ${r.sign_in}` : r.message, { duration: 5000 });
      setEmail("");
      onRegistered();
    },
    onError: (err) => toast.error(errorMessage(err, ADMIN_ERRORS.registerUser)),
  });
  const allowed = can(me, "users.register");
  return (
    <>
      <form
        className="flex items-center gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          if (email.trim()) register.mutate({ email: email.trim() });
        }}
      >
        <Input
          type="email"
          aria-label="Email to register"
          placeholder={allowed ? "name@geolabs.example" : "Owners register accounts"}
          className="w-60"
          value={email}
          disabled={!allowed}
          onChange={(e) => setEmail(e.target.value)}
        />
        <Button type="submit" size="sm" disabled={!allowed || !email.trim() || register.isPending}>
          <UserPlusIcon /> Register
        </Button>
      </form>
      <TemporaryPasswordDialog issued={issued} onClose={() => setIssued(null)} />
    </>
  );
}
