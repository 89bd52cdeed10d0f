import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { DETECTOR_SIDE, WORK_PIXELS } from "@server/ocr/photos/ppocr/read-photo";
import sharp from "sharp";
import { DEMO, startTestApp, type TestApp } from "../helpers/app";

/**
 * What one photo may cost, and how photos share the reader (issue "Nothing one person sends stalls everyone
 * else"): a huge photo is read at the reader's working size, a photo that reads too long or needs too much
 * memory is answered 422 in words and its process replaced, waiting photos are bounded in bytes (503 with
 * Retry-After), people are served in turn, and each person has a rate (429 with Retry-After).
 */

/** A white page with `text` on it, `width`×`height`, the text `size` pixels tall at (x, y). */
const page = (width: number, height: number, text: string, size = 48, x = 40, y = 120) =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="white"/><text x="${x}" y="${y}" font-family="sans-serif" font-size="${size}" fill="black">${text}</text></svg>`,
    ),
  )
    .png()
    .toBuffer();

/** Nearly white grain: nothing for the reader to find, but hundreds of KB that do not compress. */
const grain = () =>
  sharp({
    create: {
      // Long and low: the detector looks at it at 1280×320, quickly.
      width: 1000,
      height: 250,
      channels: 3,
      background: "#ffffff",
      noise: { type: "gaussian", mean: 250, sigma: 2 },
    },
  })
    .png()
    .toBuffer();

const upload = (app: TestApp, cookie: string, bytes: Uint8Array, signal?: AbortSignal) => {
  const form = new FormData();
  form.append("image", new File([bytes as BlobPart], "photo.png", { type: "image/png" }));
  return app.request("/api/ocr-upload", { method: "POST", body: form, cookie, signal });
};
const errorOf = async (res: Response) => ((await res.json()) as { error: string }).error;

/** Wait (polling, bounded) until `done()` holds. */
async function until(done: () => boolean, what: string) {
  const started = performance.now();
  while (!done()) {
    if (performance.now() - started > 20_000) throw new Error(`never happened: ${what}`);
    await Bun.sleep(5);
  }
}

describe("a photo costs what a photo costs", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  test("a blank 6000×6000 PNG costs the detector's look alone, never 36 (or 12) megapixels of work", async () => {
    const blank = await sharp({
      create: { width: 6000, height: 6000, channels: 3, background: "#ffffff" },
    })
      .png()
      .toBuffer();
    const reading = await t.deps.photos.read(blank, t.deps.env.OCR_MAX_PIXELS);
    expect(reading.boxes).toEqual([]);
    expect({ width: reading.width, height: reading.height }).toEqual({ width: 6000, height: 6000 });
    // Nothing found at the detector's size, so the photo is never decoded at the size text is read at.
    expect(Math.max(reading.worked.width, reading.worked.height)).toBeLessThanOrEqual(DETECTOR_SIDE);
  }, 60_000);

  test("a work order on a 24-megapixel photo is still read, its box in the photo's own pixels", async () => {
    const cookie = await t.login(DEMO.user);
    const photo = await page(6000, 4000, "W.O. 4821-07", 260, 600, 2000);
    const res = await upload(t, cookie, photo);
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      recognized_work_orders: string[];
      items: { box: { x: number; y: number; w: number; h: number } }[];
      image: { width: number; height: number };
    };
    expect(body.recognized_work_orders).toEqual(["4821-07"]);
    expect(body.image).toEqual({ width: 6000, height: 4000 });
    const box = body.items[0]!.box;
    // The text stands on y = 2000, 260 pixels tall: read at the working size, the box is put back there.
    expect(box.y + box.h / 2).toBeGreaterThan(1750);
    expect(box.y + box.h / 2).toBeLessThan(2050);
    // Text was found, so it was read at the working size: 12 megapixels at most, more than the detector's look.
    const { worked } = await t.deps.photos.read(photo, t.deps.env.OCR_MAX_PIXELS);
    expect(worked.width * worked.height).toBeLessThanOrEqual(WORK_PIXELS);
    expect(Math.max(worked.width, worked.height)).toBeGreaterThan(DETECTOR_SIDE);
  }, 60_000);

  test("one person's batch delays another person's single photo by at most one photo", async () => {
    const [a, b] = [await t.login(DEMO.user), await t.login(DEMO.owner)];
    const photos = await Promise.all([1, 2, 3, 4, 5].map((i) => page(800, 200, `W.O. 512${i}-0${i}`)));
    await t.deps.photos.warm();
    const done: string[] = [];
    const send = (who: string, cookie: string, bytes: Uint8Array) =>
      upload(t, cookie, bytes).then(async (res) => {
        done.push(who);
        return res;
      });
    const batch = photos.slice(0, 4).map((p, i) => send(`A${i + 1}`, a, p));
    await until(() => t.deps.limits.photos.stats().waiting === 3, "A's photos queued");
    const single = send("B", b, photos[4]!);
    const answers = await Promise.all([...batch, single]);
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    // A1 was being read when B's arrived; B's came next, before the rest of A's.
    expect(done.indexOf("B")).toBeLessThanOrEqual(1);
    expect(done).toHaveLength(5);
  }, 120_000);
});

describe("a photo that reads too long", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ OCR_TIMEOUT_S: "0.2" });
  });
  afterAll(() => t.close());

  test("is answered 422 with a sentence saying what to do, and its process is replaced", async () => {
    const cookie = await t.login(DEMO.user);
    await t.deps.photos.warm();
    const [pid] = t.deps.photos.stats().pids;
    const res = await upload(t, cookie, await page(1600, 1200, "W.O. 3301-12"));
    expect(res.status).toBe(422);
    expect(await errorOf(res)).toBe(
      "The photo took more than 0.2 seconds to read and was stopped. Crop it to the part with the work orders (or take it closer) and send it again.",
    );
    await t.deps.photos.warm();
    expect(t.deps.photos.stats().pids).not.toContain(pid);
    expect(t.deps.photos.stats().workers).toBe(1);
  }, 60_000);
});

describe("a photo that needs too much memory", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ OCR_MEMORY_MB: "32" });
  });
  afterAll(() => t.close());

  test("is answered 422, its process killed and a fresh one started", async () => {
    const cookie = await t.login(DEMO.user);
    await t.deps.photos.warm();
    const [pid] = t.deps.photos.stats().pids;
    const res = await upload(t, cookie, await page(1600, 1200, "W.O. 3301-12"));
    expect(res.status).toBe(422);
    expect(await errorOf(res)).toBe(
      "The photo needed more than 32 MB of memory to read and was stopped. Crop it to the part with the work orders, or send a smaller photo.",
    );
    // Kept warm: the replacement starts without waiting for the next photo.
    await until(() => t.deps.photos.stats().workers === 1, "a replacement process");
    expect(t.deps.photos.stats().pids).not.toContain(pid);
    await t.deps.photos.warm();
  }, 60_000);
});

describe("photos waiting, and photos per person", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ OCR_QUEUE_MB: "0.5", RATE_PHOTOS_PER_MIN: "2" });
  });
  afterAll(() => t.close());

  test("past OCR_QUEUE_MB of waiting photos, the next is refused 503 with Retry-After", async () => {
    const [a, b] = [await t.login(DEMO.user), await t.login(DEMO.owner)];
    const [first, second, third] = await Promise.all([grain(), grain(), grain()]);
    // Each is over half of the 0.5 MB: one may wait, two may not.
    expect(second!.length).toBeGreaterThan(0.26 * 1024 * 1024);
    await t.deps.photos.warm();
    const reading = upload(t, a, first!);
    await until(() => t.deps.photos.stats().busy === 1, "the first photo being read");
    const waiting = upload(t, a, second!);
    await until(() => t.deps.limits.photos.stats().waiting === 1, "the second photo waiting");
    const refused = await upload(t, b, third!);
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("5");
    expect(await errorOf(refused)).toBe(
      "Many photos are waiting to be read right now. Please send yours again in a few seconds.",
    );
    expect((await reading).status).toBe(200);
    expect((await waiting).status).toBe(200);
  }, 60_000);

  test("a photo that leaves while it waits frees its place in the line", async () => {
    const [a, b] = [await t.login(DEMO.superOwner), await t.login(DEMO.owner)];
    const photo = await grain();
    const reading = upload(t, a, photo);
    await until(() => t.deps.photos.stats().busy === 1, "a photo being read");
    const leaving = new AbortController();
    const left = upload(t, b, photo, leaving.signal).catch((err) => err);
    await until(() => t.deps.limits.photos.stats().waiting === 1, "a photo waiting");
    leaving.abort();
    await left;
    await until(() => t.deps.limits.photos.stats().waiting === 0, "the line emptied");
    expect(t.deps.limits.photos.stats().waitingBytes).toBe(0);
    expect((await reading).status).toBe(200);
  }, 60_000);

  test("past RATE_PHOTOS_PER_MIN from one person, 429 with Retry-After; others still read", async () => {
    const cookie = await t.login(DEMO.admin);
    const small = await page(400, 160, "W.O. 7710-02");
    const statuses: number[] = [];
    let refused: Response | undefined;
    for (let i = 0; i < 3 && !refused; i++) {
      const res = await upload(t, cookie, small);
      statuses.push(res.status);
      if (res.status === 429) refused = res;
    }
    // Two a minute: the first two are read, the third is refused.
    expect(statuses).toEqual([200, 200, 429]);
    expect(Number(refused!.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await errorOf(refused!)).toMatch(/^You sent more photos than the portal takes from one person/);
    expect((await upload(t, await t.login(DEMO.superOwner), small)).status).toBe(200);
  }, 60_000);
});
