import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { MIN_CONFIDENCE } from "@server/ocr/photos/read-work-orders";
import sharp from "sharp";
import { DEMO, startTestApp, type TestApp } from "../helpers/app";
import {
  letterPhoto,
  notebookPhoto,
  printedLabel,
  registerPhoto,
  stickyPhoto,
  unsurePhoto,
} from "../helpers/drawn-photos";

/**
 * POST /api/ocr-upload reading images the tests draw themselves (tests/helpers/drawn-photos.ts), with the real
 * photo reader: what a person uploading a label, a letter, a note or a register sheet gets back. The held-out
 * photo sets (bench/ocr-eval) are never read here.
 */
let t: TestApp;
let user: string;
beforeAll(async () => {
  t = await startTestApp();
  user = await t.login(DEMO.user);
});
afterAll(() => t.close());

interface Reading {
  recognized_work_orders: string[];
  items: { work_order: string; box: { x: number; y: number; w: number; h: number } }[];
  unsure: { work_order: string; confidence: number; box: unknown }[];
  image: { width: number; height: number };
  rotation: number;
}
const upload = (bytes: Uint8Array, type = "image/jpeg") => {
  const form = new FormData();
  form.append(
    "image",
    new File([bytes as BlobPart], type === "image/png" ? "scan.png" : "photo.jpg", { type }),
  );
  return t.request("/api/ocr-upload", { method: "POST", body: form, cookie: user });
};
const read = async (bytes: Uint8Array, type?: string) =>
  (await (await upload(bytes, type)).json()) as Reading;

describe("POST /api/ocr-upload reading an image", () => {
  test("answers recognized_work_orders with a box for each on the image", async () => {
    const label = await printedLabel();
    const res = await upload(label.png, "image/png");
    expect(res.status).toBe(200);
    const body = (await res.json()) as Reading;
    expect(body.recognized_work_orders).toEqual(label.truth);
    expect(body.image).toEqual({ width: 480, height: 225 });
    const box = body.items[0]!.box;
    expect(box.w).toBeGreaterThan(50);
    expect(box.x + box.w).toBeLessThanOrEqual(480);
    expect(box.y + box.h).toBeLessThanOrEqual(225);
  }, 60_000);

  test("a phone photo of a letter: its two work orders, not the suite, phone, truck, employee or date numbers", async () => {
    const letter = await letterPhoto();
    const res = await upload(letter.jpg);
    expect(res.status).toBe(200);
    expect(((await res.json()) as Reading).recognized_work_orders).toEqual(["5127-03", "6243-11(B)"]);
  }, 60_000);

  test("a sticky note: labelled four-digit and lettered work orders, not the phone number", async () => {
    const body = await read((await stickyPhoto()).jpg);
    expect(body.recognized_work_orders).toEqual(["5536", "8813-01E", "3475-16(D)"]);
  }, 60_000);

  test("work orders read with low confidence are not given as found but offered apart, each with its box", async () => {
    // A handwritten WO 7352 torn across the foot of its middle digits: offered for a person to check.
    const body = await read((await unsurePhoto()).jpg);
    const unsure = body.unsure.find((u) => u.work_order.startsWith("7"));
    expect(unsure).toBeDefined();
    expect(unsure!.confidence).toBeLessThan(MIN_CONFIDENCE);
    expect(unsure!.box).not.toBeNull();
    expect(body.recognized_work_orders).not.toContain(unsure!.work_order);
    expect(body.recognized_work_orders).toContain("5590-36A");
  }, 60_000);

  test("a ruled register table: every row's work order, not its dates, PR numbers or sheet numbers", async () => {
    const register = await registerPhoto();
    expect((await read(register.jpg)).recognized_work_orders).toEqual(register.truth);
  }, 60_000);

  test("the same note photographed upside down is read half a turn round; an upright one is not turned", async () => {
    const upright = (await stickyPhoto()).jpg;
    const turned = await sharp(upright).rotate(180).jpeg({ quality: 90 }).toBuffer();
    const body = await read(turned);
    expect(body.rotation).toBe(180);
    expect(body.recognized_work_orders).toEqual(["5536", "8813-01E", "3475-16(D)"]);
    // A page of handwriting upright is read as it is.
    expect((await read((await notebookPhoto()).jpg)).rotation).toBe(0);
  }, 60_000);
});

describe("POST /api/ocr-upload when the reader process dies", () => {
  test("the photo it held is answered 503 at once, and the next photo is read by its replacement", async () => {
    const photo = (await registerPhoto()).jpg;
    await t.deps.photos.warm();
    const reading = upload(photo);
    const started = performance.now();
    while (t.deps.photos.stats().busy === 0) {
      if (performance.now() - started > 10_000) throw new Error("the reader never took the photo");
      await Bun.sleep(5);
    }
    const [pid] = t.deps.photos.stats().pids;
    process.kill(pid!, "SIGKILL");
    const res = await reading;
    expect(res.status).toBe(503);
    expect(((await res.json()) as { error: string }).error).toBe(
      "The text reader stopped while reading this image. Please try again.",
    );
    expect(performance.now() - started).toBeLessThan(10_000);
    const next = await upload((await printedLabel()).png, "image/png");
    expect(next.status).toBe(200);
    expect(t.deps.photos.stats().pids).not.toContain(pid);
  }, 60_000);
});
