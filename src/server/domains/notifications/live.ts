import type { LiveNotice } from "@shared/notifications";
import type { Db } from "../../db/client";
import type { Logger } from "../../lib/logger";
import { lastNoticeId, noticesAfter, toNotice, unreadOf } from "./queries";

/**
 * New notices to the browsers connected to this instance. While anyone listens, the instance reads the table
 * once a second for ids past the last it saw (one indexed range read, whatever the number of listeners), so a
 * notice written by any instance on the same database reaches its recipient here within about a second. A
 * notice raised in this process wakes the watch at once. Nobody listening: no reads at all.
 */
export const WATCH_EVERY_MS = 1000;
/** A person's open streams (tabs); a newer one ends the oldest. */
export const STREAMS_PER_PERSON = 4;
/** Streams per instance; past it a stream is refused (503) and the browser polls instead. */
export const STREAMS_MAX = 2000;
const READ_BATCH = 500;

export interface Listener {
  recipient: string;
  send(event: LiveNotice): void;
  end(): void;
}

export interface NoticeHub {
  /** Whether another stream fits (the caller answers 503 when not). */
  hasRoom(): boolean;
  /** Listen for a person's notices; false when the instance has no room. */
  add(listener: Listener): boolean;
  remove(listener: Listener): void;
  /** A notice was written in this process: look now rather than at the next tick. */
  wake(): void;
  readonly size: number;
}

const hubs = new WeakMap<Db, NoticeHub>();

/** The hub of a database handle: one per instance (tests run several apps, each with its own). */
export function noticeHub(db: Db, log: Logger): NoticeHub {
  let hub = hubs.get(db);
  if (!hub) {
    hub = createHub(db, log);
    hubs.set(db, hub);
  }
  return hub;
}

function createHub(db: Db, log: Logger): NoticeHub {
  const byPerson = new Map<string, Set<Listener>>();
  let size = 0;
  let timer: ReturnType<typeof setInterval> | null = null;
  let reading: Promise<void> | null = null;
  let again = false;

  const readNew = newNoticeReader(db, byPerson);
  /** One read at a time; a wake during a read reads once more after it. */
  function tick() {
    if (reading) {
      again = true;
      return;
    }
    reading = readNew()
      .catch((err) => log.warn("notice watch failed", { err }))
      .finally(() => {
        reading = null;
        if (again && size) {
          again = false;
          tick();
        }
      });
  }

  function start() {
    if (timer) return;
    timer = setInterval(tick, WATCH_EVERY_MS);
    timer.unref?.();
    tick();
  }

  function stop() {
    if (timer) clearInterval(timer);
    timer = null;
    // The next listener starts from the table's end as it is then.
    readNew.reset();
  }

  return {
    get size() {
      return size;
    },
    hasRoom: () => size < STREAMS_MAX,
    add(listener) {
      if (size >= STREAMS_MAX) return false;
      // The oldest of a person's streams ends first (its end() removes it), then the new one joins.
      const held = byPerson.get(listener.recipient);
      if (held && held.size >= STREAMS_PER_PERSON) held.values().next().value?.end();
      const set = byPerson.get(listener.recipient) ?? new Set<Listener>();
      byPerson.set(listener.recipient, set);
      set.add(listener);
      size++;
      start();
      return true;
    },
    remove(listener) {
      const set = byPerson.get(listener.recipient);
      if (!set?.delete(listener)) return;
      size--;
      if (!set.size) byPerson.delete(listener.recipient);
      if (!size) stop();
    },
    wake() {
      if (size) tick();
    },
  };
}

/**
 * Reads the notices written since the last read and hands each to its recipient's listeners, with the person's
 * unread count (read once per person per read). The first read starts from the table's end.
 */
function newNoticeReader(db: Db, byPerson: Map<string, Set<Listener>>) {
  let lastId: number | null = null;
  const read = async () => {
    lastId ??= await lastNoticeId(db);
    for (;;) {
      const rows = await noticesAfter(db, lastId, READ_BATCH);
      if (!rows.length) return;
      lastId = rows.at(-1)!.id;
      const counts = new Map<string, number>();
      for (const row of rows) {
        const listeners = byPerson.get(row.recipient);
        if (!listeners?.size) continue;
        if (!counts.has(row.recipient)) counts.set(row.recipient, await unreadOf(db, row.recipient));
        const event: LiveNotice = {
          type: "notice",
          notice: toNotice(row),
          unread: counts.get(row.recipient)!,
        };
        for (const l of listeners) l.send(event);
      }
      if (rows.length < READ_BATCH) return;
    }
  };
  return Object.assign(read, {
    reset() {
      lastId = null;
    },
  });
}
