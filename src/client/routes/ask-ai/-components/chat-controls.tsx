import { CHAT_TEXTS } from "@shared/chat";
import { DatabaseIcon, DatabaseZapIcon, GlobeIcon } from "lucide-react";
import { Label } from "@/components/ui/label";
import { Switch, Tooltip } from "@/components/ui/misc";
import { NativeSelect } from "@/components/ui/select";

/** Database dropdown (prettified names) and the Web (only when an AI service can add general knowledge) and Cache toggles. */
export function ChatControls({
  dbs,
  db,
  onDb,
  useWeb,
  onWeb,
  useCache,
  onCache,
  loading,
}: {
  dbs: { name: string; label: string }[];
  db: string;
  onDb: (name: string) => void;
  /** Undefined: no AI service, so no Web toggle. */
  useWeb: boolean | undefined;
  onWeb: (v: boolean) => void;
  useCache: boolean;
  onCache: (v: boolean) => void;
  loading: boolean;
}) {
  return (
    <div className="flex flex-wrap items-center gap-x-5 gap-y-2">
      <div className="flex items-center gap-2">
        <Label htmlFor="ask-db" className="flex items-center gap-1.5 text-sm">
          <DatabaseIcon className="size-4 text-muted-foreground" aria-hidden />
          {CHAT_TEXTS.database}
        </Label>
        <NativeSelect
          id="ask-db"
          value={db}
          onChange={(e) => onDb(e.target.value)}
          disabled={loading}
          className="min-w-52"
        >
          {!db && <option value="">{loading ? "Loading…" : CHAT_TEXTS.chooseDb}</option>}
          {dbs.map((d) => (
            <option key={d.name} value={d.name}>
              {d.label}
            </option>
          ))}
        </NativeSelect>
      </div>
      {useWeb !== undefined && (
        <Toggle
          id="ask-web"
          label={CHAT_TEXTS.web}
          hint={CHAT_TEXTS.webHint}
          checked={useWeb}
          onChange={onWeb}
        >
          <GlobeIcon className="size-4 text-muted-foreground" aria-hidden />
        </Toggle>
      )}
      <Toggle
        id="ask-cache"
        label={CHAT_TEXTS.cache}
        hint={CHAT_TEXTS.cacheHint}
        checked={useCache}
        onChange={onCache}
      >
        <DatabaseZapIcon className="size-4 text-muted-foreground" aria-hidden />
      </Toggle>
    </div>
  );
}

function Toggle({
  id,
  label,
  hint,
  checked,
  onChange,
  children,
}: {
  id: string;
  label: string;
  hint: string;
  checked: boolean;
  onChange: (v: boolean) => void;
  children: React.ReactNode;
}) {
  return (
    <Tooltip content={hint}>
      <div className="flex items-center gap-2">
        <Switch id={id} checked={checked} onCheckedChange={onChange} aria-describedby={`${id}-hint`} />
        <Label htmlFor={id} className="flex items-center gap-1.5 text-sm">
          {children}
          {label}
        </Label>
        <span id={`${id}-hint`} className="sr-only">
          {hint}
        </span>
      </div>
    </Tooltip>
  );
}
