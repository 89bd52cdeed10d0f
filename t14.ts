import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { createDeps } from "./src/server/create-deps";
import { stageUpload } from "./src/server/documents/staging";
import { loadEnv } from "./src/server/env";
import { createLogger } from "./src/server/lib/logger";
const env = loadEnv({ DATA_DIR: mkdtempSync(join(tmpdir(), "x-")), LOG_LEVEL: "warn", SEED_DEMO: "false" });
const deps = await createDeps(env, { log: createLogger("warn") });
async function pdfOf(seed: string, pages: number) {
  const pdf = await PDFDocument.create(); const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let p = 1; p <= pages; p++) { const page = pdf.addPage([612, 792]); for (let l = 0; l < 45; l++) page.drawText(`${seed} ${p}.${l}: boring B-${(p * 7 + l) % 40} met stiff clay at ${10 + ((p + l) % 30)} ft; blow count ${(p * l) % 50} per foot.`, { x: 54, y: 740 - l * 15, size: 10, font }); }
  return pdf.save();
}
for (let i = 0; i < 5; i++) {
  const bytes = await pdfOf("s" + i, 100);
  const t0 = performance.now();
  const { key } = await stageUpload(deps.store, bytes);
  const tStaged = performance.now() - t0;
  const id = await deps.jobs.enqueue("index-file", { db: `d${i}.db`, fileName: "r.pdf", source: key, staged: true, user: "b", mode: "default", title: "", create: true });
  const marks: string[] = [`staged ${tStaged.toFixed(0)}`];
  deps.jobs.events.on(`job:${id}`, (e: any) => marks.push(`${(performance.now() - t0).toFixed(0)} ${e.type === "step" ? e.step.slice(0, 25) : "END"}`));
  await deps.jobs.wait(id);
  console.log((performance.now() - t0).toFixed(0), marks.join(" | "));
}
await deps.jobs.stop(); deps.pdf.close(); await deps.ocr.terminate(); deps.database.close();
