import { afterAll, expect, test } from "bun:test";
import { createLogger } from "@server/lib/logger";
import { createOcrPool } from "@server/ocr/scans/pool";

/** A blank grey page as PGM: no fonts needed, and tesseract reads it fast (nothing to find). */
const blank = (w = 200, h = 80) =>
  new Uint8Array(Buffer.concat([Buffer.from(`P5\n${w} ${h}\n255\n`, "latin1"), Buffer.alloc(w * h, 255)]));

const pool = createOcrPool({ size: 1, log: createLogger("silent"), maxQueue: 3 });
afterAll(() => pool.terminate());

test("one worker, created on first use, serves queued jobs; a full queue is refused with 503", async () => {
  expect(pool.stats()).toEqual({ size: 1, workers: 0, busy: 0, queued: 0 });
  const jobs = [pool.recognize(blank()), pool.recognize(blank()), pool.recognize(blank())];
  const refused = await pool.recognize(blank()).catch((e) => e);
  expect(refused.status).toBe(503);
  const pages = await Promise.all(jobs);
  expect(pages.map((p) => p.words.length)).toEqual([0, 0, 0]);
  expect(pool.stats()).toMatchObject({ workers: 1, busy: 0, queued: 0 });
}, 20_000);

test("terminate lets the running job finish, fails the queued ones, and refuses new work", async () => {
  const other = createOcrPool({ size: 1, log: createLogger("silent") });
  await other.warm();
  const running = other.recognize(blank());
  const queued = other.recognize(blank()).catch((e) => e);
  await other.terminate();
  expect((await running).text.trim()).toBe("");
  expect((await queued).message).toBe("The text reader is shutting down.");
  expect((await other.recognize(blank()).catch((e) => e)).status).toBe(503);
}, 20_000);
