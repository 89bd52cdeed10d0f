import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createCanvas } from "@napi-rs/canvas";
import { PDFDocument } from "pdf-lib";
import type { AppDeps } from "../src/server/deps";
import { linesOf } from "../src/server/ocr/photos/text-lines";
import { OCR_RENDER_SCALE } from "../src/server/ocr/scans/scanned-page";
import { ensureApt } from "./documents";
import type { Figure } from "./lib";
import { NATIVE_TESSERACT as NATIVE, nativeCli } from "./ocr-eval/native";

const LINES = [
  "GEOTECHNICAL ENGINEERING EXPLORATION - KALIHI STREAM BRIDGE",
  "Boring B-3 was drilled on March 4 with a truck-mounted CME-55 rig.",
  "Fill of silty clay with gravel extended to a depth of 6.5 feet.",
  "Below the fill, stiff to very stiff clayey silt was encountered.",
  "Standard penetration blow counts ranged from 14 to 38 per foot.",
  "Groundwater was measured at 11.2 feet below the existing grade.",
  "Moist unit weights averaged 98 pounds per cubic foot in the silt.",
  "We recommend drilled shafts bearing in the underlying basalt rock.",
  "Allowable end bearing of 20 kips per square foot may be used.",
  "Shafts should extend at least two diameters into sound basalt.",
  "Lateral loads may be resisted by passive pressure and side friction.",
  "Settlement of the abutments is estimated at less than one inch.",
  "Excavations deeper than five feet require shoring or sloping.",
  "Samples will be stored for ninety days after the final report.",
];

/**
 * A scanned page as a 150 dpi office scanner gives it: an image of text, no text layer, inside a PDF. `photo`
 * makes it a phone picture of the page instead: turned 4°, lit from one side, grey paper on a dark desk, grainy.
 */
export async function scannedPdf(photo = false): Promise<Uint8Array> {
  const canvas = createCanvas(1275, 1650);
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = photo ? "#3a3a3a" : "#ffffff";
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  if (photo) {
    ctx.translate(637, 825);
    ctx.rotate((4 * Math.PI) / 180);
    ctx.translate(-637, -825);
    const light = ctx.createLinearGradient(0, 0, 1275, 0);
    light.addColorStop(0, "#f2f0ea");
    light.addColorStop(1, "#8a8884");
    ctx.fillStyle = light;
    ctx.fillRect(60, 60, 1155, 1530);
  }
  ctx.fillStyle = "#111111";
  ctx.font = "24px serif";
  for (let i = 0; i < 2; i++) {
    for (const [j, line] of LINES.entries()) ctx.fillText(line, 120, 180 + (i * LINES.length + j) * 46);
  }
  if (photo) {
    const img = ctx.getImageData(0, 0, canvas.width, canvas.height);
    for (let i = 0; i < img.data.length; i += 4) {
      const grain = ((i * 2654435761) >>> 24) / 16 - 8;
      for (let c = 0; c < 3; c++) img.data[i + c] = Math.max(0, Math.min(255, img.data[i + c]! + grain));
    }
    ctx.putImageData(img, 0, 0);
  }
  const pdf = await PDFDocument.create();
  const png = await pdf.embedPng(canvas.toBuffer("image/png"));
  pdf.addPage([612, 792]).drawImage(png, { x: 0, y: 0, width: 612, height: 792 });
  return pdf.save();
}

/** Share of the page's words that a reading got right (order-free: OCR may split lines differently). */
export function wordRecall(text: string) {
  const got = new Map<string, number>();
  for (const w of text.toLowerCase().match(/[a-z0-9.-]+/g) ?? []) got.set(w, (got.get(w) ?? 0) + 1);
  const want =
    LINES.join(" ")
      .toLowerCase()
      .match(/[a-z0-9.-]+/g) ?? [];
  let hit = 0;
  for (const w of [...want, ...want]) {
    const n = got.get(w) ?? 0;
    if (n > 0) {
      hit++;
      got.set(w, n - 1);
    }
  }
  return hit / (want.length * 2);
}

async function best(n: number, fn: () => Promise<string>) {
  let min = Number.POSITIVE_INFINITY;
  let text = "";
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    text = await fn();
    min = Math.min(min, performance.now() - t0);
  }
  return { ms: min, text };
}

/**
 * Ours reads the scanned page as the pipeline does, rendering included (300 dpi, prepared, the PDF process's
 * warm tesseract.js worker); the CLI reads that same rendered PNG as it is, with OMP_THREAD_LIMIT=1 and the very
 * same model (gunzipped), model loading included as in every CLI call.
 */
