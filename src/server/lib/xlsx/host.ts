import { AppError } from "../errors";
import { watchMemory } from "../memory-watch";
import { xlsxRefusal } from "./limits";
import type { SheetReply, SheetRequest, SheetRow } from "./protocol";
import { prepareSpare, takeReader } from "./spare";

export interface XlsxReadLimits {
  /** The import's row cap (reading stops a little past it). */
  maxRows: number;
  /** Resident memory the reading process may reach (IMPORT_MEMORY_MB). */
  memoryBytes: number;
  /** Longest the reading may take (IMPORT_TIMEOUT_S). */
  timeoutMs: number;
  /** The request ended: the reading stops. */
  signal?: AbortSignal | null;
}

/**
 * Read an .xlsx in a process of its own (process.ts), one per workbook: past the memory ceiling or the time limit
 * it is killed and the person is told so in a sentence (422); when it ends, all it used goes back to the system.
 * The serving process only sends the bytes and receives the rows.
 */
export function readXlsxInChild(bytes: Uint8Array, limits: XlsxReadLimits): Promise<SheetRow[]> {
  const { signal } = limits;
  if (signal?.aborted) return Promise.reject(signal.reason);
  return new Promise<SheetRow[]>((resolve, reject) => {
    const rows: SheetRow[] = [];
    const { proc, listen } = takeReader();
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      unwatch();
      signal?.removeEventListener("abort", onAbort);
      proc.kill("SIGKILL");
      outcome();
    };
    const onAbort = () => settle(() => reject(signal?.reason));
    listen(
      (reply: SheetReply) => {
        if (reply.kind === "rows") for (const row of reply.rows) rows.push(row);
        else if (reply.kind === "done") {
          // A workbook read through: the next one's process starts now (a refused one does not earn that).
          settle(() => resolve(rows));
          prepareSpare();
        } else settle(() => reject(new AppError(reply.code, reply.message)));
      },
      // Ended without answering: killed from outside, or crashed on the file.
      () => settle(() => reject(xlsxRefusal.unreadable())),
    );
    const timer = setTimeout(
      () => settle(() => reject(xlsxRefusal.time(limits.timeoutMs / 1000))),
      limits.timeoutMs,
    );
    const unwatch = watchMemory(
      proc.pid,
      () => limits.memoryBytes,
      () => settle(() => reject(xlsxRefusal.memory(limits.memoryBytes))),
    );
    signal?.addEventListener("abort", onAbort, { once: true });
    const request: SheetRequest = { bytes, maxRows: limits.maxRows };
    proc.send(request);
  });
}
