/**
 * Held-out evaluation sets (bench/ask-ai-eval/sets/<name>): documents written as page texts and questions with
 * their expected file, page and fact, by someone who never read the answering code. The documents are turned
 * into PDFs as a printer would (each line of a page drawn, long lines wrapped), indexed through the real
 * pipeline, and every question is asked through the real answer path. Scored per split (dev to tune on, test
 * only to score): retrieval hit@1/hit@5/MRR, the fact in the answer, refusals of what the documents do not say,
 * wrong refusals, the fact's page among the cited ones, and whether each quoted sentence is on the page it cites.
 */

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { retrieve } from "@server/ai/retrieval";
import { jobs } from "@server/db/schema";
import type { AppDeps } from "@server/deps";
import { answerQuestion } from "@server/domains/chat/ask";
import { requireTarget } from "@server/domains/chat/targets";
import { operatorIdentity, serviceCtx } from "@server/lib/service-ctx";
import { stageUpload } from "@server/storage/staging";
import { CHAT_TEXTS, CITATION_PATTERN, isRefusal } from "@shared/chat";
import { sql } from "drizzle-orm";
import { PDFDocument, rgb, StandardFonts } from "pdf-lib";
import { LIFTED_RATES } from "../lib";

export interface SetDocument {
  db: string;
  fileName: string;
  title: string;
  pages: string[];
}
export interface SetQuestion {
  id: string;
  q: string;
  db: string;
  file: string | null;
  pages: number[];
  fact: string | null;
  kind: "plain" | "similar" | "unanswerable" | "list";
  split: "dev" | "test";
}

export const loadSet = (name: string) => {
  const dir = join(import.meta.dir, "sets", name);
  return {
    documents: JSON.parse(readFileSync(join(dir, "documents.json"), "utf8")) as SetDocument[],
    questions: JSON.parse(readFileSync(join(dir, "questions.json"), "utf8")) as SetQuestion[],
  };
};

/** A document as a printed PDF: Letter pages, 9.5 pt Helvetica, lines wrapped to the margins. */
export async function printPdf(doc: SetDocument): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(doc.title);
  pdf.setCreationDate(new Date("2026-01-01T00:00:00Z"));
  pdf.setModificationDate(new Date("2026-01-01T00:00:00Z"));
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const size = 9.5;
  const width = 612 - 2 * 54;
  for (const text of doc.pages) {
    const page = pdf.addPage([612, 792]);
    let y = 750;
    for (const raw of text.split("\n")) {
      for (const line of wrapLine(
        raw.replace(/\t/g, "    "),
        (s) => font.widthOfTextAtSize(s, size),
        width,
      )) {
        // Characters outside WinAnsi (the standard font's set) are drawn as close as it can.
        page.drawText(line.replace(/[^\x20-\x7e\u00a0-\u00ff–—‘’“”•…°]/g, "?"), {
          x: 54,
          y,
          size,
          font,
          color: rgb(0, 0, 0),
        });
        y -= size * 1.45;
      }
    }
  }
  return pdf.save();
}

function wrapLine(text: string, measure: (s: string) => number, width: number): string[] {
  if (!text.trim()) return [];
  const out: string[] = [];
  let line = "";
  for (const word of text.split(/ +/)) {
    const next = line ? `${line} ${word}` : word;
    if (line && measure(next) > width) {
      out.push(line);
      line = word;
    } else line = next;
  }
  if (line) out.push(line);
  return out;
}

/** Index every document of the set into its database, through the real pipeline, and wait for the jobs. */
export async function indexSet(deps: AppDeps, documents: SetDocument[], timeoutMs = 300_000) {
  for (const doc of documents) {
    const { key } = await stageUpload(deps.store, await printPdf(doc));
    await deps.jobs.enqueue("index-file", {
      db: doc.db,
      fileName: doc.fileName,
      source: key,
      staged: true,
      user: "eval",
      mode: "default",
      title: doc.title,
      create: true,
    });
  }
  deps.jobs.start();
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const rows = await deps.db.select({ status: jobs.status, error: jobs.error }).from(jobs);
    const open = rows.filter((r) => r.status !== "done" && r.status !== "failed");
    if (!open.length) {
      const failed = rows.filter((r) => r.status === "failed");
      if (failed.length) throw new Error(`indexing failed: ${failed.map((f) => f.error).join("; ")}`);
      return;
    }
    if (performance.now() > deadline) throw new Error("the set was not indexed in time");
    await Bun.sleep(100);
  }
}

