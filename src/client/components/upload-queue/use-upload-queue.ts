import { useEffect, useState, useSyncExternalStore } from "react";
import { UploadQueue, type UploadQueueOptions } from "@/lib/upload-queue";

/**
 * The upload queue bound to a component: one queue for the component's life, its items as state. The options
 * may change every render (the send function reads the screen's current choices); the newest are always used.
 * Leaving the screen cancels whatever is still waiting or in flight.
 */
export function useUploadQueue<M, R>(options: UploadQueueOptions<M, R>) {
  const [queue] = useState(() => new UploadQueue<M, R>(options));
  queue.setOptions(options);
  const items = useSyncExternalStore(queue.subscribe, queue.getSnapshot, queue.getSnapshot);
  const autoStart = options.autoStart ?? true;
  useEffect(() => {
    // Mounted (again, under StrictMode's double mount, after a dispose): run as configured.
    if (autoStart) queue.start();
    return () => queue.dispose();
  }, [queue, autoStart]);
  return { queue, items };
}
