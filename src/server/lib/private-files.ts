import { chmodSync, closeSync, mkdirSync, openSync, statSync } from "node:fs";

/**
 * The data folder holds password and session hashes, the link-signing key and every stored original: other
 * users of the machine must not read any of it, whatever the umask the portal was started with. Folders are
 * 0700, files 0600, set where each is created (the umask can only narrow these further).
 */
export const PRIVATE_DIR = 0o700;
export const PRIVATE_FILE = 0o600;

/** mkdir -p, the folders it creates private; the first one it created (as mkdirSync answers), if any. */
export function makePrivateDir(path: string): string | undefined {
  return mkdirSync(path, { recursive: true, mode: PRIVATE_DIR });
}

/** An empty private file, unless one is there already (SQLite then creates its -wal/-shm with the same mode). */
export function ensurePrivateFile(path: string) {
  closeSync(openSync(path, "a", PRIVATE_FILE));
}

/**
 * Take group and other access away from a file or folder an earlier version left open (it was created under
 * umask 022). A missing path is fine. One this user may not change (a folder owned by root, shared with the
 * portal's group) is left as it is: the answer says why, for a warning, rather than stopping the portal.
 */
export function tighten(path: string, mode: number): string | null {
  try {
    const current = statSync(path).mode & 0o777;
    if ((current & ~mode) !== 0) chmodSync(path, current & mode);
    return null;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
    return `${path} could not be made private (chmod ${mode.toString(8)}): ${(err as Error).message}`;
  }
}
