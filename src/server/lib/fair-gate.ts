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
  const line = createWaitingLine();
  let running = 0;

  const busy = () => new AppError("SERVICE_UNAVAILABLE", opts.busyMessage, { retryAfterS: opts.retryAfterS });

  function admit(person: string): Admission {
    const done = line.letIn(person);
    running++;
    let released = false;
    return {
      release() {
        if (released) return;
        released = true;
        running--;
        done();
        next();
      },
    };
  }

  /** The next person in turn gets their oldest request in; they go to the back of the line if they have more. */
  function next() {
    while (running < concurrency && line.people) {
      const w = line.takeNext();
      w.admit(admit(w.person));
    }
  }

  return {
    /** Wait for a place (round-robin by `person`); resolves with the place to release when the work is done. */
    acquire(person: string, o: { signal?: AbortSignal | null; bytes?: number } = {}): Promise<Admission> {
      if (o.signal?.aborted) return Promise.reject(new GateStopped());
      if (running < concurrency && line.size === 0) return Promise.resolve(admit(person));
      const bytes = o.bytes ?? 0;
      const overBytes = opts.maxWaitingBytes !== undefined && line.bytes + bytes > opts.maxWaitingBytes;
      if (line.size >= opts.maxWaiting || overBytes) return Promise.reject(busy());
      return new Promise<Admission>((resolve, reject) => {
        const onAbort = () => {
          line.remove(w);
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
        line.add(w);
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
    stats: () => ({ running, waiting: line.size, waitingBytes: line.bytes, people: line.people }),
  };
}

/** The requests waiting for a place, per person, and the order people are served in. */
function createWaitingLine() {
  /** Waiting requests per person, in arrival order; `turns` is the order people are served in. */
  const byPerson = new Map<string, Waiter[]>();
  const turns: string[] = [];
  /**
   * When each person with work running or waiting was last let in. The person let in least recently goes next,
   * so someone whose first request was let in at once (nobody waited) does not also go before a newcomer.
   */
  const lastIn = new Map<string, { at: number; running: number }>();
  let tick = 0;
  let waiting = 0;
  let waitingBytes = 0;

  return {
    /** Requests waiting, and the bytes they hold. */
    get size() {
      return waiting;
    },
    get bytes() {
      return waitingBytes;
    },
    /** People with a request waiting. */
    get people() {
      return turns.length;
    },
    /** A person's work is let in now; call what it returns when that work ends. */
    letIn(person: string): () => void {
      const seen = lastIn.get(person) ?? { at: 0, running: 0 };
      seen.at = ++tick;
      seen.running++;
      lastIn.set(person, seen);
      return () => {
        if (--seen.running === 0 && !byPerson.has(person)) lastIn.delete(person);
      };
    },
    add(w: Waiter) {
      let queue = byPerson.get(w.person);
      if (!queue) {
        queue = [];
        byPerson.set(w.person, queue);
        turns.push(w.person);
      }
      queue.push(w);
      waiting++;
      waitingBytes += w.bytes;
    },
    remove(w: Waiter) {
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
    },
    /** The oldest request of the person whose turn it is, out of the line (only while someone waits). */
    takeNext(): Waiter {
      const person = turns.splice(nextTurn(turns, lastIn), 1)[0]!;
      const queue = byPerson.get(person)!;
      const w = queue.shift()!;
      waiting--;
      waitingBytes -= w.bytes;
      if (queue.length) turns.push(person);
      else byPerson.delete(person);
      return w;
    },
  };
}

/** The waiting person let in least recently; among those never let in, the first to arrive. */
function nextTurn(turns: readonly string[], lastIn: ReadonlyMap<string, { at: number }>): number {
  let best = 0;
  const at = (i: number) => lastIn.get(turns[i]!)?.at ?? 0;
  for (let i = 1; i < turns.length; i++) if (at(i) < at(best)) best = i;
  return best;
}

export type FairGate = ReturnType<typeof createFairGate>;
