import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { DEMO, startTestApp, type TestApp } from "../helpers/app";
import { historyOf, uniqueWo } from "../helpers/core-boxes";

let t: TestApp;
let cookies: string[];
beforeAll(async () => {
  t = await startTestApp();
  cookies = [await t.login(DEMO.user), await t.login(DEMO.admin)];
});
afterAll(() => t.close());

const post = (path: string, json: unknown, cookie = cookies[0]) =>
  t.request(path, { method: "POST", json, cookie });

async function dumpBox() {
  const res = await post("/api/core-boxes", { work_order: uniqueWo(), keep_or_dump: "Dump" });
  return (await res.json()) as { id: number; work_order: string };
}

describe("concurrent requests", () => {
  test("two restores of the same change at once: exactly one succeeds, the other is a 409", async () => {
    for (let round = 0; round < 5; round++) {
      const box = await dumpBox();
      const del = (await (
        await t.request(`/api/core-boxes/${box.id}`, { method: "DELETE", cookie: cookies[0] })
      ).json()) as {
        change_id: number;
      };
      const results = await Promise.all(
        cookies.map((cookie) => post("/api/core-boxes/restore", { change_id: del.change_id }, cookie)),
      );
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      const history = await historyOf(t, box.id);
      expect(history.filter((h) => h.action === "restore")).toHaveLength(1);
    }
  });
  test("five creates of one work order at once: one box, four 409s naming it", async () => {
    const wo = uniqueWo();
    const results = await Promise.all(
      cookies
        .concat(cookies, cookies[0]!)
        .map((cookie) => post("/api/core-boxes", { work_order: wo }, cookie)),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409]);
    const body = (await results.find((r) => r.status === 409)!.json()) as { error: string };
    expect(body.error).toMatch(new RegExp(`Work Order ${wo} is already in storage \\(box #\\d+\\)`));
  });
  test("delete + restore loops, several boxes at once, leave the history complete", async () => {
    const boxes = await Promise.all([dumpBox(), dumpBox(), dumpBox()]);
    await Promise.all(
      boxes.map(async (box, i) => {
        for (let n = 0; n < 8; n++) {
          const del = await t.request(`/api/core-boxes/${box.id}`, {
            method: "DELETE",
            cookie: cookies[i % 2],
          });
          expect(del.status).toBe(200);
          const { change_id } = (await del.json()) as { change_id: number };
          const res = await post("/api/core-boxes/restore", { change_id }, cookies[(i + 1) % 2]);
          expect(res.status).toBe(200);
        }
      }),
    );
    for (const box of boxes) {
      const history = await historyOf(t, box.id);
      expect(history.map((h) => h.action)).toEqual([
        "create",
        ...Array(8).fill(["delete", "restore"]).flat(),
      ]);
      for (let k = 1; k < history.length; k += 2) {
        const del = history[k]!;
        const restore = history[k + 1]!;
        expect(del.restoredAt).not.toBeNull();
        expect(del.restoredByChangeId).toBe(restore.id);
        expect(del.before).toMatchObject({ id: box.id, work_order: box.work_order });
      }
      expect((await t.request(`/api/core-boxes/${box.id}`, { cookie: cookies[0] })).status).toBe(200);
    }
  });
});
