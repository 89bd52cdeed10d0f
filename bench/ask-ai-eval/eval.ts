/**
 * `bun run eval`: retrieval and answer quality of Ask AI on the demo documents, indexed through the real
 * pipeline into a temporary data directory. Prints hit@1, hit@5 and MRR (over the top 10) of retrieval and
 * the share of answers (built-in model, no cache) that cite a right file and page. `--verbose` lists misses.
 */

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { retrieve } from "@server/ai/retrieval";
import { createDeps } from "@server/create-deps";
import { answerQuestion } from "@server/domains/chat/ask";
import { requireTarget } from "@server/domains/chat/targets";
import { DEMO_DOCUMENTS } from "@server/domains/documents/demo";
import { loadEnv } from "@server/env";
import { createLogger } from "@server/lib/logger";
import { operatorIdentity, serviceCtx } from "@server/lib/service-ctx";
import { CITATION_PATTERN } from "@shared/chat";
import { indexDemoDocuments } from "../../tests/helpers/chat";
import { LIFTED_RATES } from "../lib";
import { EVAL_QUESTIONS, type EvalQuestion } from "./questions";

export interface EvalResult {
  questions: number;
  hit1: number;
  hit5: number;
  mrr: number;
  cited: number;
  ms: number;
}

export async function runEval(opts: { verbose?: boolean; env?: Record<string, string> } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), "geolabs-eval-"));
  const log = createLogger("silent");
  const { answerModelEnv } = await import("./held-out");
  const deps = await createDeps(
    loadEnv({ ...answerModelEnv(), ...LIFTED_RATES, DATA_DIR: dataDir, LOG_LEVEL: "silent", ...opts.env }),
    { log },
  );
  try {
    await indexDemoDocuments(deps);
    const fileOf = (db: string) => DEMO_DOCUMENTS.find((d) => d.db === db)!.fileName;
    const right = (q: EvalQuestion, file: string, pages: number[]) =>
      file === fileOf(q.db) && pages.some((p) => q.pages.includes(p));
    let hit1 = 0;
    let hit5 = 0;
    let rr = 0;
    let cited = 0;
    let ms = 0;
    const byKind = new Map<string, { n: number; hit5: number }>();
    for (const q of EVAL_QUESTIONS) {
      const target = await requireTarget(deps.db, q.db);
      const t0 = performance.now();
      const r = await retrieve(deps.db, target.collectionIds, q.q, {
        limit: 10,
        budgetChars: Number.MAX_SAFE_INTEGER,
        embed: deps.ai.embed,
      });
      ms += performance.now() - t0;
      const rank =
        r.passages.findIndex((p) =>
          right(
            q,
            p.file,
            p.pages.map((x) => x.page),
          ),
        ) + 1;
      if (rank === 1) hit1++;
      if (rank >= 1 && rank <= 5) hit5++;
      if (rank >= 1) rr += 1 / rank;
      const k = byKind.get(q.kind) ?? { n: 0, hit5: 0 };
      k.n++;
      if (rank >= 1 && rank <= 5) k.hit5++;
      byKind.set(q.kind, k);

      const a = await answerQuestion(serviceCtx(deps, operatorIdentity("eval@geolabs.example")), {
        question: q.q,
        db: q.db,
        useWeb: false,
        useCache: false,
      });
      const cites = [...a.answer.matchAll(CITATION_PATTERN)].some((m) => right(q, m[1]!, [Number(m[2])]));
      if (cites) cited++;
      if (opts.verbose && (rank !== 1 || !cites)) {
        const top = r.passages.slice(0, 3).map((p) => p.pages.map((x) => x.page).join("-"));
        console.log(`\n[${rank || "miss"}${cites ? "" : ", no right citation"}] ${q.q} → want p. ${q.pages}`);
        console.log(`  top passages: ${top.join(", ")}; completions: ${JSON.stringify(r.completions)}`);
        console.log(`  ${a.answer.split("\n").slice(0, 4).join("\n  ")}`);
      }
    }
    const n = EVAL_QUESTIONS.length;
    const result: EvalResult = {
      questions: n,
      hit1: hit1 / n,
      hit5: hit5 / n,
      mrr: rr / n,
      cited: cited / n,
      ms: ms / n,
    };
    return { result, byKind };
  } finally {
    await deps.jobs.stop();
    deps.pdf.close();
    await deps.photos.terminate();
    deps.database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  const at = process.argv.indexOf("--set");
  if (at > 0) {
    const name = process.argv[at + 1] ?? "staff";
    const split = process.argv.includes("--dev") ? (["dev"] as const) : undefined;
    const { printScores, runHeldOut } = await import("./held-out");
    const scores = await runHeldOut(name, {
      verbose: process.argv.includes("--verbose"),
      splits: split ? [...split] : undefined,
    });
    printScores(name, scores);
    process.exit(0);
  }
  const { result, byKind } = await runEval({ verbose: process.argv.includes("--verbose") });
  const pct = (x: number) => x.toFixed(3);
  console.log(
    `\nAsk AI evaluation: ${result.questions} questions on the demo documents (full-text retrieval)`,
  );
  console.log(`  hit@1  ${pct(result.hit1)}`);
  console.log(`  hit@5  ${pct(result.hit5)}   (target ≥ 0.90)`);
  console.log(`  MRR    ${pct(result.mrr)}`);
  console.log(`  answers citing a right page  ${pct(result.cited)}`);
  console.log(`  retrieval  ${result.ms.toFixed(1)} ms per question`);
  for (const [kind, k] of byKind) console.log(`  ${kind.padEnd(10)} hit@5 ${pct(k.hit5 / k.n)} (${k.n})`);
  process.exit(result.hit5 >= 0.9 ? 0 : 1);
}
