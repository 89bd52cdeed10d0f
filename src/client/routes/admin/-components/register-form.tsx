import { can } from "@shared/permissions";
import { ADMIN_ERRORS } from "@shared/users";
import { CopyIcon, UserPlusIcon } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { errorMessage } from "@/lib/api";
import { useAuth } from "@/lib/auth";
import { trpc } from "@/lib/trpc";
import { useCopy } from "@/lib/use-copy";

interface Issued {
  email: string;
  password: string;
  howToSignIn: string;
}

/**
 * Pre-register a staff email (Owners). They become a User. How they sign in is said at once: with their work
 * account (Entra, a proxy), or, with local accounts, with a temporary password shown here once.
 */
export function RegisterForm({ onRegistered }: { onRegistered(): void }) {
  const { me } = useAuth();
  const [email, setEmail] = useState("");
  const [issued, setIssued] = useState<Issued | null>(null);
  const register = trpc.users.register.useMutation({
    onSuccess: (r) => {
      if (r.temporary_password)
        setIssued({ email: r.email, password: r.temporary_password, howToSignIn: r.sign_in ?? "" });
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
      <TemporaryPassword issued={issued} onClose={() => setIssued(null)} />
    </>
  );
}

/** The temporary password of a person just registered: shown once, with a copy button. */
function TemporaryPassword({ issued, onClose }: { issued: Issued | null; onClose(): void }) {
  const { copied, copy } = useCopy();
  return (
    <Dialog open={!!issued} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{issued?.email} registered as User</DialogTitle>
          <DialogDescription>{issued?.howToSignIn}</DialogDescription>
        </DialogHeader>
        <div className="flex items-center gap-2">
          <code
            title="Temporary password"
            className="flex-1 rounded border bg-muted px-3 py-2 font-mono text-base tracking-wider select-all"
          >
            {issued?.password}
          </code>
          <Button variant="outline" size="sm" onClick={() => issued && void copy(issued.password)}>
            <CopyIcon /> {copied ? "Copied!" : "Copy"}
          </Button>
        </div>
        <DialogFooter>
          <Button onClick={onClose}>Done</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
