import type { Logger } from "../lib/logger";

/** A chore the job runner does now and then (purging expired sessions, old counters), outside any job. */
export interface Chore {
  name: string;
  everyMs: number;
  run(now: Date): Promise<unknown>;
}

/**
 * The chores due at `now`, run one after another: each at most once per `everyMs`, the first at the first poll.
 * A failure is logged and retried at the chore's next turn; it never stops the runner.
 */
export function createHousekeeping(
  chores: readonly Chore[],
  log: Logger,
  clock: () => Date = () => new Date(),
) {
  const lastRun = new Map<string, number>();
  let running = false;
  return async function runDue() {
    if (running) return;
    running = true;
    try {
      for (const chore of chores) {
        const now = clock();
        const last = lastRun.get(chore.name);
        if (last !== undefined && now.getTime() - last < chore.everyMs) continue;
        lastRun.set(chore.name, now.getTime());
        await chore.run(now).catch((err) => log.warn("housekeeping failed", { chore: chore.name, err }));
      }
    } finally {
      running = false;
    }
  };
}
