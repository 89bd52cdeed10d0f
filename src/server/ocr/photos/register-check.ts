import { workOrderKey } from "@shared/work-orders";
import type { Rival } from "./ppocr/ctc";
import type { PlaceRead } from "./work-orders";

/**
 * Readings checked against the project register. Every real work order on the paper is in the register, and a
 * handwritten number read wrong is most often one confusable digit away from the truth (0↔6, 0↔8, 3↔8, 1↔7). So
 * for a reading the register does not hold, the registered work orders the recogniser's own output supports are
 * found: a digit (or the suffix letter) swapped for one the recogniser also weighed at that place (its CTC step's
 * next-best characters), or a digit for one handwriting is known to be mistaken for, one or two changes at most. Each is scored by how
 * likely the recogniser found the digits it takes, against the digits it read. One candidate far likelier than
 * every other, and likely enough against the reading, corrects it; otherwise the likeliest few are suggestions.
 * A reading the register holds is never changed. Pure functions, with the register behind a port.
 */

export interface RegisterLine {
  work_order: string;
  project: string;
  client: string;
  /** A lettered work order without a line of its own, answered by its base number's line. */
  from_base?: boolean;
}

/** The register's line for each work order asked (null where it has none), in the order asked. */
export type RegisterLookup = (workOrders: string[]) => Promise<(RegisterLine | null)[]>;

/** Digits handwriting is mistaken for, where the recogniser gave the other no weight at all. */
const CONFUSABLE: Record<string, string> = {
  "0": "689",
  "1": "7",
  "3": "8",
  "4": "9",
  "5": "6",
  "6": "05",
  "7": "1",
  "8": "036",
  "9": "04",
};
/** What a confusable digit the recogniser did not weigh counts for, against the digit read (p = 1). */
const CONFUSABLE_P = 0.01;
/** At most this many places changed. */
const MAX_CHANGES = 2;
/** Candidates looked up in the register per reading, likeliest first. */
const MAX_LOOKUPS = 48;
export const MAX_SUGGESTIONS = 3;

/**
 * The correction rule (set on the dev halves of the photo sets): the best registered candidate's likelihood
 * against the reading must reach SURE, and be APART times the next candidate's.
 */
export const SURE = 0.05;
export const APART = 16;

export interface Candidate {
  work_order: string;
  /** Likelihood against the reading: the product over changed places of p(new digit) / p(digit read). */
  odds: number;
}

/** A work order's places: its digits and its suffix letter. */
const PLACE = /[0-9A-Z]/g;

/** The work order with its places, in order, replaced by `chars`. */
function withPlaces(workOrder: string, chars: string[]): string {
  let k = 0;
  return workOrder.replace(PLACE, () => chars[k++] ?? "");
}

/** What each place may be instead of what was read, with its odds against the digit read. */
function optionsAt(d: PlaceRead): Rival[] {
  const out = new Map<string, number>();
  const read = Math.max(d.p, 1e-4);
  for (const r of d.rivals) if (r.ch !== d.ch && r.p > 0) out.set(r.ch, Math.min(1, r.p / read));
  // A digit handwriting is mistaken for is never less likely than that, whatever little the recogniser gave it.
  for (const ch of CONFUSABLE[d.ch] ?? "") out.set(ch, Math.max(out.get(ch) ?? 0, CONFUSABLE_P));
  return [...out].map(([ch, p]) => ({ ch, p }));
}

/** Work orders one or two changed places away that the reading supports, likeliest first. */
export function candidatesOf(workOrder: string, places: PlaceRead[]): Candidate[] {
  if ((workOrder.toUpperCase().match(PLACE)?.length ?? 0) !== places.length) return [];
  const read = places.map((d) => d.ch);
  const options = places.map(optionsAt);
  const out: Candidate[] = [];
  const walk = (from: number, chosen: string[], odds: number, changes: number) => {
    if (changes) out.push({ work_order: withPlaces(workOrder.toUpperCase(), chosen), odds });
    if (changes === MAX_CHANGES) return;
    for (let i = from; i < places.length; i++)
      for (const o of options[i]!) {
        const next = [...chosen];
        next[i] = o.ch;
        walk(i + 1, next, odds * o.p, changes + 1);
      }
  };
  walk(0, read, 1, 0);
  return out.sort((a, b) => b.odds - a.odds).slice(0, MAX_LOOKUPS);
}

/** A registered work order a reading may be: as the reading spells it, with its register line's project. */
export interface Suggestion {
  work_order: string;
  project: string;
  client: string;
}

export type Verdict =
  /** `exact` unless the register holds it only inside a longer number (4321 → 4321-01, 4321-02 → 4321-02A). */
  | { kind: "registered"; line: RegisterLine; exact: boolean }
  | { kind: "corrected"; to: Suggestion; odds: number }
  | { kind: "unregistered"; suggestions: Suggestion[] };

/**
 * The rule, over the registered candidates likeliest first: one likely enough against the reading and far
 * likelier than every other corrects it.
 */
export function decide(found: (Suggestion & { odds: number })[]): Verdict {
  const [best, second] = found;
  const plain = ({ odds, ...s }: Suggestion & { odds: number }): Suggestion => s;
  if (best && best.odds >= SURE && best.odds >= APART * (second?.odds ?? 0))
    return { kind: "corrected", to: plain(best), odds: best.odds };
  return { kind: "unregistered", suggestions: found.slice(0, MAX_SUGGESTIONS).map(plain) };
}

/**
 * Each reading's verdict: in the register, corrected into it, or not in it (with suggestions). Two look-ups in
 * all, whatever the number of readings: the readings themselves, then every candidate of those it lacks.
 */
export async function checkReadings(
  readings: { work_order: string; places?: PlaceRead[] }[],
  lookup: RegisterLookup,
): Promise<Verdict[]> {
  if (!readings.length) return [];
  // A lettered reading known only by its base number's line is not itself in the register: in a register where
  // most numbers have a line, nearly any misread letter-suffixed number would be. Its base is a candidate (the
  // letter may be a stray mark), an unlikely one: offered, never taken alone.
  const asked = await lookup(readings.map((r) => r.work_order));
  const own = asked.map((l) => (l?.from_base ? null : l));
  const candidates = readings.map((r, i) => {
    if (own[i]) return [];
    const base = asked[i]?.from_base ? [{ work_order: asked[i]!.work_order, odds: CONFUSABLE_P }] : [];
    return [...(r.places ? candidatesOf(r.work_order, r.places) : []), ...base].sort(
      (a, b) => b.odds - a.odds,
    );
  });
  const flat = candidates.flat();
  const lines = flat.length ? await lookup(flat.map((c) => c.work_order)) : [];
  let at = 0;
  return readings.map((_, i): Verdict => {
    const mine = candidates[i]!;
    const found = mine.flatMap((c) => {
      const line = lines[at++];
      return line && !line.from_base
        ? [{ work_order: c.work_order, project: line.project, client: line.client, odds: c.odds }]
        : [];
    });
    const line = own[i];
    if (!line) return decide(found);
    return {
      kind: "registered",
      line,
      exact: workOrderKey(line.work_order) === workOrderKey(readings[i]!.work_order),
    };
  });
}
