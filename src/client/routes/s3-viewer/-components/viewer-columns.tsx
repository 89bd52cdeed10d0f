import { VIEWER_COPIED_MS } from "@shared/storage";
import type { ColumnDef } from "@tanstack/react-table";
import { CheckIcon, CopyIcon, DownloadIcon, ExternalLinkIcon, EyeIcon, FileIcon } from "lucide-react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { absoluteUrl } from "@/lib/file-links";
import { type FileRow, folderLabel } from "@/lib/storage-files";
import { useCopy } from "@/lib/use-copy";

export const VIEWER_ALERTS = {
  noUrls: "No URLs available for selected files.",
  noUrl: "No URL available for this file.",
  noPreview: "No preview available for this file.",
} as const;

const alertNoUrl = () => toast.error(VIEWER_ALERTS.noUrl, { duration: 3000 });

/** "Copied!" for 1.2 s (the storage viewer's time); clipboard failures stay silent, as the spec says. */
function CopyUrlButton({ row }: { row: FileRow }) {
  const { copied, copy } = useCopy(VIEWER_COPIED_MS);
  return (
    <Button
      size="xs"
      variant="ghost"
      aria-label={copied ? `Copied URL of ${row.name}` : `Copy URL of ${row.name}`}
      onClick={() => {
        if (!row.url) return alertNoUrl();
        void copy(absoluteUrl(row.url)).then((ok) => ok || console.warn("Copy failed"));
      }}
    >
      {copied ? <CheckIcon className="text-success" /> : <CopyIcon />}
      <span aria-live="polite">{copied ? "Copied!" : "Copy URL"}</span>
    </Button>
  );
}

/** A link styled as a small button, or (no signed link in the listing) a button that says so. */
function LinkAction({
  row,
  download,
  children,
  label,
}: {
  row: FileRow;
  download?: boolean;
  children: React.ReactNode;
  label: string;
}) {
  if (!row.url)
    return (
      <Button size="xs" variant="ghost" aria-label={label} onClick={alertNoUrl}>
        {children}
      </Button>
    );
  return (
    <Button asChild size="xs" variant="ghost">
      <a
        href={row.url}
        aria-label={label}
        {...(download ? { download: row.name } : { target: "_blank", rel: "noopener noreferrer" })}
      >
        {children}
      </a>
    </Button>
  );
}

export function viewerColumns(onPreview: (row: FileRow) => void): ColumnDef<FileRow, unknown>[] {
  return [
    {
      id: "name",
      header: "Name",
      meta: { sortKey: "name", className: "max-w-[22rem]" },
      cell: ({ row }) => (
        <span className="flex min-w-0 items-center gap-2" title={row.original.key}>
          <FileIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
          <span className="truncate font-medium">{row.original.name}</span>
        </span>
      ),
    },
    {
      id: "folder",
      header: "Folder",
      meta: { sortKey: "folder", className: "max-w-[16rem]" },
      cell: ({ row }) => (
        <span className="block truncate text-muted-foreground" title={folderLabel(row.original.folder)}>
          {folderLabel(row.original.folder)}
        </span>
      ),
    },
    {
      id: "type",
      header: "Type",
      meta: { sortKey: "type", className: "w-20" },
      cell: ({ row }) => <span className="font-mono text-xs uppercase">{row.original.ext || "—"}</span>,
    },
    {
      id: "actions",
      header: "Actions",
      meta: { className: "w-px whitespace-nowrap text-right" },
      cell: ({ row }) => (
        <div className="flex justify-end gap-0.5">
          <Button
            size="xs"
            variant="ghost"
            aria-label={`Preview ${row.original.name}`}
            onClick={() => onPreview(row.original)}
          >
            <EyeIcon /> Preview
          </Button>
          <LinkAction row={row.original} label={`Open ${row.original.name}`}>
            <ExternalLinkIcon /> Open
          </LinkAction>
          <LinkAction row={row.original} download label={`Download ${row.original.name}`}>
            <DownloadIcon /> Download
          </LinkAction>
          <CopyUrlButton row={row.original} />
        </div>
      ),
    },
  ];
}
