import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { createApp } from "../src/server/app";
import { createDeps } from "../src/server/create-deps";
import type { AppDeps } from "../src/server/deps";
import { upsertLocalAccount } from "../src/server/domains/users/local-accounts";
import { loadEnv } from "../src/server/env";
import { createLogger } from "../src/server/lib/logger";
import { operatorIdentity, serviceCtx } from "../src/server/lib/service-ctx";
import { stageUpload } from "../src/server/storage/staging";
import { documentsOcrBench } from "./documents-ocr";
import { loadCollection } from "./documents-scale";
import { type Figure, LIFTED_RATES, timeIt } from "./lib";

const PAGES = 100;
const WARM = 4;
const PDFTOTEXT = "/usr/bin/pdftotext";

/** Debian's poppler-utils when missing (the comparison needs pdftotext); quiet, root only. */
export function ensureApt(binary: string, pkg: string) {
  if (existsSync(binary)) return true;
  console.log(`  installing ${pkg} for the comparison…`);
  Bun.spawnSync(["apt-get", "update", "-qq"], { stdout: "ignore", stderr: "ignore" });
  Bun.spawnSync(["apt-get", "install", "-y", "-qq", pkg], {
    stdout: "ignore",
    stderr: "ignore",
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
  return existsSync(binary);
}

/** A 100-page report-like PDF: ~45 lines of running text a page, different on every page. */
async function reportPdf(seed: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let p = 1; p <= PAGES; p++) {
    const page = pdf.addPage([612, 792]);
    for (let l = 0; l < 45; l++) {
      const line = `${seed} ${p}.${l}: boring B-${(p * 7 + l) % 40} met stiff clay at ${10 + ((p + l) % 30)} ft; blow count ${(p * l) % 50} per foot.`;
      page.drawText(line, { x: 54, y: 740 - l * 15, size: 10, font });
    }
  }
  return pdf.save();
}

/**
 * Part 6 targets: a 100-page text PDF indexed end to end (store, extract, chunk, full-text index) at ≥ 100
 * pages/s and at least half the speed of poppler's pdftotext on the same file; OCR of a rendered scanned page
 * within 1.2× of the tesseract CLI (and a photographed page read as a photo is); list-files and inspect-db under 50 ms on 5,000 documents / 200,000 chunks.
 */
export async function documentsBench(): Promise<Figure[]> {
  const dir = mkdtempSync(join(tmpdir(), "geolabs-bench-docs-"));
  const env = loadEnv({ ...LIFTED_RATES, DATA_DIR: dir, LOG_LEVEL: "warn", SEED_DEMO: "false" });
  const deps = await createDeps(env, { log: createLogger("warn") });
  try {
    const figures = [...(await indexSpeed(deps, dir))];
    figures.push(...(await documentsOcrBench(deps)));
    figures.push(...(await scale(deps)));
    return figures;
  } finally {
    await deps.jobs.stop();
    deps.pdf.close();
    await deps.photos.terminate();
    deps.database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function indexOnce(deps: AppDeps, db: string, bytes: Uint8Array) {
  const t0 = performance.now();
  const { key } = await stageUpload(deps.store, bytes);
  const id = await deps.jobs.enqueue("index-file", {
    db,
    fileName: "report.pdf",
    source: key,
    staged: true,
    user: "bench",
    mode: "default",
    title: "",
    create: true,
  });
  const row = await deps.jobs.wait(id);
  if (row.status !== "done") throw new Error(`indexing failed: ${row.error}`);
  return performance.now() - t0;
}

async function indexSpeed(deps: AppDeps, dir: string): Promise<Figure[]> {
  // Distinct content per run, or the second run would be skipped as a duplicate.
  const files = await Promise.all(["warm-a", "warm-b", "run-1", "run-2", "run-3"].map((s) => reportPdf(s)));
  await indexOnce(deps, "warm_a.db", files[0]!);
  await indexOnce(deps, "warm_b.db", files[1]!);
  let ours = Number.POSITIVE_INFINITY;
  for (let i = 2; i < files.length; i++)
    ours = Math.min(ours, await indexOnce(deps, `run_${i}.db`, files[i]!));
  const oursPps = PAGES / (ours / 1000);
  const figures: Figure[] = [
    {
      name: "index a 100-page text PDF end to end (store, extract, chunk, FTS)",
      value: oursPps,
      unit: "pages/s",
      target: 100,
      better: "higher",
    },
  ];
  console.log(`  index 100 pages end to end: ${ours.toFixed(0)} ms (${oursPps.toFixed(0)} pages/s)`);
  if (!ensureApt(PDFTOTEXT, "poppler-utils")) {
    console.log("  (no pdftotext: the comparison is skipped)");
    return figures;
  }
  const file = join(dir, "report.pdf");
  writeFileSync(file, files[WARM]!);
  // Best of 5, as ours is the best of 3 warm runs: the machine is shared, and the minimum is least disturbed.
  let nativeMs = Number.POSITIVE_INFINITY;
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    const proc = Bun.spawn([PDFTOTEXT, file, "-"], { stdout: "pipe", stderr: "ignore" });
    await new Response(proc.stdout).text();
    await proc.exited;
    nativeMs = Math.min(nativeMs, performance.now() - t0);
  }
  const nativePps = PAGES / (nativeMs / 1000);
  console.log(`  pdftotext on the same file: ${nativeMs.toFixed(0)} ms (${nativePps.toFixed(0)} pages/s)`);
  figures.push(
    {
      name: "poppler pdftotext on the same PDF (extract only)",
      value: nativePps,
      unit: "pages/s",
      target: Number.NEGATIVE_INFINITY,
      better: "higher",
    },
    {
      name: "index end to end / pdftotext speed",
      value: oursPps / nativePps,
      unit: "×",
      target: 0.5,
      better: "higher",
    },
  );
  return figures;
}

async function scale(deps: AppDeps): Promise<Figure[]> {
  const t0 = performance.now();
  await loadCollection(deps.db, "scale.db", 5_000, 40);
  console.log(
    `  loaded 5,000 documents / 200,000 chunks in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  await upsertLocalAccount(serviceCtx(deps, operatorIdentity("bench")), {
    email: "bench@geolabs.example",
    role: "User",
    password: "bench-password-1",
  });
  const app = createApp({ ...deps, clientAddress: () => "127.0.0.1" });
  const login = await app.handle(
    new Request("http://localhost/api/auth/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "bench@geolabs.example", password: "bench-password-1" }),
    }),
  );
  const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0]!;
  const post = (path: string) => () =>
    app
      .handle(
        new Request(`http://localhost${path}`, {
          method: "POST",
          headers: { "content-type": "application/json", cookie },
          body: JSON.stringify({ db_name: "scale.db" }),
        }),
      )
      .then(async (r) => {
        if (r.status !== 200) throw new Error(`${path}: ${r.status}`);
        return r.text();
      });
  const files = await timeIt(50, post("/api/list-files"));
  const inspect = await timeIt(50, post("/api/inspect-db"));
  console.log(`  list-files p95 ${files.p95.toFixed(1)} ms; inspect-db p95 ${inspect.p95.toFixed(1)} ms`);
  return [
    {
      name: "POST /api/list-files, 5,000 documents p95",
      value: files.p95,
      unit: "ms",
      target: 50,
      better: "lower",
    },
    {
      name: "POST /api/inspect-db, 5,000 documents / 200,000 chunks p95",
      value: inspect.p95,
      unit: "ms",
      target: 50,
      better: "lower",
    },
  ];
}