export async function documentsOcrBench(deps: AppDeps): Promise<Figure[]> {
  if (!ensureApt(NATIVE, "tesseract-ocr")) {
    console.log("  (no tesseract CLI: the OCR comparison is skipped)");
    return [];
  }
  const dir = mkdtempSync(join(tmpdir(), "geolabs-bench-ocr-"));
  const cli = nativeCli()!;
  const runNative = async (file: string) => (await cli.read(file)).text;
  try {
    return [
      ...(await scanSpeed(deps, dir, runNative)),
      ...(await photoScan(deps, dir, runNative)),
      ...(await ppocrOnScans(deps)),
    ];
  } finally {
    cli.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

type RunNative = (file: string) => Promise<string>;

/**
 * The photo reader (PP-OCRv4) on the same rendered pages, for the choice of reader for scanned PDFs: words
 * read and time beside tesseract.js's (decision 0036). Info only: PDFs stay with tesseract.js unless this is
 * better on both.
 */
async function ppocrOnScans(deps: AppDeps): Promise<Figure[]> {
  const figures: Figure[] = [];
  await deps.photos.warm();
  for (const photo of [false, true]) {
    const doc = await deps.pdf.open(await scannedPdf(photo));
    const png = await doc.render(1, OCR_RENDER_SCALE);
    const ours = await best(3, () => doc.ocr(1));
    await doc.close();
    const pp = await best(3, async () => {
      const reading = await deps.photos.read(png, 100_000_000);
      return linesOf(reading.boxes, reading)
        .lines.map((l) => l.words.map((w) => w.text).join(" "))
        .join("\n");
    });
    const what = photo ? "photographed page" : "scanned page";
    console.log(
      `  ${what}: tesseract.js ${ours.ms.toFixed(0)} ms, words right ${(wordRecall(ours.text) * 100).toFixed(1)}%; ` +
        `PP-OCRv4 ${pp.ms.toFixed(0)} ms, words right ${(wordRecall(pp.text) * 100).toFixed(1)}%`,
    );
    const info = (name: string, value: number, unit: string, better: "lower" | "higher"): Figure => ({
      name,
      value,
      unit,
      target: better === "lower" ? Number.POSITIVE_INFINITY : Number.NEGATIVE_INFINITY,
      better,
    });
    figures.push(
      info(`${what} in a PDF, PP-OCRv4 words read`, wordRecall(pp.text) * 100, "%", "higher"),
      info(`${what} in a PDF, PP-OCRv4 time`, pp.ms, "ms", "lower"),
      info(`${what} in a PDF, tesseract.js time`, ours.ms, "ms", "lower"),
    );
  }
  return figures;
}

/** A photographed page in a PDF: the share of its words each reads (the preparation is what differs). */
async function photoScan(deps: AppDeps, dir: string, runNative: RunNative): Promise<Figure[]> {
  const doc = await deps.pdf.open(await scannedPdf(true));
  const file = join(dir, "photo.png");
  writeFileSync(file, await doc.render(1, OCR_RENDER_SCALE));
  const ours = wordRecall(await doc.ocr(1));
  await doc.close();
  const native = wordRecall(await runNative(file));
  console.log(
    `  a photographed page in a PDF (turned 4°, lit from one side): ours reads ${(ours * 100).toFixed(1)}% of its words, the CLI ${(native * 100).toFixed(1)}%`,
  );
  return [
    {
      name: "photographed page in a PDF, words read (ours)",
      value: ours * 100,
      unit: "%",
      target: 95,
      better: "higher",
    },
  ];
}

async function scanSpeed(deps: AppDeps, dir: string, runNative: RunNative): Promise<Figure[]> {
  const doc = await deps.pdf.open(await scannedPdf());
  const png = await doc.render(1, OCR_RENDER_SCALE);
  const file = join(dir, "page.png");
  writeFileSync(file, png);
  // Ours as the pipeline reads a scanned page: rendered and read in the PDF process (its OCR worker warm).
  await doc.ocr(1);
  const ours = await best(3, () => doc.ocr(1));
  await doc.close();
  const native = await best(3, () => runNative(file));
  console.log(
    `  OCR of a scanned page (2550×3300 rendered): ours ${ours.ms.toFixed(0)} ms (words right ${(wordRecall(ours.text) * 100).toFixed(1)}%), ` +
      `tesseract CLI ${native.ms.toFixed(0)} ms (words right ${(wordRecall(native.text) * 100).toFixed(1)}%)`,
  );
  return [
    {
      name: "OCR of a rendered scanned page, ours",
      value: ours.ms,
      unit: "ms",
      target: Number.POSITIVE_INFINITY,
      better: "lower",
    },
    {
      name: "OCR of the same page, tesseract CLI (OMP_THREAD_LIMIT=1)",
      value: native.ms,
      unit: "ms",
      target: Number.POSITIVE_INFINITY,
      better: "lower",
    },
    {
      name: "OCR of a rendered scanned page, ours / tesseract CLI",
      value: ours.ms / native.ms,
      unit: "×",
      target: 1.2,
      better: "lower",
    },
  ];
}
