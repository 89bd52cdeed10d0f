import { ExternalLinkIcon } from "lucide-react";
import { FilePreview, keepFocusOnPane } from "@/components/file-preview/file-preview";
import { Button } from "@/components/ui/button";
import { Dialog, DialogDescription, DialogTitle, SheetContent } from "@/components/ui/dialog";
import type { FileRow } from "@/lib/storage-files";

/** The PDF in a side pane, wide enough to read; Escape, the close button or a click outside closes it. */
export function PreviewPane({ file, onClose }: { file: FileRow | null; onClose(): void }) {
  return (
    <Dialog open={!!file} onOpenChange={(open) => !open && onClose()}>
      <SheetContent
        side="right"
        className="w-[min(56rem,92vw)] max-w-[92vw] gap-3 p-4 outline-none"
        onOpenAutoFocus={keepFocusOnPane}
      >
        <div className="flex min-w-0 items-start gap-3 pr-8">
          <div className="min-w-0 flex-1">
            <DialogTitle className="truncate text-base">{file?.name}</DialogTitle>
            <DialogDescription className="truncate text-xs" title={file?.key}>
              {file?.key}
            </DialogDescription>
          </div>
          {file?.url && (
            <Button asChild size="sm" variant="outline">
              <a href={file.url} target="_blank" rel="noopener noreferrer">
                <ExternalLinkIcon /> Open
              </a>
            </Button>
          )}
        </div>
        {file && <FilePreview url={file.url} name={file.name} className="min-h-0 flex-1" />}
      </SheetContent>
    </Dialog>
  );
}
