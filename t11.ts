import sharp from "sharp";
import { createPdfHost } from "./src/server/documents/pdf-host";
import { createOcrPool } from "./src/server/ocr/pool";
import { createLogger } from "./src/server/lib/logger";
import { inspectImage, prepareImage } from "./src/server/ocr/preprocess";
import { scannedPdf, wordRecall } from "./bench/documents-ocr";
const host = createPdfHost();
const doc = await host.open(await scannedPdf());
const png = await doc.render(1, 300 / 72); await doc.close();
const pool = createOcrPool({ size: 1, log: createLogger("warn") }); await pool.warm();
const L = { maxBytes: 1e9, maxPixels: 1e9 };
for (let r = 0; r < 2; r++) {
  let t0 = performance.now();
  const info = await inspectImage(png, L);
  const prep = await prepareImage(png, info, 0, 1e9);
  const t1 = performance.now();
  const page = await pool.recognize(prep.data);
  const t2 = performance.now();
  console.log("prepare", (t1 - t0).toFixed(0), "recognize", (t2 - t1).toFixed(0), prep.width, prep.height, "recall", wordRecall(page.text).toFixed(3));
}
for (const w of [1100, 1275, 1500]) {
  const t0 = performance.now();
  const { data, info } = await sharp(png).greyscale().resize({ width: w }).raw().toBuffer({ resolveWithObject: true });
  const pgm = Buffer.concat([Buffer.from(`P5\n${info.width} ${info.height}\n255\n`), data]);
  const t1 = performance.now();
  const page = await pool.recognize(pgm);
  console.log("simple", w, (t1 - t0).toFixed(0), (performance.now() - t1).toFixed(0), "recall", wordRecall(page.text).toFixed(3));
}
await pool.terminate(); host.close();
