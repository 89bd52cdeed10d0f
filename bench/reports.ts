import { PDFDocument, StandardFonts } from "pdf-lib";
import type { BulkIndexLine } from "../src/shared/reports";
import { type Figure, startServer } from "./lib";

const PAGES_PER_FILE = 10;
const SMALL = 50;
const LARGE = 200;
/**
 * Each file also carries an attachment of random bytes (pdf.js never reads it), so a batch is large enough
 * (~90 MB for 200 files) that a server holding the upload in memory would show it in the RSS figures.
 */
const ATTACHMENT_BYTES = 400 * 1024;

function randomBytes(n: number) {
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i += 65_536) crypto.getRandomValues(out.subarray(i, Math.min(n, i + 65_536)));
  return out;
}

/** A 10-page report-like text PDF, different on every page and in every file. */
async function reportPdf(n: number): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  await pdf.attach(randomBytes(ATTACHMENT_BYTES), "field-photos.bin", {
    mimeType: "application/octet-stream",
  });
  for (let p = 1; p <= PAGES_PER_FILE; p++) {
    const page = pdf.addPage([612, 792]);
    for (let l = 0; l < 40; l++) {
      const line = `Report ${n} page ${p} line ${l}: boring B-${(n + p * 7 + l) % 40} met stiff clay at ${10 + ((n + p + l) % 30)} ft; blow count ${(n * p * l) % 50} per foot.`;
      page.drawText(line, { x: 54, y: 740 - l * 17, size: 10, font });
    }
  }
  return pdf.save();
}

const pad = (n: number, width: number) => String(n).padStart(width, "0");
/** `7###-##.Bench Project N.pdf`: a valid report name, unique per file. */
const nameOf = (n: number) => `7${pad(Math.floor(n / 100), 3)}-${pad(n % 100, 2)}.Bench Project ${n}.pdf`;

/**
 * Issue 9 targets: a batch of 200 text PDFs (2,000 pages) through POST /api/reports/bulk-index on the real
 * server at ≥ 100 pages/s end to end (upload, staging, one index job per file, stored originals), and a peak
 * server RSS that does not grow with the batch (a 200-file batch against a 50-file one).
 */
export async function reportsBench(): Promise<Figure[]> {
  const server = await startServer();
  try {
    const cookie = await server.login("admin@geolabs.example");
    // The demo documents and reports of a first start are indexed in the background: let them finish first.
    const started = performance.now();
    for (;;) {
      const stats = (await (
        await fetch(`${server.base}/api/reports/stats`, { headers: { cookie } })
      ).json()) as {
        files: number;
      };
      if (stats.files >= 3 || performance.now() - started > 120_000) break;
      await Bun.sleep(250);
    }
    let next = 0;
    const batch = async (count: number) => {
      const files = await Promise.all(Array.from({ length: count }, (_, i) => reportPdf(next + i)));
      const names = files.map((_, i) => nameOf(next + i));
      next += count;
      Bun.gc(true);
      await Bun.sleep(300);
      const rssBefore = server.rssMb();
      let rssPeak = rssBefore;
      const sampler = setInterval(() => {
        rssPeak = Math.max(rssPeak, server.rssMb());
      }, 10);
      const form = new FormData();
      for (const [i, bytes] of files.entries())
        form.append("files", new Blob([bytes as BlobPart], { type: "application/pdf" }), names[i]);
      form.append("upload_to_s3", "true");
      form.append("replace_if_exists", "false");
      const t0 = performance.now();
      const res = await fetch(`${server.base}/api/reports/bulk-index`, {
        method: "POST",
        headers: { cookie, accept: "application/x-ndjson" },
        body: form,
      });
      // The first line comes once every file is staged and queued: upload time, then indexing time.
      const reader = res.body!.getReader();
      let text = "";
      let firstLineMs = 0;
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        if (!firstLineMs) firstLineMs = performance.now() - t0;
        text += new TextDecoder().decode(value);
      }
      const ms = performance.now() - t0;
      clearInterval(sampler);
      const last = JSON.parse(text.trim().split("\n").at(-1)!) as Extract<BulkIndexLine, { done: true }>;
      if (res.status !== 200 || last.indexed !== count)
        throw new Error(`bulk-index failed: ${res.status} ${JSON.stringify({ ...last, steps: undefined })}`);
      const pps = (count * PAGES_PER_FILE) / (ms / 1000);
      const mb = files.reduce((n, f) => n + f.length, 0) / 1024 / 1024;
      console.log(
        `  ${count} files (${count * PAGES_PER_FILE} pages, ${mb.toFixed(0)} MB): ${(ms / 1000).toFixed(1)} s ` +
          `(upload and staging ${(firstLineMs / 1000).toFixed(1)} s), ${pps.toFixed(0)} pages/s; ` +
          `RSS ${rssBefore.toFixed(0)} MB before, peak ${rssPeak.toFixed(0)} MB`,
      );
      return { pps, rssBefore, rssPeak };
    };
    await batch(5); // warm-up: the PDF thread, the prepared statements
    const small = await batch(SMALL);
    const large = await batch(LARGE);
    return [
      {
        name: `bulk-index ${LARGE} text PDFs (${LARGE * PAGES_PER_FILE} pages) end to end`,
        value: large.pps,
        unit: "pages/s",
        target: 100,
        better: "higher",
      },
      {
        name: `peak server RSS, ${SMALL}-file batch`,
        value: small.rssPeak,
        unit: "MB",
        target: Number.POSITIVE_INFINITY,
        better: "lower",
      },
      {
        name: `peak server RSS, ${LARGE}-file batch`,
        value: large.rssPeak,
        unit: "MB",
        target: Number.POSITIVE_INFINITY,
        better: "lower",
      },
      {
        // Flat memory: four times the files (+70 MB of upload) may cost no more than noise (allocator, caches).
        name: `peak RSS growth, ${LARGE} vs ${SMALL} files`,
        value: large.rssPeak - small.rssPeak,
        unit: "MB",
        target: 30,
        better: "lower",
      },
    ];
  } finally {
    await server.stop();
  }
}
