import type { ChangeCounter } from "../db/change-counter";

/**
 * A read kept in memory until the tables behind it change: `load` runs again only after `counter` moved (a
 * committed change by any process on the database, db/change-counter.ts). Without a counter (a libSQL server)
 * it runs every time. A change committed while `load` ran leaves nothing kept: its result may predate it.
 */
export function keptUntilChanged<T>(
  counter: ChangeCounter | null | undefined,
  load: () => Promise<T>,
): () => Promise<T> {
  if (!counter) return load;
  let kept: { mark: number; value: T } | undefined;
  return async () => {
    const mark = counter.read();
    if (kept?.mark === mark) return kept.value;
    const value = await load();
    if (counter.read() === mark) kept = { mark, value };
    return value;
  };
}
