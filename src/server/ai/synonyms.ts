import { fold } from "./fts-query";

/**
 * Words staff use for what company documents call something else ("vacation" for annual leave, "work from
 * home" for remote work, "borrow" for a plan loan). A question word in a group is searched for as any word or
 * phrase of its group, and a sentence holding any of them counts as holding it. Kept to everyday HR, benefits,
 * safety and finance vocabulary; a real thesaurus would add noise (and weight) to every question.
 */
const GROUPS: string[][] = [
  ["vacation", "annual leave", "paid time off", "pto", "holiday leave"],
  ["remote", "remotely", "work from home", "home office", "telework", "telecommute", "wfh"],
  ["quit", "resign", "resignation", "notice"],
  ["fired", "dismissal", "termination"],
  ["raise", "merit increase", "pay increase"],
  ["salary", "pay", "wages", "paycheck"],
  ["borrow", "loan"],
  ["price", "value", "fair market value"],
  ["rsu", "rsus", "restricted stock unit", "restricted stock units"],
  ["espp", "employee stock purchase"],
  ["maternity", "paternity", "parental", "baby"],
  ["boss", "manager", "supervisor"],
  ["gear", "ppe", "protective equipment"],
  ["allowance", "per diem", "stipend"],
  ["sick", "illness", "ill"],
  ["doctor", "health care provider", "physician"],
  ["401k", "401(k)", "retirement plan"],
  ["match", "matching"],
  ["hotline", "ethics line"],
  ["training", "course", "courses"],
  ["laptop", "computer"],
  ["reimbursement", "reimbursed", "reimburses", "refund"],
];

const INDEX = new Map<string, string[]>();
for (const group of GROUPS) for (const w of group) INDEX.set(w, group);

/** The other words and phrases of the group `word` belongs to (none when it has no group). */
export function synonymsOf(word: string): string[] {
  const w = fold(word);
  return (INDEX.get(w) ?? []).filter((x) => x !== w);
}

/** Multi-word names of a group found in the question ("work from home"), with their alternatives. */
export function phrasesIn(question: string): { phrase: string; alts: string[] }[] {
  const q = ` ${fold(question).replace(/[^\p{L}\p{N}()]+/gu, " ")} `;
  const out: { phrase: string; alts: string[] }[] = [];
  for (const [w, group] of INDEX) {
    if (w.includes(" ") && q.includes(` ${w} `)) out.push({ phrase: w, alts: group.filter((x) => x !== w) });
  }
  return out;
}
