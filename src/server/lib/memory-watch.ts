import { readFileSync } from "node:fs";

/** How often a child process's memory is read while it works. */
export const WATCH_MS = 100;

/** Resident memory of a process (Linux /proc), 0 when it cannot be read (it ended, another platform). */
export function rssBytes(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}

/**
 * The memory ceiling of a child process doing costly work (PDFs, spreadsheets, photos): its resident memory is
 * read every WATCH_MS and `onOver` is called once it passes `capBytes()` (read each time: the cap may follow the
 * file in hand). Returns the function that stops watching. The caller kills the process and answers in words.
 */
export function watchMemory(pid: number, capBytes: () => number, onOver: () => void): () => void {
  let stopped = false;
  const timer = setInterval(() => {
    if (stopped || rssBytes(pid) <= capBytes()) return;
    stop();
    onOver();
  }, WATCH_MS);
  timer.unref?.();
  const stop = () => {
    stopped = true;
    clearInterval(timer);
  };
  return stop;
}
