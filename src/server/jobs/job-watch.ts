import type { EventEmitter } from "node:events";
import type { Db } from "../db/client";
import { notFound } from "../lib/errors";
import type { JobRow } from "./queue";
import * as queue from "./queue";

/**
 * A job's steps as they are recorded, then its finished row. Wakes on this process's announcements and polls
 * each second, so it follows jobs run by other processes too.
 */
export async function* watchJob(db: Db, events: EventEmitter, id: number): AsyncGenerator<string, JobRow> {
  let seen = 0;
  for (;;) {
    // Listen before reading, so an event between the read and the wait is not missed.
    let wake!: () => void;
    const woken = new Promise<void>((resolve) => {
      wake = resolve;
    });
    events.once(`job:${id}`, wake);
    const tick = setTimeout(wake, 1000);
    try {
      const row = await queue.getJob(db, id);
      if (!row) throw notFound(`No job ${id}.`);
      while (seen < row.steps.length) yield row.steps[seen++]!;
      if (row.status === "done" || row.status === "failed") return row;
      await woken;
    } finally {
      clearTimeout(tick);
      events.off(`job:${id}`, wake);
    }
  }
}

/** Follow a watch to its end: the finished row. */
export async function lastOf(watch: AsyncGenerator<string, JobRow>): Promise<JobRow> {
  for (;;) {
    const r = await watch.next();
    if (r.done) return r.value;
  }
}
