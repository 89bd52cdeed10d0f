import { closeSync, openSync, statSync, writeSync } from "node:fs";

/**
 * A number every process that opens the same embedded database file sees at once: eight bytes in a file beside
 * it (`<database>-identity`), mapped into memory and shared, bumped with an atomic add. The embedded client bumps
 * it after each committed change to the tables that say who someone is (IDENTITY_TABLES in client.ts), so a
 * process can keep sessions in memory and still forget one the moment any process on the host signs it out,
 * changes its role or removes its account. Reading it is one memory load; no statement, no system call.
 *
 * A libSQL server has no such shared place (its processes may be on other hosts): there is no counter and
 * nothing that depends on one is cached.
 */
export interface ChangeCounter {
  read(): number;
  bump(): void;
}

/** A counter for one process only: an in-memory database exists on one connection of one process. */
export function localCounter(): ChangeCounter {
  let n = 0;
  return {
    read: () => n,
    bump: () => {
      n++;
    },
  };
}

export function sharedCounter(databasePath: string): ChangeCounter {
  const file = `${databasePath}-identity`;
  // Created once by whichever process comes first; never truncated, so a mapping others hold stays valid.
  const fd = openSync(file, "a+");
  try {
    if (statSync(file).size < 8) writeSync(fd, new Uint8Array(8 - statSync(file).size));
  } finally {
    closeSync(fd);
  }
  const bytes = Bun.mmap(file, { shared: true });
  const cell = new Int32Array(bytes.buffer, bytes.byteOffset, 1);
  return {
    read: () => Atomics.load(cell, 0),
    bump: () => {
      Atomics.add(cell, 0, 1);
    },
  };
}