const norm = (s: string) =>
  s.toLowerCase().replace(/[’‘]/g, "'").replace(/[–—]/g, "-").replace(/\s+/g, " ").trim();

/** The answer refuses: the documents do not say. */
export const refuses = isRefusal;
/** The built-in model's answer says its support is partial (the line above its quotes). */
const inPart = (answer: string) => answer.startsWith(CHAT_TEXTS.partialSupport);

export interface SplitScore {
  questions: number;
  answerable: number;
  hit1: number;
  hit5: number;
  mrr: number;
  /** Answerable questions whose answer holds the expected fact. */
  fact: number;
  /** The same, for questions needing one page among similar ones. */
  similarFact: number;
  /** Unanswerable questions answered "the documents don't say". */
  abstained: number;
  /** Unanswerable questions answered with the closest passages under the "only in part" line. */
  unanswerablePartial: number;
  /** Answerable questions answered under that line. */
  answerablePartial: number;
  /** Answerable questions refused. */
  wrongRefusals: number;
  /** Answerable questions whose answer cites the fact's page. */
  citedPage: number;
  /** Quoted sentences found on the page their citation names. */
  exactCitations: number;
  /** Quotes that are a heading of their page (a section title, a table's header line): none should be. */
  headingQuotes: number;
}

export interface Miss {
  q: SetQuestion;
  rank: number;
  answer: string;
  problems: string[];
}

/** Ask every question of `split` and score it; the misses are returned for the dev split only. */
/**
 * Every answer of a run, by question: with EVAL_ANSWERS_OUT set, written to `<that>.<set>.json`, so two runs
 * (a rule in, a rule out) can be compared item by item — how many answers a rule changes on each half.
 */
const answersGiven: { id: string; split: string; answer: string }[] = [];

