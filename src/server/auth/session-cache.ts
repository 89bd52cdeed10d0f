import type { ChangeCounter } from "../db/change-counter";
import { BoundedMap } from "../lib/bounded-map";

/** Sessions kept per process: a signed-in staff member each, with room to spare. */
export const SESSION_CACHE_SIZE = 10_000;
/**
 * The longest a looked-up session is kept. Changes made through the portal (in any process on the database) are
 * seen at once through the change counter; this bounds only what nothing counts, such as a hand edit of the
 * database file with another tool.
 */
export const SESSION_CACHE_MAX_AGE_MS = 60_000;

export interface CachedSession<T> {
  value: T;
  expiresAt: number;
  /** The session's absolute end (sign-in + SESSION_MAX_DAYS). */
  endOfLife: number;
}

interface Entry<T> extends CachedSession<T> {
  /** The change counter when the session was read: a later change to accounts or sessions makes it stale. */
  seen: number;
  cachedAt: number;
}

/**
 * Sessions already looked up, so a signed-in request does not read the database to learn who is calling. Every
 * committed change to the accounts or sessions tables (sign-out, a role change, a removal, a new password; in
 * any process on the same database) bumps `changes`, and an entry read before the bump is never served again.
 * An entry is only stored when the database said the session is valid, so a stream of made-up tokens stores
 * nothing (and the map is bounded anyway).
 */
export function createSessionCache<T>(changes: ChangeCounter, now: () => number = Date.now) {
  const entries = new BoundedMap<string, Entry<T>>(SESSION_CACHE_SIZE);
  return {
    /** Read the counter before the lookup whose result `store` will keep. */
    mark: () => changes.read(),
    get(id: string): CachedSession<T> | undefined {
      const hit = entries.get(id);
      if (!hit) return undefined;
      const at = now();
      if (
        hit.seen !== changes.read() ||
        at >= hit.expiresAt ||
        at - hit.cachedAt > SESSION_CACHE_MAX_AGE_MS
      ) {
        return undefined;
      }
      return hit;
    },
    store(id: string, session: CachedSession<T>, mark: number) {
      // Changed while it was being read: the row may predate the change.
      if (mark !== changes.read()) return;
      entries.set(id, { ...session, seen: mark, cachedAt: now() });
    },
  };
}

export type SessionCache<T> = ReturnType<typeof createSessionCache<T>>;
