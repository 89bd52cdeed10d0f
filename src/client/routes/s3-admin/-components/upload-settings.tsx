import { dbTitle } from "@shared/documents";
import { INDEX_MODE_TOOLTIP, INDEX_MODES, type IndexMode, STORAGE_TEXTS } from "@shared/storage";
import { InfoIcon } from "lucide-react";
import { useEffect, useId } from "react";
import { Input } from "@/components/ui/input";
import { Checkbox, Tooltip } from "@/components/ui/misc";
import { NativeSelect } from "@/components/ui/select";
import type { UploadSettings } from "./admin-model";

/** The Target DB select's value for "a new folder/database", typed in the field beside it. */
export const NEW_DB = "\u0000new";

export interface TargetChoice {
  /** A listed database, NEW_DB, or null before the list has loaded (then the first one is preselected). */
  choice: string | null;
  newName: string;
}

export const targetDbOf = (t: TargetChoice) => (t.choice === NEW_DB ? t.newName.trim() : (t.choice ?? ""));

const label = "text-xs font-medium text-muted-foreground";

/** Target DB (first preselected, or a new name), Subfolder, Index Mode with its tooltip, 'Index after upload'. */
export function UploadSettingsForm({
  dbs,
  loading,
  target,
  onTarget,
  settings,
  onSettings,
}: {
  dbs: string[];
  loading: boolean;
  target: TargetChoice;
  onTarget(t: TargetChoice): void;
  settings: UploadSettings;
  onSettings(patch: Partial<UploadSettings>): void;
}) {
  const id = useId();

  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)_auto_auto] lg:items-end">
      <TargetDbField id={`${id}-db`} dbs={dbs} loading={loading} target={target} onTarget={onTarget} />
      <div className="grid gap-1.5">
        <label htmlFor={`${id}-prefix`} className={label}>
          Subfolder
        </label>
        <Input
          id={`${id}-prefix`}
          placeholder="optional, e.g. reports/2026"
          value={settings.prefix}
          maxLength={512}
          onChange={(e) => onSettings({ prefix: e.target.value })}
        />
      </div>
      <IndexModeField id={`${id}-mode`} mode={settings.mode} onMode={(mode) => onSettings({ mode })} />
      <div className="flex h-9 items-center gap-2">
        <Checkbox
          id={`${id}-index`}
          checked={settings.index}
          onCheckedChange={(v) => onSettings({ index: v === true })}
        />
        <label htmlFor={`${id}-index`} className="cursor-pointer text-sm select-none whitespace-nowrap">
          {STORAGE_TEXTS.indexAfterUpload}
        </label>
      </div>
    </div>
  );
}

/** Target DB: a listed database or "New folder/database…" with its name typed beside it. */
function TargetDbField({
  id,
  dbs,
  loading,
  target,
  onTarget,
}: {
  id: string;
  dbs: string[];
  loading: boolean;
  target: TargetChoice;
  onTarget(t: TargetChoice): void;
}) {
  // Preselect the first database once the list is known; with none yet, start on "new".
  useEffect(() => {
    if (target.choice === null && !loading) onTarget({ ...target, choice: dbs[0] ?? NEW_DB });
  }, [target, loading, dbs, onTarget]);
  const choice = target.choice ?? "";
  const options =
    target.choice && target.choice !== NEW_DB && !dbs.includes(target.choice) ? [target.choice, ...dbs] : dbs;

  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className={label}>
        Target DB
      </label>
      <div className="flex gap-2">
        <NativeSelect
          id={id}
          className="min-w-0 flex-1"
          value={choice}
          disabled={loading && target.choice === null}
          onChange={(e) => onTarget({ ...target, choice: e.target.value })}
        >
          {target.choice === null && <option value="">Loading…</option>}
          {options.map((db) => (
            <option key={db} value={db}>
              {dbTitle({ name: db })}
            </option>
          ))}
          <option value={NEW_DB}>New folder/database…</option>
        </NativeSelect>
        {target.choice === NEW_DB && (
          <Input
            aria-label="New database name"
            placeholder="new database name"
            className="min-w-0 flex-1"
            value={target.newName}
            maxLength={128}
            onChange={(e) => onTarget({ ...target, newName: e.target.value.replace(/\//g, "") })}
          />
        )}
      </div>
    </div>
  );
}

/** Index Mode, with its tooltip on the label's info button and on the select. */
function IndexModeField({
  id,
  mode,
  onMode,
}: {
  id: string;
  mode: IndexMode;
  onMode(mode: IndexMode): void;
}) {
  return (
    <div className="grid gap-1.5">
      <span className="flex items-center gap-1">
        <label htmlFor={id} className={label}>
          Index Mode
        </label>
        <Tooltip content={INDEX_MODE_TOOLTIP}>
          <button
            type="button"
            aria-label={`About index modes: ${INDEX_MODE_TOOLTIP}`}
            className="rounded-full text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
          >
            <InfoIcon className="size-3.5" aria-hidden />
          </button>
        </Tooltip>
      </span>
      <NativeSelect
        id={id}
        value={mode}
        title={INDEX_MODE_TOOLTIP}
        onChange={(e) => onMode(e.target.value as IndexMode)}
      >
        {INDEX_MODES.map((m) => (
          <option key={m} value={m}>
            {m}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
