import { BoundedMap } from "./bounded-map";
import { AppError } from "./errors";

/** People whose recent use is remembered per limiter (a staff member each, with room to spare). */
const PEOPLE = 10_000;

/**
 * How often one person may start a kind of costly work (photos, questions, imports, uploads): `perMinute`
 * on average, with bursts up to that many at once (a token bucket that refills continuously). Past it the
 * request is refused with 429, a sentence and the seconds until the next one is allowed. Kept per process (with
 * WEB_CONCURRENCY each process counts its own); memory is bounded by PEOPLE.
 */
export function createPersonRate(opts: { perMinute: number; what: string; now?: () => number }) {
  const now = opts.now ?? Date.now;
  const perMs = opts.perMinute / 60_000;
  const buckets = new BoundedMap<string, { tokens: number; at: number }>(PEOPLE);
  return {
    take(person: string) {
      const t = now();
      const b = buckets.get(person) ?? { tokens: opts.perMinute, at: t };
      const tokens = Math.min(opts.perMinute, b.tokens + (t - b.at) * perMs);
      if (tokens < 1) {
        const retryAfterS = Math.max(1, Math.ceil((1 - tokens) / perMs / 1000));
        buckets.set(person, { tokens, at: t });
        throw new AppError(
          "TOO_MANY_REQUESTS",
          `You sent more ${opts.what} than the portal takes from one person in a minute (${opts.perMinute}). Try again in ${retryAfterS} s.`,
          { retryAfterS },
        );
      }
      buckets.set(person, { tokens: tokens - 1, at: t });
    },
  };
}

export type PersonRate = ReturnType<typeof createPersonRate>;
