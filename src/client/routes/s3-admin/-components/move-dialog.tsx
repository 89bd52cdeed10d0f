import { topFolder } from "@shared/storage-keys";
import { useEffect, useId, useState } from "react";
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
import type { FileRow } from "@/lib/storage-files";
import { planMove } from "./admin-model";

/**
 * Move/Rename: the new path within the same top folder. Slashes are collapsed; an empty or unchanged path just
 * closes (the spec: nothing happens); another top folder is explained here without asking the server.
 */
export function MoveDialog({
  file,
  busy,
  onClose,
  onMove,
}: {
  file: FileRow | null;
  busy: boolean;
  onClose(): void;
  onMove(src: string, dst: string): Promise<boolean>;
}) {
  const [path, setPath] = useState("");
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setPath(file?.key ?? "");
    setError(null);
  }, [file]);

  const submit = async () => {
    if (!file) return;
    const plan = planMove(file.key, path);
    if (plan.kind === "none") return onClose();
    if (plan.kind === "error") return setError(plan.message);
    if (await onMove(file.key, plan.dst)) onClose();
  };
  const top = file ? topFolder(file.key) : "";

  return (
    <Dialog open={!!file} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <form
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <DialogHeader>
            <DialogTitle>Move/Rename</DialogTitle>
            <MoveDescription name={file?.name} top={top} />
          </DialogHeader>
          <PathField
            path={path}
            error={error}
            onChange={(next) => {
              setPath(next);
              setError(null);
            }}
          />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              Move
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Where the file may go: within its top folder, or (a file at the root) a new name there. */
function MoveDescription({ name, top }: { name: string | undefined; top: string }) {
  return (
    <DialogDescription>
      {top ? (
        <>
          New path for <strong className="break-all">{name}</strong>, within <code>{top}/</code>; a name alone
          renames it in its folder.
        </>
      ) : (
        <>
          New name for <strong className="break-all">{name}</strong>, at the root.
        </>
      )}
    </DialogDescription>
  );
}

/** The New path field, with why the path cannot be used beneath it. */
function PathField({
  path,
  error,
  onChange,
}: {
  path: string;
  error: string | null;
  onChange(path: string): void;
}) {
  const id = useId();
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        New path
      </label>
      <Input
        id={id}
        value={path}
        autoFocus
        aria-invalid={!!error || undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
