import { UploadIcon } from "lucide-react";
import { type ReactNode, useEffect, useId, useRef } from "react";
import { cn } from "@/lib/utils";
import { useDropTarget } from "./use-drop-target";

/** The spec's rule for both PDF queues: the name ends in .pdf, any case. */
export const isPdfName = (file: { name: string }) => /\.pdf$/i.test(file.name);

/**
 * A drop zone that is also a button (click, Enter or Space opens the file chooser). The files `accept` takes go
 * to `onFiles`, those it refuses to `onRefused` (so a queue can list them with the reason); each is called only
 * with files. Its accessible name is the title alone (the hint describes it), so a hint that mentions another
 * button ("until you press Run") does not give assistive tech a second button of that name.
 */
export function DropZone({
  onFiles,
  onRefused,
  accept = () => true,
  acceptAttr,
  multiple = true,
  directory = false,
  inputLabel = "Choose files",
  disabled,
  title,
  hint,
  className,
}: {
  onFiles(files: File[]): void;
  onRefused?(files: File[]): void;
  accept?(file: File): boolean;
  /** The chooser's `accept` attribute, e.g. ".pdf,application/pdf". */
  acceptAttr?: string;
  multiple?: boolean;
  /** The chooser picks a folder (every file below it) instead of files. */
  directory?: boolean;
  /** The hidden chooser's accessible name. */
  inputLabel?: string;
  disabled?: boolean;
  title: ReactNode;
  hint?: ReactNode;
  className?: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  // React has no prop for it: set the DOM property.
  useEffect(() => {
    if (input.current) input.current.webkitdirectory = directory;
  }, [directory]);
  const take = (list: FileList | null | undefined) => {
    const all = [...(list ?? [])];
    const files = all.filter(accept);
    const refused = all.filter((f) => !accept(f));
    if (files.length) onFiles(multiple ? files : files.slice(0, 1));
    if (refused.length) onRefused?.(refused);
  };
  const { over, handlers } = useDropTarget((files) => {
    if (!disabled) take(files);
  });
  return (
    <>
      <button
        type="button"
        disabled={disabled}
        data-testid="drop-zone"
        data-over={over || undefined}
        className={cn(
          "flex w-full cursor-pointer flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed p-6 text-center text-sm transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-50",
          over ? "border-primary bg-primary/5" : "border-border hover:bg-muted/40",
          className,
        )}
        onClick={() => input.current?.click()}
        aria-describedby={hint ? `${id}-hint` : undefined}
        {...handlers}
      >
        <DropZoneText id={id} title={title} hint={hint} />
      </button>
      <input
        ref={input}
        type="file"
        multiple={multiple}
        accept={acceptAttr}
        aria-label={inputLabel}
        className="sr-only"
        tabIndex={-1}
        onChange={(e) => {
          take(e.target.files);
          e.target.value = "";
        }}
      />
    </>
  );
}

/** The zone's words: the title names the button, the hint only describes it. */
function DropZoneText({ id, title, hint }: { id: string; title: ReactNode; hint?: ReactNode }) {
  return (
    <>
      <UploadIcon className="size-8 text-muted-foreground" aria-hidden />
      <span className="font-medium">{title}</span>
      {/* Left out of the button's name (it stays its description), so "…until you press Run" names no button. */}
      {hint && (
        <span id={`${id}-hint`} aria-hidden className="text-muted-foreground">
          {hint}
        </span>
      )}
    </>
  );
}
