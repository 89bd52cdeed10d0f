import { closeSync, openSync, statSync, writeSync } from "node:fs";
import { PRIVATE_FILE } from "../lib/private-files";

/**
 * Numbers every process that opens the same embedded database file sees at once: a few 4-byte counters in a file
 * beside it (`<database>-changes`), mapped into memory and shared, bumped with an atomic add. The embedded client
 * bumps one after each committed change to the tables it watches (WATCHED in client.ts), so a process can keep
 * what it read from them in memory (sessions, the inventory's filter options) and still forget it the moment any
 * process on the host changes them. Reading one is a memory load; no statement, no system call.
 *
 * A libSQL server has no such shared place (its processes may be on other hosts): there are no counters and
 * nothing that depends on one is kept.
 */
export interface ChangeCounter {
  read(): number;
  bump(): void;
}

/** Counters in the file: more than the watched groups need, so a new group needs no new file. */
export const COUNTER_SLOTS = 8;

/** Counters for one process only: an in-memory database exists on one connection of one process. */
export function localCounters(): (slot: number) => ChangeCounter {
  const cells = new Int32Array(COUNTER_SLOTS);
  return (slot) => counterAt(cells, slot);
}

export function sharedCounters(databasePath: string): (slot: number) => ChangeCounter {
  const file = `${databasePath}-changes`;
  const bytes = COUNTER_SLOTS * 4;
  // Created by whichever process comes first; only ever grown, never truncated (a mapping others hold stays valid).
  const fd = openSync(file, "a+", PRIVATE_FILE);
  try {
    const size = statSync(file).size;
    if (size < bytes) writeSync(fd, new Uint8Array(bytes - size));
  } finally {
    closeSync(fd);
  }
  const mapped = Bun.mmap(file, { shared: true });
  const cells = new Int32Array(mapped.buffer, mapped.byteOffset, COUNTER_SLOTS);
  return (slot) => counterAt(cells, slot);
}

function counterAt(cells: Int32Array, slot: number): ChangeCounter {
  if (!Number.isInteger(slot) || slot < 0 || slot >= COUNTER_SLOTS)
    throw new RangeError(`No counter ${slot}`);
  return {
    read: () => Atomics.load(cells, slot),
    bump: () => {
      Atomics.add(cells, slot, 1);
    },
  };
}
