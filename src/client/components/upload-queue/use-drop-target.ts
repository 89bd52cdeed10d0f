import { type DragEvent, useEffect, useState } from "react";

/**
 * A drop target's state: `over` while files are dragged over it, and the drag handlers to spread on it; a drop
 * hands the files to `onDrop`. While mounted, a file dropped just beside the target is kept from the browser,
 * which would otherwise open it in place of the portal.
 */
export function useDropTarget(onDrop: (files: FileList) => void) {
  const [over, setOver] = useState(false);
  useEffect(() => {
    const guard = (e: globalThis.DragEvent) => {
      if (e.dataTransfer?.types.includes("Files")) e.preventDefault();
    };
    window.addEventListener("dragover", guard);
    window.addEventListener("drop", guard);
    return () => {
      window.removeEventListener("dragover", guard);
      window.removeEventListener("drop", guard);
    };
  }, []);
  const handlers = {
    onDragEnter(e: DragEvent<HTMLElement>) {
      e.preventDefault();
      setOver(true);
    },
    onDragOver(e: DragEvent<HTMLElement>) {
      e.preventDefault();
      e.dataTransfer.dropEffect = "copy";
      setOver(true);
    },
    onDragLeave(e: DragEvent<HTMLElement>) {
      // Leaving for a child of the zone is not leaving the zone.
      if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOver(false);
    },
    onDrop(e: DragEvent<HTMLElement>) {
      e.preventDefault();
      setOver(false);
      onDrop(e.dataTransfer.files);
    },
  };
  return { over, handlers };
}
