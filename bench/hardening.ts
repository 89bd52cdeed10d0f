/**
 * Hardening (issue 26): what hostile requests and costly files do to a real server. Refusal times of the
 * costly PDFs and of a 100 MB body to sign-in, the memory they cost (every process of the server, its PDF
 * processes included), memory after 20,000 unknown paths, how long a killed serving process takes to be
 * replaced under `bun run start`, and responsiveness while a 300-page scan is indexed and photos are read.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { blankPagesPdf, giantPagePdf, streamBombPdf } from "../tests/helpers/costly-pdfs";
import { buildPdf } from "../tests/helpers/pdfs";
import { answersHardeningBench } from "./hardening-answers";
import { importBombsBench } from "./hardening-imports";
import { photoHardeningBench } from "./hardening-photos";
import { commandOf, type Figure, freePort, processTree, ROOT, rssPeakWhile, startServer } from "./lib";
import { drive, formatRun, type LoadPath } from "./load-driver";

type Server = Awaited<ReturnType<typeof startServer>>;
const figure = (name: string, value: number, unit: string, target: number): Figure => ({
  name,
  value,
  unit,
  target,
  better: "lower",
});

async function processFile(s: Server, cookie: string, db: string, pdf: Uint8Array<ArrayBuffer>) {
  const form = new FormData();
  form.set("db_name", db);
  form.set("action", "new");
  form.set("file", new File([pdf], db.replace(/\.db$/, ".pdf")));
  const res = await fetch(`${s.base}/api/process-file`, { method: "POST", headers: { cookie }, body: form });
  return { status: res.status, body: (await res.json()) as { error?: string } };
}

/** Wall time and the highest memory rise (MB, all the server's processes) while `fn` runs. */
const measure = <T>(s: Server, fn: () => Promise<T>) => rssPeakWhile(s.rssMb, fn);

function chunked(mb: number) {
  let sent = 0;
  const chunk = new Uint8Array(1024 * 1024).fill(0x20);
  return new ReadableStream<Uint8Array>({
    pull(c) {
      if (sent++ >= mb) return c.close();
      c.enqueue(chunk);
    },
  });
}

