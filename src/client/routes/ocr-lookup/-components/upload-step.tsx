import { OCR_IMAGE_TYPES, OCR_MESSAGES } from "@shared/ocr";
import { ImageUpIcon, LoaderCircleIcon, RotateCcwIcon, ScanTextIcon } from "lucide-react";
import { useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { useImageIntake } from "./use-image-intake";
import type { UploadError } from "./use-image-upload";

export interface UploadProgress {
  /** 0-1 while the file travels; null once the server is reading it. */
  sent: number | null;
}

/**
 * Step 1: an image by paste, drag-and-drop or the file chooser (PNG/JPG/GIF only), a preview, then
 * "Upload & Extract" or "Reset".
 */
export function UploadStep({
  file,
  previewUrl,
  progress,
  error,
  maxMb,
  onFile,
  onExtract,
  onReset,
  onRefuse,
}: {
  file: File | null;
  previewUrl: string | null;
  progress: UploadProgress | null;
  error: UploadError | null;
  maxMb: number | undefined;
  onFile(file: File): void;
  onExtract(): void;
  onReset(): void;
  onRefuse(message: string): void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const take = useImageIntake(maxMb, onFile, onRefuse);
  const busy = !!progress;

  return (
    <div className="space-y-4">
      <DropTarget
        file={file}
        previewUrl={previewUrl}
        maxMb={maxMb}
        onChoose={() => input.current?.click()}
        onDropFile={take}
      />
      <input
        ref={input}
        type="file"
        accept={OCR_IMAGE_TYPES.join(",")}
        aria-label="Choose image"
        className="sr-only"
        tabIndex={-1}
        onChange={(e) => {
          take(e.target.files?.[0]);
          e.target.value = "";
        }}
      />
      {error && <UploadAlert error={error} />}
      <div className="flex flex-wrap items-center gap-2">
        <Button onClick={onExtract} disabled={!file || busy}>
          {busy ? <LoaderCircleIcon className="animate-spin" /> : <ScanTextIcon />} Upload &amp; Extract
        </Button>
        <Button variant="outline" onClick={onReset} disabled={busy || (!file && !error)}>
          <RotateCcwIcon /> Reset
        </Button>
        {progress && (
          <span className="text-sm text-muted-foreground" aria-live="polite">
            {progress.sent !== null && progress.sent < 1
              ? `Uploading… ${Math.round(progress.sent * 100)}%`
              : "Reading work orders…"}
          </span>
        )}
      </div>
    </div>
  );
}

/** The drop zone: a button that opens the file chooser, takes a dropped file, and shows the chosen one. */
function DropTarget({
  file,
  previewUrl,
  maxMb,
  onChoose,
  onDropFile,
}: {
  file: File | null;
  previewUrl: string | null;
  maxMb: number | undefined;
  onChoose(): void;
  onDropFile(file: File | undefined): void;
}) {
  const [over, setOver] = useState(false);
  return (
    <button
      type="button"
      aria-label="Drop an image here, paste one, or press to choose a file"
      data-testid="drop-zone"
      className={cn(
        "flex min-h-56 w-full cursor-pointer flex-col items-center justify-center gap-3 rounded-lg border-2 border-dashed p-6 text-center transition-colors",
        over ? "border-primary bg-primary/5" : "border-border hover:bg-muted/40",
      )}
      onClick={onChoose}
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        e.preventDefault();
        setOver(false);
        onDropFile(e.dataTransfer.files[0]);
      }}
    >
      {previewUrl ? (
        <img
          src={previewUrl}
          alt="Preview of the chosen file"
          className="max-h-72 max-w-full rounded border object-contain"
        />
      ) : (
        <ImageUpIcon className="size-10 text-muted-foreground" aria-hidden />
      )}
      <span className="block text-sm">
        {file ? (
          <span className="font-medium">{file.name || "Pasted image"}</span>
        ) : (
          <>
            <span className="font-medium">Drop an image, paste one (Ctrl+V), or choose a file</span>
            <span className="block text-muted-foreground">
              PNG, JPG or GIF{maxMb ? `, up to ${maxMb} MB` : ""}
            </span>
          </>
        )}
      </span>
    </button>
  );
}

/** Why the upload failed: the general failure with the server's reason under it, or the file's own fault alone. */
function UploadAlert({ error }: { error: UploadError }) {
  return (
    <div role="alert" className="rounded-lg border border-destructive/50 bg-destructive/10 p-3 text-sm">
      <p className="font-medium">{error.retry ? OCR_MESSAGES.failed : error.message}</p>
      {error.retry && error.message !== OCR_MESSAGES.failed && (
        <p className="text-muted-foreground">{error.message}</p>
      )}
    </div>
  );
}
