import { expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import {
  evalImages,
  evalQuestions,
  evalSentences,
  evalWorkOrders,
  imageMatcher,
  normWords,
  QUESTION_RUN,
  questionMatcher,
  sentenceMatcher,
  treeFiles,
  workOrderMatcher,
} from "../helpers/eval-material";

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

/**
 * The whole tree, src/ and tests/: no run of six words of an evaluation question, no sentence (8+ words) of an
 * evaluation document, no work order an evaluation image carries. Tests pinned to held-out material make the
 * figures measured on it mean less than they say.
 */
function evalMaterialIn(files: string[]) {
  const matchers = [
    questionMatcher(evalQuestions()),
    sentenceMatcher(evalSentences()),
    workOrderMatcher(evalWorkOrders()),
    imageMatcher(evalImages()),
  ];
  return files.flatMap((file) => {
    const text = readFileSync(join(ROOT, file), "utf8");
    const words = normWords(text);
    return matchers.flatMap((match) => match(text, words).map((hit) => `${file}: ${hit}`));
  });
}

test("no evaluation question, document sentence, image or image work order is in src/ or tests/", () => {
  const files = treeFiles();
  expect(files.length).toBeGreaterThan(300);
  expect(evalMaterialIn(files)).toEqual([]);
});

function guardSeesPastedText() {
  // The first question long enough to have runs of six words, and its first five words.
  const question = evalQuestions().find((q) => normWords(q.q).length > QUESTION_RUN)!;
  const sentence = evalSentences()[0]!;
  // What a hurried test would hold: the question pasted as asked, a copied sentence.
  const pasted = `test("answers", () => expect(ask(${JSON.stringify(question.q)})).toContain("x"));`;
  expect(questionMatcher(evalQuestions())(pasted)).toEqual([
    expect.stringContaining(`question ${question.id} (`),
  ]);
  const copied = `const page = "Intro. ${sentence.words.join(" ")}. More.";`;
  expect(sentenceMatcher(evalSentences())(copied)[0]).toContain(`sentence of ${sentence.file}`);
  // Five words of a question are common English, not a paste.
  const five = normWords(question.q)
    .slice(0, QUESTION_RUN - 1)
    .join(" ");
  expect(questionMatcher([question])(five)).toEqual([]);
}

function guardSeesImages() {
  const truths = evalWorkOrders();
  const [workOrder, image] = [...truths][0]!;
  expect(workOrderMatcher(truths)(`expect(read(img)).toEqual(["${workOrder}"]);`)).toEqual([
    `work order ${workOrder} (the truth of ${image})`,
  ]);
  // A number only counts whole: not inside a date or a longer number.
  expect(workOrderMatcher(truths)(`date 2024-01-10, ${workOrder}7, 9${workOrder}`)).toEqual([]);
  const [name, path] = [...evalImages()][0]!;
  expect(imageMatcher(evalImages())(`readFileSync(join(DIR, "${name}"))`)).toEqual([
    `evaluation image ${path}`,
  ]);
}

test("the guard sees a pasted question and a copied sentence", guardSeesPastedText);
test("the guard sees an evaluation image read and an image's work order", guardSeesImages);
