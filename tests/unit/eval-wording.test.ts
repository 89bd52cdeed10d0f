import { expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";

/**
 * No evaluation in the answering and recognition code: no word 3-gram (two or more content words) of a held-out
 * evaluation question may appear in src/server/ai or src/server/ocr, code or comments. A rule written for one
 * question is a patch, not a rule; this keeps the held-out sets held out. (The same check as the team's
 * eval-wording tool; the demo documents, which the demo questions are about, are not in these folders.)
 */
const ROOT = join(import.meta.dir, "../..");
const SETS = join(ROOT, "bench/ask-ai-eval/sets");
const STOP = new Set(
  `a an the of to in on at for from by with about into over after before under and or but if so than then do
  does did i me my we our you your he she it its they them their is are was were be been being am have has had
  get got can could may might must should would will shall what which who whom whose when where why how much
  many any some all no not this that these those there here up out off as just also very more most other same
  such own need needs allowed let lets`.split(/\s+/),
);
const words = (s: string) =>
  s
    .toLowerCase()
    .replace(/['’]/g, "")
    .match(/[a-z0-9]+/g) ?? [];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : e.name.endsWith(".ts") ? [join(dir, e.name)] : [],
  );
}

/** Each qualifying word 3-gram of the held-out questions, with the question it comes from. */
function evaluationGrams() {
  const grams = new Map<string, string>();
  for (const set of readdirSync(SETS)) {
    const questions = JSON.parse(readFileSync(join(SETS, set, "questions.json"), "utf8")) as { q: string }[];
    for (const { q } of questions) {
      const w = words(q);
      for (let i = 0; i + 3 <= w.length; i++) {
        const g = w.slice(i, i + 3);
        if (g.filter((x) => !STOP.has(x)).length >= 2 && !grams.has(g.join(" "))) grams.set(g.join(" "), q);
      }
    }
  }
  return grams;
}
const grams = evaluationGrams();

/** The held-out 3-grams a source text contains, each with its question. */
function hitsIn(source: string) {
  const text = ` ${words(source).join(" ")} `;
  return [...grams].filter(([g]) => text.includes(` ${g} `)).map(([g, q]) => `"${g}" (${q})`);
}

test("no word 3-gram of a held-out evaluation question is in the answering or recognition code", () => {
  expect(grams.size).toBeGreaterThan(500);
  const hits: string[] = [];
  for (const file of ["ai", "ocr"].flatMap((d) => sourceFiles(join(ROOT, "src/server", d)))) {
    hits.push(...hitsIn(readFileSync(file, "utf8")).map((h) => `${relative(ROOT, file)}: ${h}`));
  }
  expect(hits).toEqual([]);
});

test("the guard catches a held-out question pasted into code, in a comment or a pattern, whatever its case", () => {
  // A guard that found nothing here would pass on any code: it must see a question someone pasted.
  const [, question] = [...grams][0]!;
  expect(hitsIn(`const x = 1; // e.g. "${question}"\nreturn x;`).length).toBeGreaterThan(0);
  expect(hitsIn(`const rule = /${question.toUpperCase()}/i;`).length).toBeGreaterThan(0);
  expect(hitsIn("const answer = retrieve(question, passages);")).toEqual([]);
});
