import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { RecognizeResult } from "@shared/ocr";
import { sql } from "drizzle-orm";
import { DEMO, startTestApp, type TestApp } from "../helpers/app";
import { blankPng, labelReading, madeUpReader } from "../helpers/made-up-readings";

/**
 * Work Order Recognition checks its readings against the project register, on both doors. The recogniser is
 * replaced by made-up readings (what it would give, digit by digit, with the digits it also weighed) so the test
 * can say exactly how doubtful each digit was; everything after it — the register check, the lists, both doors
 * and their shapes — is the product's own. The register lines are invented (9xxx numbers the demo register
 * never uses).
 */
const WIDTH = { doubtful: 310, registered: 320, close: 330 };
let t: TestApp;
let user: string;
beforeAll(async () => {
  const readings = new Map([
    // The 6 was 0.55 likely, an 8 0.45 likely: 9214-08 is registered, 9214-06 is not.
    [WIDTH.doubtful, labelReading("9214-06", { 5: [["8", 0.45]] }, 0.98, WIDTH.doubtful)],
    // Read as registered, though a 6 was nearly as likely (9214-06 is registered too in one case below).
    [WIDTH.registered, labelReading("9214-08", { 5: [["6", 0.45]] }, 0.98, WIDTH.registered)],
    // Two registered numbers alike in likelihood: suggestions, no correction.
    [WIDTH.close, labelReading("9377-15", { 2: [["1", 0.3]], 3: [["1", 0.3]] }, 0.98, WIDTH.close)],
  ]);
  t = await startTestApp({}, { photos: madeUpReader(readings) });
  user = await t.login(DEMO.user);
  await register(["9214-08", "9317-15", "9371-15"]);
});
afterAll(() => t.close());

async function register(workOrders: string[]) {
  for (const wo of workOrders)
    await t.deps.db.run(
      sql`insert into projects (work_order, wo_key, client, project, source) values (${wo}, ${wo}, 'Makai Piers', ${`Pier ${wo}`}, 'test')`,
    );
}

const form = async (width: number) => {
  const body = new FormData();
  body.append("image", new File([(await blankPng(width)) as BlobPart], "photo.png", { type: "image/png" }));
  return body;
};
const viaRest = async (width: number) => {
  const res = await t.request("/api/ocr-upload", { method: "POST", body: await form(width), cookie: user });
  expect(res.status).toBe(200);
  return (await res.json()) as RecognizeResult;
};
const viaTrpc = async (width: number) => {
  const res = await t.request("/trpc/workOrders.recognize", {
    method: "POST",
    body: await form(width),
    cookie: user,
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { result: { data: RecognizeResult } }).result.data;
};

describe.each([
  ["REST", viaRest],
  ["tRPC", viaTrpc],
])("a photo's readings against the register (%s)", (_door, read) => {
  test("a doubtful digit one registered number supports far better is corrected, with what was read", async () => {
    const r = await read(WIDTH.doubtful);
    expect(r.recognized_work_orders).toEqual(["9214-08"]);
    expect(r.items).toEqual([expect.objectContaining({ work_order: "9214-08", read_as: "9214-06" })]);
  });

  test("a reading the register holds is never changed", async () => {
    const r = await read(WIDTH.registered);
    expect(r.recognized_work_orders).toEqual(["9214-08"]);
    expect(r.items[0]!.read_as).toBeUndefined();
    expect(r.items[0]!.suggestions).toBeUndefined();
  });

  test("two registered numbers alike: kept as read, both offered with project and client", async () => {
    const r = await read(WIDTH.close);
    const item = [...r.items, ...r.unsure].find((i) => i.work_order === "9377-15")!;
    expect(item.read_as).toBeUndefined();
    expect(item.suggestions?.map((s) => s.work_order).sort()).toEqual(["9317-15", "9371-15"]);
    expect(item.suggestions?.[0]).toMatchObject({
      project: expect.stringMatching(/^Pier 93/),
      client: "Makai Piers",
    });
    expect(r.recognized_work_orders).not.toContain("9317-15");
  });
});

test("the tRPC door refuses a form without an image with a sentence, and a visitor not signed in", async () => {
  const empty = await t.request("/trpc/workOrders.recognize", {
    method: "POST",
    body: new FormData(),
    cookie: user,
  });
  expect(empty.status).toBe(400);
  expect(await empty.text()).toContain('Attach the image in the form field \\"image\\".');
  const anon = await t.request("/trpc/workOrders.recognize", {
    method: "POST",
    body: await form(WIDTH.doubtful),
  });
  expect(anon.status).toBe(401);
});

test("without a register nothing is corrected or suggested", async () => {
  await t.deps.db.run(sql`delete from projects`);
  const r = await viaRest(WIDTH.doubtful);
  const item = [...r.items, ...r.unsure][0]!;
  expect(item.work_order).toBe("9214-06");
  expect(item.read_as).toBeUndefined();
  expect(item.suggestions).toEqual([]);
});