export async function scoreSplit(deps: AppDeps, questions: SetQuestion[], split: "dev" | "test") {
  const qs = questions.filter((q) => q.split === split);
  const pageText = await pageTexts(deps);
  const s = {
    hit1: 0,
    hit5: 0,
    rr: 0,
    fact: 0,
    similar: 0,
    similarN: 0,
    abst: 0,
    unPartial: 0,
    partial: 0,
    unN: 0,
    wrong: 0,
    cited: 0,
  };
  let quotes = 0;
  let exact = 0;
  let headingQuotes = 0;
  const misses: Miss[] = [];
  for (const q of qs) {
    const target = await requireTarget(deps.db, q.db);
    const r = await retrieve(deps.db, target.collectionIds, q.q, {
      limit: 10,
      budgetChars: Number.MAX_SAFE_INTEGER,
      embed: deps.ai.embed,
    });
    const right = (file: string, pages: number[]) =>
      file === q.file && pages.some((p) => q.pages.includes(p));
    const rank = q.file
      ? r.passages.findIndex((p) =>
          right(
            p.file,
            p.pages.map((x) => x.page),
          ),
        ) + 1
      : 0;
    const a = await answerQuestion(serviceCtx(deps, operatorIdentity("eval@geolabs.example")), {
      question: q.q,
      db: q.db,
      useWeb: false,
      useCache: false,
    });
    const answer = a.answer;
    const problems: string[] = [];
    const cites = [...answer.matchAll(CITATION_PATTERN)].map((m) => ({
      file: m[1]!,
      from: Number(m[2]),
      to: Number(m[3] ?? m[2]),
      at: m.index!,
    }));
    // Each quoted line and the citation that closes it: the quote must be on the cited page(s).
    for (const line of answer.split("\n")) {
      const m = /^- (.*?) \[([^\]]+?\.pdf),? pp?\. ?(\d+)(?:[–-](\d+))?\]\s*$/.exec(line);
      if (!m) continue;
      quotes++;
      const from = Number(m[3]);
      const to = Number(m[4] ?? m[3]);
      const text = Array.from(
        { length: to - from + 1 },
        (_, i) => pageText.get(`${m[2]}|${from + i}`) ?? "",
      ).join(" ");
      const quoted = norm(m[1]!.replace(/^"|"$/g, "")).slice(0, 80);
      if (norm(text).includes(quoted)) exact++;
      else problems.push(`quote not on p. ${from}${to !== from ? `–${to}` : ""}`);
      if (headingsOf(text).has(norm(m[1]!))) {
        headingQuotes++;
        problems.push("a heading quoted");
      }
    }
    if (q.kind === "unanswerable") {
      s.unN++;
      if (refuses(answer)) s.abst++;
      else if (inPart(answer)) s.unPartial++;
      else problems.push("answered what the documents do not say");
    } else {
      if (rank === 1) s.hit1++;
      if (rank >= 1 && rank <= 5) s.hit5++;
      if (rank >= 1) s.rr += 1 / rank;
      const hasFact = norm(answer).includes(norm(q.fact!));
      if (hasFact) s.fact++;
      else problems.push(`fact "${q.fact}" missing`);
      if (q.kind === "similar") {
        s.similarN++;
        if (hasFact) s.similar++;
      }
      if (refuses(answer)) {
        s.wrong++;
        problems.push("refused");
      }
      if (inPart(answer)) s.partial++;
      if (cites.some((c) => c.file === q.file && q.pages.some((p) => p >= c.from && p <= c.to))) s.cited++;
      else problems.push("fact's page not cited");
    }
    if (problems.length && split === "dev") misses.push({ q, rank, answer, problems });
    answersGiven.push({ id: q.id, split, answer });
  }
  const answerable = qs.length - s.unN;
  const score: SplitScore = {
    questions: qs.length,
    answerable,
    hit1: s.hit1 / answerable,
    hit5: s.hit5 / answerable,
    mrr: s.rr / answerable,
    fact: s.fact / answerable,
    similarFact: s.similarN ? s.similar / s.similarN : 1,
    abstained: s.unN ? s.abst / s.unN : 1,
    unanswerablePartial: s.unN ? s.unPartial / s.unN : 0,
    answerablePartial: s.partial / answerable,
    wrongRefusals: s.wrong / answerable,
    citedPage: s.cited / answerable,
    exactCitations: quotes ? exact / quotes : 1,
    headingQuotes,
  };
  return { score, misses };
}

/**
 * The heading-like lines of a page, judged apart from the answering code: no closing punctuation, the longer
 * words capitalised, and either a section number in front or no figure at all ("2.2 Mileage Rates – Calendar
 * Year 2026", "Holiday Date Observed Day"; a table row such as "Labor Day September 7, 2026 Monday" is not one).
 */
