import { CheckIcon, CopyIcon, DownloadIcon, ExternalLinkIcon, EyeIcon } from "lucide-react";
import type { ReactNode } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { absoluteUrl } from "@/lib/file-links";
import { useCopy } from "@/lib/use-copy";

/** The spec's alerts for files without a signed link (S3 Browser and Database Explorer alike). */
export const FILE_ALERTS = {
  noUrls: "No URLs available for selected files.",
  noUrl: "No URL available for this file.",
  noPreview: "No preview available for this file.",
} as const;

export const alertFile = (text: string) => toast.error(text, { duration: 3000 });

interface LinkedFile {
  name: string;
  /** The signed link; "" or null when the listing had none. */
  url: string | null;
}

/** "Copied!" for `copiedMs` (1.2 s in the S3 Browser, 2 s in the Explorer); clipboard failures stay silent. */
export function CopyUrlButton({ file, copiedMs }: { file: LinkedFile; copiedMs: number }) {
  const { copied, copy } = useCopy(copiedMs);
  return (
    <Button
      size="xs"
      variant="ghost"
      aria-label={copied ? `Copied URL of ${file.name}` : `Copy URL of ${file.name}`}
      onClick={() => {
        if (!file.url) return alertFile(FILE_ALERTS.noUrl);
        void copy(absoluteUrl(file.url)).then((ok) => ok || console.warn("Copy failed"));
      }}
    >
      {copied ? <CheckIcon className="text-success" /> : <CopyIcon />}
      <span aria-live="polite">{copied ? "Copied!" : "Copy URL"}</span>
    </Button>
  );
}

/** A link styled as a small button, or (no signed link) a button that says so. */
function LinkAction({
  file,
  download,
  label,
  children,
}: {
  file: LinkedFile;
  download?: boolean;
  label: string;
  children: ReactNode;
}) {
  if (!file.url)
    return (
      <Button size="xs" variant="ghost" aria-label={label} onClick={() => alertFile(FILE_ALERTS.noUrl)}>
        {children}
      </Button>
    );
  return (
    <Button asChild size="xs" variant="ghost">
      <a
        href={file.url}
        aria-label={label}
        {...(download ? { download: file.name } : { target: "_blank", rel: "noopener noreferrer" })}
      >
        {children}
      </a>
    </Button>
  );
}

/**
 * A file's row actions in the file browsers: Preview, Open (new tab), Download, Copy URL. Accessible names are
 * "Preview <name>", "Open <name>", "Download <name>", "Copy URL of <name>"; `openText` is the visible word.
 */
export function FileActions({
  file,
  onPreview,
  openText = "Open",
  copiedMs,
}: {
  file: LinkedFile;
  onPreview(): void;
  openText?: string;
  copiedMs: number;
}) {
  return (
    // On a phone the row is a card (the file browsers' tables): the four actions wrap onto a second line there.
    <div className="flex justify-end gap-0.5 max-sm:flex-wrap max-sm:justify-start">
      <Button size="xs" variant="ghost" aria-label={`Preview ${file.name}`} onClick={onPreview}>
        <EyeIcon /> Preview
      </Button>
      <LinkAction file={file} label={`Open ${file.name}`}>
        <ExternalLinkIcon /> {openText}
      </LinkAction>
      <LinkAction file={file} download label={`Download ${file.name}`}>
        <DownloadIcon /> Download
      </LinkAction>
      <CopyUrlButton file={file} copiedMs={copiedMs} />
    </div>
  );
}
