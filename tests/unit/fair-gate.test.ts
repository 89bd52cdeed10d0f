import { describe, expect, test } from "bun:test";
import { createFairGate } from "@server/lib/fair-gate";

const gate = () => createFairGate({ concurrency: 1, maxWaiting: 100, busyMessage: "Busy.", retryAfterS: 5 });

/** Each piece of work records its name when it is let in, then holds its place until released by the test. */
function track(g: ReturnType<typeof gate>) {
  const order: string[] = [];
  const places: (() => void)[] = [];
  const send = (person: string, name: string) =>
    g.acquire(person).then((place) => {
      order.push(name);
      places.push(() => place.release());
    });
  /** Let the pieces finish one at a time, as each is let in, until all `n` have been. */
  const drain = async (n: number) => {
    while (order.length < n || places.length) {
      await new Promise((resolve) => setImmediate(resolve));
      places.shift()?.();
    }
  };
  return { order, send, drain };
}

describe("fair gate: turns by person", () => {
  test("a newcomer goes next after the batch's first piece, even though the batch was already waiting", async () => {
    const t = track(gate());
    const sent = [
      t.send("a", "a1"),
      t.send("a", "a2"),
      t.send("a", "a3"),
      t.send("a", "a4"),
      t.send("b", "b1"),
    ];
    await t.drain(sent.length);
    expect(t.order).toEqual(["a1", "b1", "a2", "a3", "a4"]);
  });

  test("two batches alternate, one piece each", async () => {
    const t = track(gate());
    const sent = ["a1", "a2", "a3", "b1", "b2", "b3"].map((n) => t.send(n[0]!, n));
    await t.drain(sent.length);
    expect(t.order).toEqual(["a1", "b1", "a2", "b2", "a3", "b3"]);
  });
});
