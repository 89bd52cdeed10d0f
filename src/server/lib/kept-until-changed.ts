import type { ChangeCounter } from "../db/change-counter";
import { BoundedMap } from "./bounded-map";

/**
 * Reads kept in memory until the tables behind them change: `load(key)` runs again only after `counter` moved (a
 * committed change by any process on the database, db/change-counter.ts). Without a counter (a libSQL server)
 * it runs every time. A change committed while `load` ran leaves nothing kept: its result may predate it. At
 * most `max` keys are kept (keys may come from requests), the least recently used dropped.
 */
export function keptUntilChanged<T>(
  counter: ChangeCounter | null | undefined,
  load: (key: string) => Promise<T>,
  max = 1,
): (key?: string) => Promise<T> {
  if (!counter) return (key = "") => load(key);
  let mark = counter.read();
  let kept = new BoundedMap<string, T>(max);
  return async (key = "") => {
    const now = counter.read();
    if (now !== mark) {
      mark = now;
      kept = new BoundedMap(max);
    }
    const hit = kept.get(key);
    if (hit !== undefined) return hit;
    const value = await load(key);
    if (counter.read() === now && mark === now) kept.set(key, value);
    return value;
  };
}
