import { AppError } from "./errors";

/**
 * A gate in front of costly work (built-in answers, photo readings, spreadsheet imports): at most `concurrency`
 * pieces run at once in this process, and those waiting are let in round-robin by person, so one person's batch
 * of twenty delays another person's single request by at most one item. The queue is bounded (in items and, for
 * work that holds its input in memory, in bytes): past it a request is refused at once with 503, a sentence and
 * a Retry-After, instead of waiting without end or holding memory. A waiter whose request ends (the person
 * pressed stop or left) leaves the queue and costs nothing more.
 */
export interface FairGateOptions {
  concurrency: number;
  /** Requests waiting, all people together. */
  maxWaiting: number;
  /** Bytes the waiting requests may hold, all together (unbounded when unset). */
  maxWaitingBytes?: number;
  /** What a refused request is told (503), and when to come back. */
  busyMessage: string;
  retryAfterS: number;
}

export interface Admission {
  /** Hand the place to the next person's request; safe to call twice. */
  release(): void;
}

interface Waiter {
  person: string;
  bytes: number;
  admit(place: Admission): void;
  abort(reason: unknown): void;
}

export class GateStopped extends Error {
  constructor() {
    super("The request ended while it waited its turn.");
    this.name = "GateStopped";
  }
}

export function createFairGate(opts: FairGateOptions) {
  const concurrency = Math.max(1, Math.floor(opts.concurrency));
  /** Waiting requests per person, in arrival order; `turns` is the order people are served in. */
  const byPerson = new Map<string, Waiter[]>();
  const turns: string[] = [];
  /**
   * When each person with work running or waiting was last let in. The person let in least recently goes next,
   * so someone whose first request was let in at once (nobody waited) does not also go before a newcomer.
   */
  const lastIn = new Map<string, { at: number; running: number }>();
  let tick = 0;
  let running = 0;
  let waiting = 0;
  let waitingBytes = 0;

  const busy = () => new AppError("SERVICE_UNAVAILABLE", opts.busyMessage, { retryAfterS: opts.retryAfterS });

  function admit(person: string): Admission {
    const seen = lastIn.get(person) ?? { at: 0, running: 0 };
    seen.at = ++tick;
    seen.running++;
    lastIn.set(person, seen);
    running++;
    let released = false;
    return {
      release() {
        if (released) return;
        released = true;
        running--;
        if (--seen.running === 0 && !byPerson.has(person)) lastIn.delete(person);
        next();
      },
    };
  }

  /** The waiting person let in least recently; among those never let in, the first to arrive. */
  function nextTurn(): number {
    let best = 0;
    const at = (i: number) => lastIn.get(turns[i]!)?.at ?? 0;
    for (let i = 1; i < turns.length; i++) if (at(i) < at(best)) best = i;
    return best;
  }

  function remove(w: Waiter) {
    const queue = byPerson.get(w.person);
    if (!queue) return;
    const at = queue.indexOf(w);
    if (at < 0) return;
    queue.splice(at, 1);
    waiting--;
    waitingBytes -= w.bytes;
    if (!queue.length) {
      byPerson.delete(w.person);
      turns.splice(turns.indexOf(w.person), 1);
      if (lastIn.get(w.person)?.running === 0) lastIn.delete(w.person);
    }
  }

  /** The next person in turn gets their oldest request in; they go to the back of the line if they have more. */
  function next() {
    while (running < concurrency && turns.length) {
      const person = turns.splice(nextTurn(), 1)[0]!;
      const queue = byPerson.get(person)!;
      const w = queue.shift()!;
      waiting--;
      waitingBytes -= w.bytes;
      if (queue.length) turns.push(person);
      else byPerson.delete(person);
      w.admit(admit(person));
    }
  }

  return {
    /** Wait for a place (round-robin by `person`); resolves with the place to release when the work is done. */
    acquire(person: string, o: { signal?: AbortSignal | null; bytes?: number } = {}): Promise<Admission> {
      if (o.signal?.aborted) return Promise.reject(new GateStopped());
      if (running < concurrency && waiting === 0) return Promise.resolve(admit(person));
      const bytes = o.bytes ?? 0;
      const overBytes = opts.maxWaitingBytes !== undefined && waitingBytes + bytes > opts.maxWaitingBytes;
      if (waiting >= opts.maxWaiting || overBytes) return Promise.reject(busy());
      return new Promise<Admission>((resolve, reject) => {
        const onAbort = () => {
          remove(w);
          reject(new GateStopped());
        };
        const w: Waiter = {
          person,
          bytes,
          admit: (place) => {
            o.signal?.removeEventListener("abort", onAbort);
            resolve(place);
          },
          abort: onAbort,
        };
        o.signal?.addEventListener("abort", onAbort, { once: true });
        let queue = byPerson.get(person);
        if (!queue) {
          queue = [];
          byPerson.set(person, queue);
          turns.push(person);
        }
        queue.push(w);
        waiting++;
        waitingBytes += bytes;
      });
    },
    /** Run `work` with a place, releasing it however the work ends. */
    async run<T>(
      person: string,
      work: () => Promise<T>,
      o: { signal?: AbortSignal | null; bytes?: number } = {},
    ) {
      const place = await this.acquire(person, o);
      try {
        return await work();
      } finally {
        place.release();
      }
    },
    stats: () => ({ running, waiting, waitingBytes, people: turns.length }),
  };
}

export type FairGate = ReturnType<typeof createFairGate>;
