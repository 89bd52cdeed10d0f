import { readdirSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { AppError, conflict } from "../lib/errors";
import type { ByteRange } from "./object-store";

const STALE_TEMP_MS = 24 * 3600 * 1000;

export function clampRange(range: ByteRange, size: number): ByteRange {
  if (range.start < 0 || range.start >= size || range.end < range.start) {
    throw new AppError("BAD_REQUEST", "The requested byte range is not within the file.");
  }
  return { start: range.start, end: Math.min(range.end, size - 1) };
}

/** File-system errors a caller can cause become 4xx with a message; anything else stays an internal error. */
export function fsError(err: unknown, key: string): unknown {
  const code = (err as { code?: string }).code;
  if (code === "ENOTDIR" || code === "EEXIST") {
    return conflict(`A file is in the way of a folder in '${key}'.`);
  }
  if (code === "EISDIR" || code === "ENOTEMPTY") return conflict(`A folder already exists at '${key}'.`);
  if (code === "ENAMETOOLONG") return new AppError("BAD_REQUEST", `key '${key}' is too long for this store.`);
  return err;
}

/** Temp files older than a day are left-overs of a crash mid-upload. */
export function sweepTemp(dir: string) {
  const cutoff = Date.now() - STALE_TEMP_MS;
  try {
    for (const name of readdirSync(dir)) {
      const p = join(dir, name);
      if (statSync(p).mtimeMs < cutoff) rmSync(p, { force: true });
    }
  } catch {}
}
