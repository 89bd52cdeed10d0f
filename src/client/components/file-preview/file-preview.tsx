import { STORAGE_TEXTS } from "@shared/storage";
import { extensionOf } from "@shared/storage-keys";
import { FileQuestionIcon } from "lucide-react";
import { type ReactNode, useState } from "react";
import { previewKind } from "@/lib/file-links";
import { cn } from "@/lib/utils";

/**
 * For the dialog or pane around a preview (`onOpenAutoFocus`): focus the pane itself, not the frame. Keyboard
 * focus inside a PDF frame belongs to the browser's viewer, and Escape would no longer reach the dialog.
 */
export function keepFocusOnPane(e: Event) {
  e.preventDefault();
  (e.currentTarget as HTMLElement | null)?.focus();
}

export const NO_PREVIEW_URL = "No preview available for this file.";

const defaultFallback = (ext: string) =>
  ext ? STORAGE_TEXTS.noInlinePreview(ext) : "No inline preview for this file. Use Open/Download.";

/**
 * A file shown in the page from its signed link: PDFs in a frame (the browser's own viewer, which reads the file
 * with Range requests), images as an image, anything else as a short text. Fills its parent; the parent decides
 * the size (a modal, a side pane). Used by the S3 Browser, the S3 Uploader and the Database Explorer.
 */
export function FilePreview({
  url,
  name,
  fallback = defaultFallback,
  className,
}: {
  /** The signed link (root-relative or absolute); null when the listing had none. */
  url: string | null | undefined;
  name: string;
  /** What to say for types with no inline preview; gets the lower-case extension ("" when none). */
  fallback?(ext: string): ReactNode;
  className?: string;
}) {
  const kind = previewKind(name);
  // Remembered per link, so another file (or a fresh link) gets its own try.
  const [brokenUrl, setBrokenUrl] = useState<string | null>(null);
  const broken = !!url && brokenUrl === url;

  if (!url || broken || kind === "none") {
    const text = !url
      ? NO_PREVIEW_URL
      : broken
        ? "This image could not be loaded."
        : fallback(extensionOf(name));
    return (
      <div
        className={cn(
          "flex h-full min-h-48 flex-col items-center justify-center gap-2 rounded-md border border-dashed p-6 text-center text-sm text-muted-foreground",
          className,
        )}
      >
        <FileQuestionIcon className="size-8" aria-hidden />
        <p>{text}</p>
      </div>
    );
  }
  if (kind === "image") {
    return (
      <div
        className={cn(
          "flex h-full items-center justify-center overflow-auto rounded-md bg-muted/40",
          className,
        )}
      >
        <img
          src={url}
          alt={name}
          className="max-h-full max-w-full object-contain"
          onError={() => setBrokenUrl(url)}
        />
      </div>
    );
  }
  return (
    <iframe
      key={url}
      src={url}
      title={`Preview of ${name}`}
      className={cn("h-full min-h-48 w-full rounded-md border bg-muted/40", className)}
    />
  );
}
