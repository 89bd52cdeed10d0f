import { describe, expect, test } from "bun:test";
import { heavyWorkTurn } from "@server/lib/one-per-turn";

describe("heavy work takes its turn", () => {
  test("work the server received meanwhile runs before the next heavy caller", async () => {
    const order: string[] = [];
    const first = heavyWorkTurn().then(() => order.push("answer 1"));
    const second = heavyWorkTurn().then(() => order.push("answer 2"));
    const listPage = new Promise<void>((resolve) =>
      setImmediate(() => {
        order.push("list page");
        resolve();
      }),
    );
    await Promise.all([first, second, listPage]);
    expect(order).toEqual(["answer 1", "list page", "answer 2"]);
  });

  test("callers go in the order they came, and every one gets through", async () => {
    const order: number[] = [];
    await Promise.all(Array.from({ length: 50 }, (_, i) => heavyWorkTurn().then(() => order.push(i))));
    expect(order).toEqual(Array.from({ length: 50 }, (_, i) => i));
  });
});