async function costlyFiles(s: Server, cookie: string): Promise<Figure[]> {
  const pages = await measure(s, () => processFile(s, cookie, "bench_pages.db", blankPagesPdf(20_000)));
  console.log(
    `  20,000 blank pages (2 MB): ${pages.value.status} in ${pages.ms.toFixed(0)} ms: ${pages.value.body.error}`,
  );
  const bomb = await measure(s, async () =>
    processFile(s, cookie, "bench_bomb.db", await streamBombPdf(400)),
  );
  console.log(
    `  stream bomb (400 MB content): ${bomb.value.status}, +${bomb.riseMb.toFixed(0)} MB: ${bomb.value.body.error}`,
  );
  const giant = await measure(s, () => processFile(s, cookie, "bench_giant.db", giantPagePdf(3000)));
  console.log(
    `  3000 × 3000 pt page: ${giant.value.status} in ${giant.ms.toFixed(0)} ms, +${giant.riseMb.toFixed(0)} MB`,
  );
  const login = await measure(s, () =>
    fetch(`${s.base}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: chunked(100),
    })
      .then((r) => r.status)
      .catch(() => 413),
  );
  console.log(
    `  100 MB chunked to sign-in: ${login.value} in ${login.ms.toFixed(0)} ms, +${login.riseMb.toFixed(0)} MB`,
  );
  return [
    figure("20,000-page PDF refused", pages.ms / 1000, "s", 5),
    figure("stream bomb PDF, memory rise", bomb.riseMb, "MB", 400),
    figure("3000 × 3000 pt page OCR, memory rise", giant.riseMb, "MB", 400),
    figure("100 MB chunked sign-in body refused", login.ms, "ms", 300),
    figure("100 MB chunked sign-in body, memory rise", login.riseMb, "MB", 32),
  ];
}

async function unknownPaths(s: Server): Promise<Figure[]> {
  const tail = "x".repeat(8000);
  const get = (i: number) => fetch(`${s.base}/${i}-${tail}`).then((r) => r.arrayBuffer());
  for (let i = 0; i < 500; i++) await get(-i - 1);
  await Bun.sleep(1000);
  // The serving process: a PDF process of the demo seed may come and go meanwhile.
  const before = s.servingRssMb();
  let next = 0;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (next < 20_000) await get(next++);
    }),
  );
  // What stays once the garbage of the flood is collected.
  let grew = s.servingRssMb() - before;
  for (let waited = 0; waited < 10_000 && grew >= 8; waited += 250) {
    await Bun.sleep(250);
    grew = s.servingRssMb() - before;
  }
  console.log(`  20,000 unique unknown paths: RSS +${grew.toFixed(1)} MB`);
  return [figure("20,000 unknown paths, memory growth", grew, "MB", 32)];
}

/** Lists and health under 64 connections while a 300-page scan is indexed and work-order photos are read. */
async function responsiveness(s: Server, owner: string, user: string): Promise<Figure[]> {
  const pages = Array.from({ length: 300 }, (_, i) => ({
    scan: [`Boring log B-${i + 1}, sheet ${i + 1} of 300`, "Stiff clayey silt to 12.5 ft.", "W.O. 4821-07B"],
  }));
  const scan = await buildPdf(pages);
  let indexing = true;
  let outcome = "";
  const index = processFile(s, owner, "bench_scan.db", scan)
    .then((r) => {
      outcome = `${r.status} ${r.body.error ?? ""}`;
    })
    .catch(() => {})
    .finally(() => {
      indexing = false;
    });
  const photo = readFileSync(join(ROOT, "bench/ocr-eval/images/noisy-03-table.jpg"));
  let reading = true;
  let photos = 0;
  const ocr = (async () => {
    while (reading) {
      const form = new FormData();
      form.set("image", new File([photo], "wo.jpg", { type: "image/jpeg" }));
      await fetch(`${s.base}/api/ocr-upload`, { method: "POST", headers: { cookie: user }, body: form });
      photos++;
    }
  })();
  // Let the indexing reach its OCR pages before measuring.
  await Bun.sleep(3000);
  const headers = { cookie: user };
  const paths: LoadPath[] = [
    {
      name: "GET /api/core-boxes",
      kind: "list",
      request: (_, n) => ({
        url: `${s.base}/api/core-boxes?island=${["Oahu", "Maui", "all"][n % 3]}&page=${(n % 3) + 1}`,
        init: { headers },
      }),
    },
    {
      name: "GET /api/reports-binder",
      kind: "list",
      request: () => ({ url: `${s.base}/api/reports-binder/`, init: { headers } }),
    },
    {
      name: "GET /api/s3/files",
      kind: "list",
      request: () => ({ url: `${s.base}/api/s3/files`, init: { headers } }),
    },
    { name: "GET /api/health", kind: "read", request: () => ({ url: `${s.base}/api/health` }) },
  ];
  const run = await drive(paths, { seconds: 20, connections: 64, rssMb: s.rssMb });
  reading = false;
  await ocr;
  console.log(formatRun(run));
  console.log(
    `  meanwhile: ${photos} photos read; the 300-page scan ${indexing ? "still indexing" : `ended: ${outcome}`}`,
  );
  if (!indexing) throw new Error("the scan must still be indexing while the lists are measured");
  void index; // stopping the server ends it
  const lists = run.paths.filter((p) => p.kind === "list");
  const health = run.paths.find((p) => p.name === "GET /api/health")!;
  return [
    figure(
      "lists p99 while a 300-page scan indexes and photos are read",
      Math.max(...lists.map((p) => p.p99)),
      "ms",
      150,
    ),
    figure("/api/health p99 meanwhile", health.p99, "ms", 100),
  ];
}

/** `bun run start`, a serving process killed with SIGKILL: the time until the portal answers again. */
async function restart(processes: number): Promise<Figure> {
  const dataDir = mkdtempSync(join(tmpdir(), "geolabs-bench-restart-"));
  const port = freePort();
  const proc = Bun.spawn(["bun", "run", "start"], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: "silent",
      SEED_DEMO: "false",
      WEB_CONCURRENCY: String(processes),
    },
    stdout: "ignore",
    stderr: "inherit",
  });
  const base = `http://127.0.0.1:${port}`;
  const servers = () => processTree(proc.pid).filter((pid) => commandOf(pid).includes("src/server/index.ts"));
  const up = () =>
    fetch(`${base}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
  try {
    while (!(await up()) || servers().length < processes) await Bun.sleep(20);
    await Bun.sleep(1000);
    const victim = servers()[0]!; // the primary: with several processes, the one that takes the others with it
    const t0 = performance.now();
    process.kill(victim, "SIGKILL");
    while (servers().includes(victim) || servers().length < processes || !(await up())) await Bun.sleep(10);
    const ms = performance.now() - t0;
    console.log(
      `  WEB_CONCURRENCY=${processes}: a SIGKILLed serving process replaced, answering again in ${ms.toFixed(0)} ms`,
    );
    return figure(
      `serving process killed, answering again (WEB_CONCURRENCY=${processes})`,
      ms / 1000,
      "s",
      2,
    );
  } finally {
    proc.kill("SIGTERM");
    await proc.exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function hardeningBench(): Promise<Figure[]> {
  const figures: Figure[] = [];
  const s = await startServer({ SEED_DEMO: "true" });
  try {
    const owner = await s.login("owner@geolabs.example");
    const user = await s.login("user@geolabs.example");
    figures.push(...(await costlyFiles(s, owner)));
    figures.push(...(await unknownPaths(s)));
    figures.push(...(await responsiveness(s, owner, user)));
  } finally {
    await s.stop();
  }
  figures.push(await restart(1), await restart(2));
  // Issue 52: nothing one person sends stalls everyone else.
  figures.push(...(await importBombsBench()));
  figures.push(...(await photoHardeningBench()));
  figures.push(...(await answersHardeningBench()));
  return figures;
}

if (import.meta.main) {
  for (const f of await hardeningBench())
    console.log(`${f.name}: ${f.value.toFixed(2)} ${f.unit} (target ≤ ${f.target})`);
}
