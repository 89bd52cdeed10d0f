import {
  DESCRIPTION_MAX,
  PRIORITY_LABELS,
  STATUS_LABELS,
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  TICKET_TYPES,
  TITLE_MAX,
  type TicketPriority,
  type TicketStatus,
  type TicketType,
  TYPE_LABELS,
} from "@shared/tickets";
import type { ReactNode } from "react";
import { useId } from "react";
import { Input, Textarea } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/select";

export interface TicketDraft {
  title: string;
  description: string;
  type: TicketType;
  priority: TicketPriority;
  status?: TicketStatus;
}
export type DraftErrors = Partial<Record<keyof TicketDraft, string>>;

function Field({
  label,
  error,
  children,
  id,
}: {
  label: string;
  error?: string;
  children: ReactNode;
  id: string;
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {error && (
        <p id={`${id}-error`} className="text-xs text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

/** The fields of the New Ticket modal and of edit mode (which adds Status: any status may be chosen). */
export function TicketFields({
  draft,
  onChange,
  errors,
  withStatus,
}: {
  draft: TicketDraft;
  onChange(next: TicketDraft): void;
  errors: DraftErrors;
  withStatus?: boolean;
}) {
  const id = useId();
  const invalid = (k: keyof TicketDraft) =>
    errors[k] ? { "aria-invalid": true, "aria-describedby": `${id}-${k}-error` } : {};
  return (
    <div className="grid gap-4">
      <Field label="Title" id={`${id}-title`} error={errors.title}>
        <Input
          id={`${id}-title`}
          value={draft.title}
          maxLength={TITLE_MAX}
          placeholder="Short summary, e.g. 'VPN drops every few minutes'"
          onChange={(e) => onChange({ ...draft, title: e.target.value })}
          {...invalid("title")}
        />
      </Field>
      <Field label="Description" id={`${id}-description`} error={errors.description}>
        <Textarea
          id={`${id}-description`}
          rows={5}
          value={draft.description}
          maxLength={DESCRIPTION_MAX}
          placeholder="What happened, where, and what you already tried"
          onChange={(e) => onChange({ ...draft, description: e.target.value })}
          {...invalid("description")}
        />
      </Field>
      <ChoiceFields draft={draft} onChange={onChange} id={id} withStatus={withStatus} />
    </div>
  );
}

/** Type and priority (and status, in edit mode), each chosen from its list. */
function ChoiceFields({
  draft,
  onChange,
  id,
  withStatus,
}: {
  draft: TicketDraft;
  onChange(next: TicketDraft): void;
  id: string;
  withStatus?: boolean;
}) {
  return (
    <div className={withStatus ? "grid grid-cols-3 gap-3" : "grid grid-cols-2 gap-3"}>
      <Field label="Type" id={`${id}-type`}>
        <NativeSelect
          id={`${id}-type`}
          value={draft.type}
          onChange={(e) => onChange({ ...draft, type: e.target.value as TicketType })}
        >
          {TICKET_TYPES.map((t) => (
            <option key={t} value={t}>
              {TYPE_LABELS[t]}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field label="Priority" id={`${id}-priority`}>
        <NativeSelect
          id={`${id}-priority`}
          value={draft.priority}
          onChange={(e) => onChange({ ...draft, priority: e.target.value as TicketPriority })}
        >
          {TICKET_PRIORITIES.map((p) => (
            <option key={p} value={p}>
              {PRIORITY_LABELS[p]}
            </option>
          ))}
        </NativeSelect>
      </Field>
      {withStatus && (
        <Field label="Status" id={`${id}-status`}>
          <NativeSelect
            id={`${id}-status`}
            value={draft.status}
            onChange={(e) => onChange({ ...draft, status: e.target.value as TicketStatus })}
          >
            {TICKET_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABELS[s]}
              </option>
            ))}
          </NativeSelect>
        </Field>
      )}
    </div>
  );
}

/** Field errors from the shared schema, so the form says what the server would say, before sending. */
export function draftErrors(issues: { path: PropertyKey[]; message: string }[]): DraftErrors {
  const out: DraftErrors = {};
  for (const i of issues) {
    const k = i.path[0] as keyof TicketDraft;
    out[k] ??= i.message;
  }
  return out;
}
