/**
 * `bun run bench/ocr-eval/generate.ts`: (re)build the OCR test set in bench/ocr-eval/images with manifest.json.
 * Deterministic (seeded); the images are committed so the set does not depend on this machine's fonts.
 * Half clean printed pages, half the same kinds of page skewed, turned, blurred, noisy, dim or photographed.
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import { demoProjects } from "../../src/server/domains/projects/demo-projects";
import * as d from "./distort";
import { FONTS, formScene, labelScene, listScene, rng, type Scene, tableScene } from "./scenes";

export const EVAL_DIR = join(import.meta.dir, "images");
export interface EvalImage {
  file: string;
  set: "clean" | "noisy";
  kind: Scene["kind"];
  font: string;
  distortion: string;
  truth: string[];
}

type Make = (r: () => number, font: string, size: number, pool: string[]) => Scene;
const MAKERS: Make[] = [listScene, formScene, labelScene, tableScene];

/** [name, transform, output format] for each noisy image. */
type Step = (g: d.Grey, r: () => number) => d.Grey | Promise<d.Grey>;
const NOISY: [string, Step, "png" | "jpg"][] = [
  ["skew 3°", (g) => d.rotate(g, 3), "png"],
  ["skew -6°", (g) => d.rotate(g, -6), "png"],
  ["skew 8° + noise", async (g, r) => d.noise(await d.rotate(g, 8), r, 12), "jpg"],
  ["turned 90°", (g) => d.rotate(g, 90), "png"],
  ["upside down", (g) => d.rotate(g, 180), "png"],
  ["turned 270° + blur", async (g) => d.blur(await d.rotate(g, 270), 0.8), "jpg"],
  ["blur 1.3", (g) => d.blur(g, 1.3), "png"],
  ["blur 1.8", (g) => d.blur(g, 1.8), "jpg"],
  ["noise σ30", (g, r) => d.noise(g, r, 30), "png"],
  ["noise σ20 + dust", (g, r) => d.noise(g, r, 20, 0.01), "jpg"],
  ["dim light", (g, r) => d.dimLight(g, 0.5, r), "jpg"],
  ["dim light + noise", (g, r) => d.noise(d.dimLight(g, 0.4, r), r, 10), "jpg"],
  ["photo at an angle", (g, r) => d.perspective(g, r, 0.06), "jpg"],
  ["photo at an angle + noise", (g, r) => d.noise(d.perspective(g, r, 0.1), r, 8), "jpg"],
  ["photo at an angle + blur", (g, r) => d.blur(d.perspective(g, r, 0.08), 1), "jpg"],
  ["low resolution", (g) => d.scale(g, 0.5), "png"],
  ["low resolution + blur", async (g) => d.blur(await d.scale(g, 0.6), 0.7), "jpg"],
  ["skew -4° + dim", async (g, r) => d.dimLight(await d.rotate(g, -4), 0.6, r), "jpg"],
  ["photo at an angle + dim", (g, r) => d.dimLight(d.perspective(g, r, 0.05), 0.6, r), "jpg"],
  ["noise + blur", async (g, r) => d.blur(d.noise(g, r, 25), 1), "jpg"],
];

export async function generateEvalSet(): Promise<EvalImage[]> {
  rmSync(EVAL_DIR, { recursive: true, force: true });
  mkdirSync(EVAL_DIR, { recursive: true });
  // Most work orders come from the demo register, so the E2E test and the screen find them.
  const pool = demoProjects()
    .filter((_, i) => i % 97 === 0)
    .map((p) => p.workOrder);
  const r = rng(20261122);
  const out: EvalImage[] = [];
  const render = async (i: number) => {
    const font = FONTS[i % FONTS.length]!;
    const size = [18, 22, 26, 30, 34][Math.floor(r() * 5)]!;
    const scene = MAKERS[i % MAKERS.length]!(r, font, size, pool);
    return { scene, font, png: await sharp(Buffer.from(scene.svg)).png().toBuffer() };
  };
  for (let i = 0; i < 20; i++) {
    const { scene, font, png } = await render(i);
    // One GIF among the clean pages: the upload accepts PNG, JPG and GIF.
    const file = `clean-${String(i + 1).padStart(2, "0")}-${scene.kind}.${i === 5 ? "gif" : "png"}`;
    const img = sharp(png).greyscale();
    const bytes = i === 5 ? await img.gif().toBuffer() : await img.png({ compressionLevel: 9 }).toBuffer();
    writeFileSync(join(EVAL_DIR, file), bytes);
    out.push({ file, set: "clean", kind: scene.kind, font, distortion: "none", truth: scene.truth });
  }
  for (const [i, [name, step, format]] of NOISY.entries()) {
    const { scene, font, png } = await render(i + 1);
    const g = await step(await d.toGrey(png), r);
    const img = d.fromGrey(g);
    const bytes = format === "jpg" ? await img.jpeg({ quality: 70 }).toBuffer() : await img.png().toBuffer();
    const file = `noisy-${String(i + 1).padStart(2, "0")}-${scene.kind}.${format}`;
    writeFileSync(join(EVAL_DIR, file), bytes);
    out.push({ file, set: "noisy", kind: scene.kind, font, distortion: name, truth: scene.truth });
  }
  writeFileSync(join(EVAL_DIR, "manifest.json"), `${JSON.stringify(out, null, 2)}\n`);
  return out;
}

if (import.meta.main) {
  const set = await generateEvalSet();
  console.log(`${set.length} images written to ${EVAL_DIR}`);
}
