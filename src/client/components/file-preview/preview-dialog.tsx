import { DownloadIcon, ExternalLinkIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";
import { FilePreview, keepFocusOnPane } from "./file-preview";

export interface PreviewFile {
  name: string;
  url: string | null | undefined;
  /** A second line under the name (the folder, the database). */
  detail?: ReactNode;
}

/** A large modal around FilePreview with Open and Download; Escape or the close button closes it. */
export function PreviewDialog({
  file,
  onClose,
  fallback,
}: {
  file: PreviewFile | null;
  onClose(): void;
  fallback?(ext: string): ReactNode;
}) {
  return (
    <Dialog open={!!file} onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        className="flex h-[85vh] max-w-5xl flex-col gap-3 p-4 outline-none sm:p-5"
        onOpenAutoFocus={keepFocusOnPane}
      >
        <div className="min-w-0 pr-8">
          <DialogTitle className="truncate text-base leading-normal">{file?.name}</DialogTitle>
          <DialogDescription className="truncate text-xs">{file?.detail ?? "Preview"}</DialogDescription>
        </div>
        {file && (
          <>
            <FilePreview url={file.url} name={file.name} fallback={fallback} className="min-h-0 flex-1" />
            {file.url && (
              <div className="flex justify-end gap-2">
                <Button asChild variant="outline" size="sm">
                  <a href={file.url} target="_blank" rel="noopener noreferrer">
                    <ExternalLinkIcon /> Open
                  </a>
                </Button>
                <Button asChild variant="outline" size="sm">
                  <a href={file.url} download={file.name}>
                    <DownloadIcon /> Download
                  </a>
                </Button>
              </div>
            )}
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
