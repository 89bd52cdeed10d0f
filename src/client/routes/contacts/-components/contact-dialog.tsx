import { CONTACT_FIELDS, type Contact, type ContactField, contactInput } from "@shared/directory";
import { useEffect, useId, useState } from "react";
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
import { Label } from "@/components/ui/label";
import { errorMessage } from "@/lib/api";
import { trpc } from "@/lib/trpc";

const LABELS: Record<ContactField, string> = {
  name: "Name",
  email: "Email",
  mobile: "Mobile",
  business: "Business phone",
  title: "Title",
  department: "Department",
  office: "Office",
  company: "Company",
};
type Draft = Record<ContactField, string>;
const blank = (): Draft => Object.fromEntries(CONTACT_FIELDS.map((f) => [f, ""])) as Draft;

/** Add or edit one of your own contacts (portal-kept directory). `editing` null = add. */
export function ContactDialog({
  open,
  editing,
  onOpenChange,
  onSaved,
}: {
  open: boolean;
  editing: Contact | null;
  onOpenChange(open: boolean): void;
  onSaved(): void;
}) {
  const [draft, setDraft] = useState<Draft>(blank);
  const [errors, setErrors] = useState<Partial<Draft>>({});
  useEffect(() => {
    if (!open) return;
    setErrors({});
    setDraft(editing ? (Object.fromEntries(CONTACT_FIELDS.map((f) => [f, editing[f]])) as Draft) : blank());
  }, [open, editing]);
  const done = (verb: string) => () => {
    toast.success(`Contact ${verb}.`, { duration: 3000 });
    onSaved();
    onOpenChange(false);
  };
  const fail = (err: unknown) => toast.error(errorMessage(err, "Failed to save the contact."));
  const add = trpc.directory.addContact.useMutation({ onSuccess: done("added"), onError: fail });
  const update = trpc.directory.updateContact.useMutation({ onSuccess: done("saved"), onError: fail });
  const save = () => {
    const parsed = contactInput.safeParse(draft);
    if (!parsed.success) {
      const next: Partial<Draft> = {};
      for (const i of parsed.error.issues) next[i.path[0] as ContactField] ??= i.message;
      return setErrors(next);
    }
    if (editing) update.mutate({ id: Number(editing.id.slice(1)), ...parsed.data });
    else add.mutate(parsed.data);
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>{editing ? "Edit Contact" : "Add Contact"}</DialogTitle>
          <DialogDescription>
            Your contacts are yours alone: nobody else sees or changes them.
          </DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-4"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            save();
          }}
        >
          <ContactFields draft={draft} errors={errors} onChange={setDraft} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={add.isPending || update.isPending}>
              Save
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** One labelled input per contact field, each with its own problem under it. */
function ContactFields({
  draft,
  errors,
  onChange,
}: {
  draft: Draft;
  errors: Partial<Draft>;
  onChange(draft: Draft): void;
}) {
  const id = useId();
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {CONTACT_FIELDS.map((f) => (
        <div key={f} className="grid gap-1.5">
          <Label htmlFor={`${id}-${f}`}>{LABELS[f]}</Label>
          <Input
            id={`${id}-${f}`}
            type={f === "email" ? "email" : f === "mobile" || f === "business" ? "tel" : "text"}
            value={draft[f]}
            aria-invalid={!!errors[f] || undefined}
            onChange={(e) => onChange({ ...draft, [f]: e.target.value })}
          />
          {errors[f] && <p className="text-xs text-destructive">{errors[f]}</p>}
        </div>
      ))}
    </div>
  );
}
