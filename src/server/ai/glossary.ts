import { fold } from "./fts-query";

/**
 * Standard abbreviations of the firm's field (HR and benefits, safety, geotechnical practice) and what they stand
 * for: a question's word or phrase found here is searched for as either, and a sentence holding either holds it.
 */
const ENTRIES: [string, string][] = [
  ["pto", "paid time off"],
  ["ppe", "personal protective equipment"],
  ["wfh", "work from home"],
  ["401k", "401(k)"],
  ["rsu", "restricted stock unit"],
  ["espp", "employee stock purchase plan"],
  ["hr", "human resources"],
  ["qc", "quality control"],
  ["qa", "quality assurance"],
  ["spt", "standard penetration test"],
  ["cpt", "cone penetration test"],
  ["osha", "occupational safety and health"],
  ["sds", "safety data sheet"],
  ["cpr", "cardiopulmonary resuscitation"],
  ["aed", "automated external defibrillator"],
];

const INDEX = new Map<string, string>();
for (const [short, long] of ENTRIES) {
  INDEX.set(short, long);
  INDEX.set(long, short);
}

/** What a word or phrase abbreviates or stands for (none when the glossary does not know it). */
export function synonymsOf(word: string): string[] {
  const other = INDEX.get(fold(word));
  return other ? [other] : [];
}

/** Spelled-out forms found in the question ("paid time off"), with their abbreviation. */
export function phrasesIn(question: string): { phrase: string; alts: string[] }[] {
  const q = ` ${fold(question).replace(/[^\p{L}\p{N}()]+/gu, " ")} `;
  return ENTRIES.filter(([, long]) => q.includes(` ${long} `)).map(([short, long]) => ({
    phrase: long,
    alts: [short],
  }));
}
