import { DB_NAME_HINT, DOCUMENT_TEXTS, dbTitle, toDbName } from "@shared/documents";
import { useId } from "react";
import { FieldError, invalidProps } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Checkbox } from "@/components/ui/misc";
import { NativeSelect } from "@/components/ui/select";
import { cn } from "@/lib/utils";
import { type DbAction, type IndexSettings, withDbFile, withTitle } from "./index-model";

const label = "text-xs font-medium text-muted-foreground";

/**
 * New DB / Append, General mode, then Title + DB File (New DB) or Select DB (Append). `dbMissing` (a Run with no
 * database) marks the DB File or Select DB field with the sentence the status line says.
 */
export function TargetForm({
  settings: s,
  onChange,
  dbs,
  disabled,
  dbMissing = false,
}: {
  settings: IndexSettings;
  onChange(next: IndexSettings): void;
  dbs: readonly string[];
  disabled: boolean;
  dbMissing?: boolean;
}) {
  const id = useId();
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <fieldset className="flex gap-2">
          <legend className="sr-only">Database mode</legend>
          <ModeRadio
            name={`${id}-action`}
            action="new"
            text="New DB"
            settings={s}
            onChange={onChange}
            disabled={disabled}
          />
          <ModeRadio
            name={`${id}-action`}
            action="append"
            text="Append"
            settings={s}
            onChange={onChange}
            disabled={disabled}
          />
        </fieldset>
        <div className="flex items-center gap-2">
          <Checkbox
            id={`${id}-general`}
            checked={s.general}
            disabled={disabled}
            onCheckedChange={(v) => onChange({ ...s, general: v === true })}
          />
          <label htmlFor={`${id}-general`} className="cursor-pointer text-sm select-none">
            General mode
          </label>
        </div>
      </div>
      {s.action === "new" ? (
        <NewDbFields id={id} settings={s} onChange={onChange} disabled={disabled} dbMissing={dbMissing} />
      ) : (
        <SelectDb
          id={id}
          settings={s}
          onChange={onChange}
          dbs={dbs}
          disabled={disabled}
          dbMissing={dbMissing}
        />
      )}
    </div>
  );
}

interface FieldProps {
  /** The form's id, the prefix of its inputs' ids. */
  id: string;
  settings: IndexSettings;
  onChange(next: IndexSettings): void;
  disabled: boolean;
  dbMissing?: boolean;
}

/** The sentence under a database field a Run found empty. */
const missingText = (dbMissing: boolean | undefined) => (dbMissing ? DOCUMENT_TEXTS.pickDb : null);

/** One of the two database modes, as a radio styled as a button. */
function ModeRadio({
  name,
  action,
  text,
  settings: s,
  onChange,
  disabled,
}: Omit<FieldProps, "id"> & { name: string; action: DbAction; text: string }) {
  return (
    <label
      className={cn(
        "flex cursor-pointer items-center gap-2 rounded-md border px-3 py-1.5 text-sm select-none has-[:checked]:border-primary has-[:checked]:bg-primary/5 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring",
        disabled && "cursor-not-allowed opacity-60",
      )}
    >
      <input
        type="radio"
        name={name}
        value={action}
        checked={s.action === action}
        disabled={disabled}
        onChange={() => onChange({ ...s, action })}
        className="size-4 accent-primary"
      />
      {text}
    </label>
  );
}

/** New DB: its title, and the file name it is saved under (with the clean name Run will use, when it differs). */
function NewDbFields({ id, settings: s, onChange, disabled, dbMissing }: FieldProps) {
  const normalized = toDbName(s.dbFile);
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div className="grid content-start gap-1.5">
        <label htmlFor={`${id}-title`} className={label}>
          Title
        </label>
        <Input
          id={`${id}-title`}
          placeholder={DOCUMENT_TEXTS.titlePlaceholder}
          value={s.title}
          maxLength={200}
          disabled={disabled}
          onChange={(e) => onChange(withTitle(s, e.target.value))}
        />
      </div>
      <div className="grid content-start gap-1.5">
        <label htmlFor={`${id}-file`} className={label}>
          DB File
        </label>
        <Input
          id={`${id}-file`}
          placeholder={DOCUMENT_TEXTS.dbFilePlaceholder}
          value={s.dbFile}
          maxLength={80}
          disabled={disabled}
          spellCheck={false}
          aria-invalid={dbMissing || undefined}
          aria-describedby={dbMissing ? `${id}-missing ${id}-hint` : `${id}-hint`}
          onChange={(e) => onChange(withDbFile(s, e.target.value))}
        />
        <FieldError id={`${id}-missing`} message={missingText(dbMissing)} />
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {DB_NAME_HINT}
          {/* What Run will actually use when the typed text is not a clean name yet. */}
          {s.dbFile.trim() && normalized !== s.dbFile.trim() && (
            <>
              {" "}
              · saved as <code className="rounded bg-muted px-1">{normalized || "—"}</code>
            </>
          )}
        </p>
      </div>
    </div>
  );
}

/** Append: the database to add to. */
function SelectDb({
  id,
  settings: s,
  onChange,
  dbs,
  disabled,
  dbMissing,
}: FieldProps & { dbs: readonly string[] }) {
  return (
    <div className="grid max-w-md content-start gap-1.5">
      <label htmlFor={`${id}-select`} className={label}>
        Select DB
      </label>
      <NativeSelect
        id={`${id}-select`}
        value={s.selected}
        disabled={disabled}
        className={dbMissing ? "border-destructive" : undefined}
        {...invalidProps(`${id}-missing`, missingText(dbMissing))}
        onChange={(e) => onChange({ ...s, selected: e.target.value })}
      >
        <option value="">{DOCUMENT_TEXTS.choose}</option>
        {/* A database chosen before a refresh removed it stays visible as chosen. */}
        {s.selected && !dbs.includes(s.selected) && (
          <option value={s.selected}>{dbTitle({ name: s.selected })}</option>
        )}
        {dbs.map((d) => (
          <option key={d} value={d}>
            {dbTitle({ name: d })}
          </option>
        ))}
      </NativeSelect>
      <FieldError id={`${id}-missing`} message={missingText(dbMissing)} />
    </div>
  );
}
