/**
 * Hardening of Work Order Recognition (issue "Nothing one person sends stalls everyone else"), on a real server:
 * what a blank 6000×6000 PNG (35 KB, 36 megapixels) costs to read, how long another person's single photo waits
 * behind one person's batch of twenty, and how much memory the server and its photo reader grow by meanwhile.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import { commandOf, cpuSeconds, type Figure, processTree, ROOT, rssPeakWhile, startServer } from "./lib";

type Server = Awaited<ReturnType<typeof startServer>>;

/** A photo of a ruled table with work orders (the same one bench/hardening.ts reads under load). */
const PHOTO = join(ROOT, "bench/ocr-eval/images/noisy-03-table.jpg");

function upload(s: Server, cookie: string, bytes: Uint8Array, name: string) {
  const form = new FormData();
  form.set("image", new File([bytes as BlobPart], name));
  return fetch(`${s.base}/api/ocr-upload`, { method: "POST", headers: { cookie }, body: form });
}

/** CPU seconds used so far by the server's photo reader processes. */
const readerCpu = (s: Server) =>
  processTree(s.pid)
    .filter((pid) => commandOf(pid).includes("ppocr/process.ts"))
    .reduce((sum, pid) => sum + cpuSeconds(pid), 0);

/** The blank page: wall time through the door, and the reader's CPU for it. */
async function blankPage(s: Server, cookie: string) {
  const blank = await sharp({ create: { width: 6000, height: 6000, channels: 3, background: "#ffffff" } })
    .png()
    .toBuffer();
  const cpu0 = readerCpu(s);
  const t0 = performance.now();
  const res = await upload(s, cookie, blank, "blank.png");
  const ms = performance.now() - t0;
  const cpu = readerCpu(s) - cpu0;
  console.log(
    `  blank 6000×6000 PNG (${(blank.length / 1024).toFixed(0)} KB): ${res.status} in ${ms.toFixed(0)} ms, reader CPU ${cpu.toFixed(2)} s`,
  );
  await res.arrayBuffer();
  return { ms, cpu };
}

/** Twenty photos sent at once by one person, then one by another: how many of the twenty finish before it. */
async function batchAndSingle(s: Server, a: string, b: string) {
  const photo = readFileSync(PHOTO);
  let finishedA = 0;
  const statuses: number[] = [];
  const batch = Array.from({ length: 20 }, (_, i) =>
    upload(s, a, photo, `a-${i}.jpg`).then(async (res) => {
      statuses.push(res.status);
      await res.arrayBuffer();
      finishedA++;
    }),
  );
  // Time for the twenty to reach the server's line before the other person sends theirs.
  await Bun.sleep(500);
  const t0 = performance.now();
  const single = await upload(s, b, photo, "b.jpg");
  const waitedMs = performance.now() - t0;
  const before = finishedA;
  await single.arrayBuffer();
  await Promise.all(batch);
  console.log(
    `  20 photos from one person, then 1 from another: ${before} of the 20 finished before it (answered ${single.status} in ${waitedMs.toFixed(0)} ms); the 20 answered ${[...new Set(statuses)].join("/")}`,
  );
  return before;
}

export async function photoHardeningBench(): Promise<Figure[]> {
  const s = await startServer({ SEED_DEMO: "true" });
  try {
    const a = await s.login("user@geolabs.example");
    const b = await s.login("owner@geolabs.example");
    // The reader process is started and warm: what follows is reading, not starting.
    const warm = await upload(s, b, readFileSync(PHOTO), "warm.jpg");
    if (!warm.ok) throw new Error(`the first photo was not read: ${warm.status} ${await warm.text()}`);
    await warm.arrayBuffer();
    const reading = await rssPeakWhile(s.rssMb, async () => ({
      blank: await blankPage(s, a),
      before: await batchAndSingle(s, a, b),
    }));
    const { blank, before } = reading.value;
    console.log(
      `  memory: ${reading.baseMb.toFixed(0)} MB before, ${(reading.baseMb + reading.riseMb).toFixed(0)} MB at the peak`,
    );
    const better = "lower" as const;
    return [
      { name: "photos: blank 6000×6000 PNG read", value: blank.ms / 1000, unit: "s", target: 1.5, better },
      { name: "photos: blank 6000×6000 PNG, reader CPU", value: blank.cpu, unit: "s", target: NaN, better },
      {
        name: "photos: another person's photo waits behind one person's 20",
        value: before,
        unit: "photos",
        target: 1,
        better,
      },
      {
        name: "photos: server + reader memory growth while reading",
        value: reading.riseMb,
        unit: "MB",
        target: 400,
        better,
      },
    ] satisfies Figure[];
  } finally {
    await s.stop();
  }
}

if (import.meta.main) {
  for (const f of await photoHardeningBench())
    console.log(`${f.name}: ${f.value.toFixed(2)} ${f.unit} (target ≤ ${f.target})`);
}
