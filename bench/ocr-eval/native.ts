import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { DEFAULT_LANG_PATH } from "../../src/server/ocr/scans/pool";

/**
 * The native tesseract CLI as the yardstick for our speed: one thread (OMP_THREAD_LIMIT=1), reading the very
 * model tesseract.js uses (gunzipped into a temporary tessdata folder), so only the engines differ.
 */
export const NATIVE_TESSERACT = "/usr/bin/tesseract";

export interface NativeCli {
  /** Text of the image and the wall time of the call (model loading included, as in every CLI call). */
  read(file: string): Promise<{ text: string; ms: number }>;
  close(): void;
}

export function nativeCli(): NativeCli | null {
  if (!existsSync(NATIVE_TESSERACT)) return null;
  const tessdata = mkdtempSync(join(tmpdir(), "geolabs-tessdata-"));
  writeFileSync(
    join(tessdata, "eng.traineddata"),
    gunzipSync(readFileSync(join(DEFAULT_LANG_PATH, "eng.traineddata.gz"))),
  );
  return {
    async read(file) {
      const t0 = performance.now();
      const proc = Bun.spawn([NATIVE_TESSERACT, file, "stdout", "--tessdata-dir", tessdata, "-l", "eng"], {
        env: { ...process.env, OMP_THREAD_LIMIT: "1" },
        stdout: "pipe",
        stderr: "ignore",
      });
      const text = await new Response(proc.stdout).text();
      await proc.exited;
      return { text, ms: performance.now() - t0 };
    },
    close: () => rmSync(tessdata, { recursive: true, force: true }),
  };
}
