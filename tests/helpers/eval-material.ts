import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";

/**
 * The held-out evaluation material (bench/ask-ai-eval/sets, bench/ocr-eval) and matchers that find it pasted
 * elsewhere. A figure measured on material the code or its tests were written against means nothing, so
 * src/ and tests/ must hold none of it. Words are normalised as the team's hook (eval-in-tree.py) does, so
 * the two agree on what a hit is.
 */
export const ROOT = join(import.meta.dir, "../..");
const ASK_SETS = join(ROOT, "bench/ask-ai-eval/sets");
const OCR_SETS = join(ROOT, "bench/ocr-eval");
/** A question is found by any run of this many of its words (a shorter question only whole). */
export const QUESTION_RUN = 6;
/** A document sentence of at least this many words is found whole. */
export const SENTENCE_WORDS = 8;

export const normWords = (s: string) => s.toLowerCase().match(/[a-z0-9]+/g) ?? [];

export interface EvalQuestion {
  id: string;
  set: string;
  split: string;
  q: string;
}
export interface EvalSentence {
  file: string;
  page: number;
  words: string[];
}

export function evalQuestions(): EvalQuestion[] {
  return readdirSync(ASK_SETS).flatMap((set) =>
    (
      JSON.parse(readFileSync(join(ASK_SETS, set, "questions.json"), "utf8")) as {
        id: string;
        q: string;
        split: string;
      }[]
    ).map(({ id, q, split }) => ({ id, q, split, set })),
  );
}

export function evalSentences(): EvalSentence[] {
  const out: EvalSentence[] = [];
  for (const set of readdirSync(ASK_SETS)) {
    const docs = JSON.parse(readFileSync(join(ASK_SETS, set, "documents.json"), "utf8")) as {
      fileName: string;
      pages: string[];
    }[];
    for (const d of docs)
      d.pages.forEach((text, i) => {
        // The hook's sentence split: after . ! or ? and white space.
        for (const s of text.split(/(?<=[.!?])\s+/)) {
          const words = normWords(s);
          if (words.length >= SENTENCE_WORDS) out.push({ file: d.fileName, page: i + 1, words });
        }
      });
  }
  return out;
}

/** Every truth file (manifest.json) of the OCR evaluation sets, wherever eval.ts and photos-eval.ts keep them. */
function manifests(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? manifests(join(dir, e.name)) : e.name === "manifest.json" ? [join(dir, e.name)] : [],
  );
}

/** "1234-56(A)" and "1234-56A" are one work order. */
const woKey = (wo: string) => wo.toUpperCase().replace(/[()]/g, "");

/** Each evaluation work order (by key) with the image it is the truth of. */
export function evalWorkOrders(): Map<string, string> {
  const out = new Map<string, string>();
  for (const path of manifests(OCR_SETS)) {
    const images = JSON.parse(readFileSync(path, "utf8")) as { file: string; truth: string[] }[];
    for (const img of images)
      for (const wo of img.truth)
        if (!out.has(woKey(wo))) out.set(woKey(wo), relative(ROOT, join(path, "..", img.file)));
  }
  return out;
}

/** The evaluation images' paths (relative to the project), by file name. */
export function evalImages(): Map<string, string> {
  const out = new Map<string, string>();
  for (const path of manifests(OCR_SETS))
    for (const img of JSON.parse(readFileSync(path, "utf8")) as { file: string }[])
      out.set(img.file, relative(ROOT, join(path, "..", img.file)));
  return out;
}

/** Builds a matcher naming every evaluation image a text names by its file name (a test reading it). */
export function imageMatcher(images: Map<string, string>): Matcher {
  return (text) => {
    const hits = new Set<string>();
    for (const [m] of text.matchAll(/[\w.-]+\.(?:png|jpe?g|gif)\b/gi)) {
      const path = images.get(m);
      if (path) hits.add(`evaluation image ${path}`);
    }
    return [...hits];
  };
}

/**
 * Word sequences to find, as a trie: the tree's text is walked once from each word, and a walk stops at the
 * first word no sequence continues with, so reading the whole tree stays quick.
 */
class WordTrie<T> {
  private readonly next = new Map<string, WordTrie<T>>();
  private readonly ends: T[] = [];

  add(words: string[], item: T) {
    let node: WordTrie<T> = this;
    for (const w of words) {
      const child = node.next.get(w) ?? new WordTrie<T>();
      node.next.set(w, child);
      node = child;
    }
    node.ends.push(item);
  }

  /** Calls `found` with each item whose sequence is in `words`, and the sequence. */
  find(words: string[], found: (item: T, run: string[]) => void) {
    for (let i = 0; i < words.length; i++) {
      let node = this.next.get(words[i]!);
      for (let k = i + 1; node; k++) {
        for (const item of node.ends) found(item, words.slice(i, k));
        node = k < words.length ? node.next.get(words[k]!) : undefined;
      }
    }
  }
}

export type Matcher = (text: string, words?: string[]) => string[];

/** Builds a matcher naming every evaluation question one of whose word runs is in a text (once each). */
export function questionMatcher(questions: EvalQuestion[]): Matcher {
  const trie = new WordTrie<EvalQuestion>();
  for (const q of questions) {
    const w = normWords(q.q);
    const n = Math.min(QUESTION_RUN, w.length);
    for (let i = 0; i + n <= w.length; i++) trie.add(w.slice(i, i + n), q);
  }
  return (text, words = normWords(text)) => {
    const hits = new Map<EvalQuestion, string>();
    trie.find(words, (q, run) => {
      if (!hits.has(q)) hits.set(q, `question ${q.id} (${q.set}, ${q.split}): "${run.join(" ")}"`);
    });
    return [...hits.values()];
  };
}

/** Builds a matcher naming every evaluation document sentence found whole in a text. */
export function sentenceMatcher(sentences: EvalSentence[]): Matcher {
  const trie = new WordTrie<EvalSentence>();
  for (const s of sentences) trie.add(s.words, s);
  return (text, words = normWords(text)) => {
    const hits = new Set<string>();
    trie.find(words, (s) =>
      hits.add(`sentence of ${s.file} p. ${s.page}: "${s.words.slice(0, SENTENCE_WORDS).join(" ")}…"`),
    );
    return [...hits];
  };
}

/**
 * Builds a matcher naming every evaluation work order written in a text. A number only counts whole: not the
 * "2024-01" of a date 2024-01-10, nor the "1234" of 1234-56.
 */
export function workOrderMatcher(truths: Map<string, string>): Matcher {
  const candidate = /(?<![A-Za-z0-9-])\d{4}(?:-\d{2}(?:\([A-Za-z]\)|[A-Za-z])?)?(?![A-Za-z0-9(-])/g;
  return (text) => {
    const hits = new Set<string>();
    for (const [m] of text.matchAll(candidate)) {
      const image = truths.get(woKey(m));
      if (image) hits.add(`work order ${m} (the truth of ${image})`);
    }
    return [...hits];
  };
}

const TEXT_FILE = /\.(ts|tsx|js|mjs|json|md|html|css|csv|txt|svg)$/;

/** Every text file under src/ and tests/, relative to the project root. */
export function treeFiles(): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? walk(join(dir, e.name)) : TEXT_FILE.test(e.name) ? [join(dir, e.name)] : [],
    );
  return ["src", "tests"].flatMap((d) => walk(join(ROOT, d))).map((f) => relative(ROOT, f));
}