function headingsOf(page: string): Set<string> {
  const heading = (line: string) => {
    const words = line.split(/\s+/).filter((w) => w.length >= 4);
    const titled = words.length > 0 && words.every((w) => /^[\p{Lu}\p{N}(]/u.test(w));
    return titled && !/[.!?;:]["”’)]?$/.test(line) && (/^\d+(\.\d+)*\.?\s/.test(line) || !/\d/.test(line));
  };
  return new Set(
    page
      .split("\n")
      .map((l) => l.trim())
      .filter(heading)
      .map(norm),
  );
}

async function pageTexts(deps: AppDeps) {
  const rows = await deps.db.all<{ file: string; page: number; text: string }>(
    sql`SELECT d.file_name AS file, p.page_no AS page, p.text AS text FROM doc_pages p JOIN doc_documents d ON d.id = p.document_id`,
  );
  return new Map(rows.map((r) => [`${r.file}|${r.page}`, r.text]));
}

/**
 * The answer model and embeddings of the shell (AI_BASE_URL, AI_MODEL, AI_API_KEY, EMBEDDINGS_*): set them to
 * score a hosted or local endpoint instead of the built-in model (docs/ask-ai-eval.md).
 */
export function answerModelEnv(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(process.env).filter(
      (e): e is [string, string] => /^(AI|EMBEDDINGS)_/.test(e[0]) && typeof e[1] === "string",
    ),
  );
}

/** `bun run eval --set <name>`: index the set in a fresh data directory, score both splits. */
export async function runHeldOut(
  name: string,
  opts: { verbose?: boolean; env?: Record<string, string>; splits?: ("dev" | "test")[] } = {},
) {
  const { mkdtempSync, rmSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  const { createDeps } = await import("@server/create-deps");
  const { loadEnv } = await import("@server/env");
  const { createLogger } = await import("@server/lib/logger");
  // EVAL_INDEX_DIR: keep the indexed set there and reuse it (answer tuning need not re-index every run).
  const keep = process.env.EVAL_INDEX_DIR;
  const { existsSync } = await import("node:fs");
  const reuse = !!keep && existsSync(join(keep, "portal.db"));
  const dataDir = keep ?? mkdtempSync(join(tmpdir(), "geolabs-eval-set-"));
  const deps = await createDeps(
    loadEnv({ ...answerModelEnv(), ...LIFTED_RATES, DATA_DIR: dataDir, LOG_LEVEL: "silent", ...opts.env }),
    {
      log: createLogger("silent"),
    },
  );
  try {
    const set = loadSet(name);
    if (!reuse) await indexSet(deps, set.documents);
    const out: Partial<Record<"dev" | "test", SplitScore>> = {};
    for (const split of opts.splits ?? (["dev", "test"] as const)) {
      const { score, misses } = await scoreSplit(deps, set.questions, split);
      out[split] = score;
      if (opts.verbose && split === "dev") {
        for (const m of misses) {
          console.log(
            `\n[${m.q.id} ${m.q.kind} rank ${m.rank || "-"}] ${m.q.q}  → ${m.q.file ?? "(not in the documents)"} p. ${m.q.pages.join(",")}: ${m.problems.join("; ")}`,
          );
          console.log(`  ${m.answer.split("\n").slice(0, 5).join("\n  ")}`);
        }
      }
    }
    if (process.env.EVAL_ANSWERS_OUT) {
      const { writeFileSync } = await import("node:fs");
      writeFileSync(`${process.env.EVAL_ANSWERS_OUT}.${name}.json`, JSON.stringify(answersGiven, null, 1));
    }
    return out;
  } finally {
    await deps.jobs.stop();
    deps.pdf.close();
    await deps.photos.terminate();
    deps.database.close();
    if (!keep) rmSync(dataDir, { recursive: true, force: true });
  }
}

export function printScores(name: string, scores: Partial<Record<"dev" | "test", SplitScore>>) {
  const f = (x: number) => x.toFixed(3);
  const rows: [string, (s: SplitScore) => string][] = [
    ["questions (answerable)", (s) => `${s.questions} (${s.answerable})`],
    ["retrieval hit@1", (s) => f(s.hit1)],
    ["retrieval hit@5", (s) => f(s.hit5)],
    ["retrieval MRR", (s) => f(s.mrr)],
    ["fact in the answer (≥ 0.75)", (s) => f(s.fact)],
    ["similar pages: fact", (s) => f(s.similarFact)],
    ["answerable refused (≤ 0.05)", (s) => f(s.wrongRefusals)],
    ["answerable, said 'in part'", (s) => f(s.answerablePartial)],
    ["unanswerable: 'don't say'", (s) => f(s.abstained)],
    ["unanswerable: said 'in part'", (s) => f(s.unanswerablePartial)],
    ["fact's page cited (≥ 0.90)", (s) => f(s.citedPage)],
    ["quotes on the cited page", (s) => f(s.exactCitations)],
    ["headings quoted as answers (0)", (s) => String(s.headingQuotes)],
  ];
  const env = answerModelEnv();
  const model = env.AI_MODEL ? `${env.AI_MODEL} at ${env.AI_BASE_URL}` : "built-in answer model";
  const search = env.EMBEDDINGS_MODEL ? `hybrid retrieval (${env.EMBEDDINGS_MODEL})` : "full-text retrieval";
  console.log(`\nAsk AI held-out set "${name}" (${model}, ${search})`);
  console.log(`${"".padEnd(38)}${"dev".padStart(10)}${"test".padStart(10)}`);
  for (const [label, get] of rows) {
    console.log(
      `${label.padEnd(38)}${(scores.dev ? get(scores.dev) : "–").padStart(10)}${(scores.test ? get(scores.test) : "–").padStart(10)}`,
    );
  }
}
