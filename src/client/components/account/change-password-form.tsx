import { type ChangePasswordInput, changePasswordInput, type Me, PASSWORD_MIN_LENGTH } from "@shared/auth";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { FieldError, invalidProps } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { errorMessage } from "@/lib/api";
import { ME_KEY } from "@/lib/auth";
import { trpc } from "@/lib/trpc";

type Field = keyof ChangePasswordInput;
const EMPTY: ChangePasswordInput = { current_password: "", new_password: "", confirm_password: "" };
const FIELDS: { name: Field; label: string; autoComplete: string }[] = [
  { name: "current_password", label: "Current password", autoComplete: "current-password" },
  { name: "new_password", label: "New password", autoComplete: "new-password" },
  { name: "confirm_password", label: "New password again", autoComplete: "new-password" },
];

/**
 * Current password, and the new one twice. The shared schema checks the form before it is sent (the same rules the
 * server applies); the server's sentence (a wrong current password, too many tries) shows under the form.
 */
export function ChangePasswordForm({ onDone, onCancel }: { onDone(): void; onCancel?(): void }) {
  const id = useId();
  const qc = useQueryClient();
  const [values, setValues] = useState(EMPTY);
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const change = trpc.users.changePassword.useMutation({
    onSuccess: (r) => {
      qc.setQueryData<Me | null>(ME_KEY, (me) => (me ? { ...me, mustChangePassword: false } : me));
      toast.success(r.message, { duration: 5000 });
      onDone();
    },
    onError: (err) => setError(errorMessage(err, "The password was not changed. Please try again.")),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const parsed = changePasswordInput.safeParse(values);
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        const label = FIELDS.find((f) => f.name === field)?.label ?? "";
        found[field] ??= /^[A-Z]/.test(issue.message) ? issue.message : `${label} ${issue.message}.`;
      }
      setProblems(found);
      return;
    }
    setProblems({});
    change.mutate(parsed.data);
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" aria-label="Change password" noValidate>
      {FIELDS.map((f, i) => (
        <div key={f.name} className="flex flex-col gap-2">
          <Label htmlFor={`${id}-${f.name}`}>{f.label}</Label>
          <Input
            id={`${id}-${f.name}`}
            type="password"
            autoComplete={f.autoComplete}
            autoFocus={i === 0}
            value={values[f.name]}
            onChange={(e) => setValues((v) => ({ ...v, [f.name]: e.target.value }))}
            {...invalidProps(`${id}-${f.name}-problem`, problems[f.name])}
          />
          <FieldError id={`${id}-${f.name}-problem`} message={problems[f.name]} />
        </div>
      ))}
      <p className="text-xs text-muted-foreground">
        At least {PASSWORD_MIN_LENGTH} characters. A few unrelated words make a long password easy to
        remember.
      </p>
      {error && (
        <p role="alert" className="rounded-md bg-destructive/10 px-3 py-2 text-sm text-destructive">
          {error}
        </p>
      )}
      <div className="flex justify-end gap-2">
        {onCancel && (
          <Button type="button" variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        )}
        <Button type="submit" disabled={change.isPending}>
          {change.isPending ? "Changing…" : "Change password"}
        </Button>
      </div>
    </form>
  );
}
