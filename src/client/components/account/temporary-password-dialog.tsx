import { CopyIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { useCopy } from "@/lib/use-copy";

/** A temporary password an Owner was just given for someone (register, reinstate, reset). */
export interface IssuedPassword {
  /** What happened, e.g. "kai@… registered as User". */
  title: string;
  password: string;
  /** How the person signs in with it (the server's sentence). */
  howToSignIn: string;
}

/** Shown once, with a copy button: the server keeps only its hash. */
export function TemporaryPasswordDialog({
  issued,
  onClose,
}: {
  issued: IssuedPassword | null;
  onClose(): void;
}) {
  const { copied, copy } = useCopy();
  return (
    <Dialog open={!!issued} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{issued?.title}</DialogTitle>
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
