import { REPORTS_TEXTS } from "@shared/reports";
import { LoaderCircleIcon, LockIcon, PlayIcon, SquareIcon } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Checkbox } from "@/components/ui/misc";
import { Progress } from "@/components/ui/progress";
import { NativeSelect } from "@/components/ui/select";
import { DropZone } from "@/components/upload-queue/drop-zone";
import { cn } from "@/lib/utils";
import { SelectionList } from "./selection-list";
import type { IndexOptions, IndexProgress, RunResult } from "./use-bulk-index";
import { type PanelMessage, useIndexSelection } from "./use-index-selection";

type Mode = "upload" | "folder";

/**
 * The indexing half: options, where the PDFs come from (files or a whole reports folder), the selection, Index
 * Selected with its progress. Users see it disabled with the reason; the server refuses them anyway.
 */
export function IndexPanel({
  canIndex,
  running,
  progress,
  onRun,
  onStop,
}: {
  canIndex: boolean;
  running: boolean;
  progress: IndexProgress | null;
  /** Resolves with the run's result (null when it was stopped). */
  onRun(files: File[], opts: IndexOptions): Promise<RunResult | null>;
  onStop(): void;
}) {
  const note = useId();
  const [mode, setMode] = useState<Mode>("upload");
  const [opts, setOpts] = useState<IndexOptions>({ uploadToS3: true, replaceIfExists: false });
  const selection = useIndexSelection(onRun);
  const locked = !canIndex || running;

  return (
    <section aria-labelledby="index-title" className="space-y-4 rounded-lg border bg-card p-4">
      <h2 id="index-title" className="font-semibold">
        Index reports
      </h2>
      {!canIndex && (
        <p
          id={note}
          className="flex items-start gap-2 rounded-md border border-dashed bg-muted/40 p-3 text-sm text-muted-foreground"
        >
          <LockIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
          Only Admins and Owners can index reports. You can still search them and browse the Indexed Files
          list.
        </p>
      )}
      <fieldset disabled={locked} aria-describedby={canIndex ? undefined : note} className="space-y-4">
        <legend className="sr-only">Indexing options</legend>
        <OptionsFields
          mode={mode}
          onMode={setMode}
          opts={opts}
          onOpts={(p) => setOpts((o) => ({ ...o, ...p }))}
        />
        <DropZone
          onFiles={selection.choose}
          directory={mode === "folder"}
          acceptAttr={mode === "upload" ? ".pdf,application/pdf" : undefined}
          inputLabel={mode === "upload" ? "Choose PDFs" : "Choose a reports folder"}
          disabled={locked}
          title={mode === "upload" ? "Drop PDFs here or click to choose" : "Click to choose a reports folder"}
          hint={
            mode === "upload"
              ? "One or many reports; only .pdf files are used."
              : "Every .pdf below the folder is used; other files are left out."
          }
          className="p-5"
        />
        {selection.files.length > 0 && (
          <SelectionList
            files={selection.files}
            summary={selection.summary}
            disabled={locked}
            onRemove={selection.remove}
            onClear={selection.clear}
          />
        )}
      </fieldset>
      <RunBar
        running={running}
        locked={locked}
        progress={progress}
        message={selection.message}
        onStart={() => selection.start(opts)}
        onStop={onStop}
      />
      {progress && <RunProgress progress={progress} />}
    </section>
  );
}

/** Where the PDFs come from, and the two indexing options. */
function OptionsFields({
  mode,
  onMode,
  opts,
  onOpts,
}: {
  mode: Mode;
  onMode(mode: Mode): void;
  opts: IndexOptions;
  onOpts(patch: Partial<IndexOptions>): void;
}) {
  const ids = { mode: useId(), s3: useId(), replace: useId() };
  return (
    <div className="flex flex-wrap items-end gap-x-6 gap-y-3">
      <div className="space-y-1.5">
        <Label htmlFor={ids.mode}>{REPORTS_TEXTS.modeLabel}</Label>
        <NativeSelect id={ids.mode} value={mode} onChange={(e) => onMode(e.target.value as Mode)}>
          <option value="upload">{REPORTS_TEXTS.modeUpload}</option>
          <option value="folder">{REPORTS_TEXTS.modeFolder}</option>
        </NativeSelect>
      </div>
      <div className="flex flex-col gap-2.5 pb-1">
        <div className="flex items-center gap-2">
          <Checkbox
            id={ids.s3}
            checked={opts.uploadToS3}
            onCheckedChange={(v) => onOpts({ uploadToS3: v === true })}
          />
          <Label htmlFor={ids.s3} className="font-normal">
            {REPORTS_TEXTS.uploadToS3}
          </Label>
        </div>
        <div className="flex items-center gap-2">
          <Checkbox
            id={ids.replace}
            checked={opts.replaceIfExists}
            onCheckedChange={(v) => onOpts({ replaceIfExists: v === true })}
          />
          <Label htmlFor={ids.replace} className="font-normal">
            {REPORTS_TEXTS.replaceIfIndexed}
          </Label>
        </div>
      </div>
    </div>
  );
}

/** Index Selected (Processing… while a run lasts), Stop, and the status line: progress or the panel's message. */
function RunBar({
  running,
  locked,
  progress,
  message,
  onStart,
  onStop,
}: {
  running: boolean;
  locked: boolean;
  progress: IndexProgress | null;
  message: PanelMessage | null;
  onStart(): void;
  onStop(): void;
}) {
  const status = useId();
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button onClick={onStart} disabled={locked} aria-describedby={status}>
        {running ? <LoaderCircleIcon className="animate-spin" /> : <PlayIcon />}
        {running ? REPORTS_TEXTS.processing : REPORTS_TEXTS.indexSelected}
      </Button>
      {running && (
        <Button variant="outline" onClick={onStop}>
          <SquareIcon /> Stop
        </Button>
      )}
      <p
        id={status}
        role="status"
        aria-live="polite"
        data-testid="index-status"
        className={cn(
          "ml-auto min-h-5 text-sm",
          message?.tone === "error" ? "font-medium text-destructive" : "text-muted-foreground",
        )}
      >
        {progress
          ? `${progress.filesDone.toLocaleString()} / ${progress.filesTotal.toLocaleString()} files · upload ${progress.uploadPct}%`
          : message?.text}
      </p>
    </div>
  );
}

/** The run's two bars: bytes sent, and files the server has finished with. */
function RunProgress({ progress }: { progress: IndexProgress }) {
  return (
    <div className="grid gap-2 sm:grid-cols-2">
      <Progress label="Upload progress" value={progress.uploadPct} />
      <Progress
        label="Files processed"
        value={(progress.filesDone / Math.max(1, progress.filesTotal)) * 100}
        barClassName="bg-success"
      />
    </div>
  );
}
