import { describe, expect, test } from "bun:test";
import { AppError } from "@server/lib/errors";
import { createFairGate, GateStopped } from "@server/lib/fair-gate";

const gate = (o: Partial<Parameters<typeof createFairGate>[0]> = {}) =>
  createFairGate({
    concurrency: 1,
    maxWaiting: 10,
    busyMessage: "Busy right now. Please try again in a few seconds.",
    retryAfterS: 5,
    ...o,
  });

/** A piece of work that runs until the test lets it finish; `order` records when each one started. */
function jobs() {
  const order: string[] = [];
  const finish = new Map<string, () => void>();
  const job = (name: string) => () =>
    new Promise<string>((resolve) => {
      order.push(name);
      finish.set(name, () => resolve(name));
    });
  return { order, job, finish: (name: string) => finish.get(name)!() };
}

describe("the fair gate in front of costly work", () => {
  test("by person: others' single requests go before a batch's queued items (only its running one is ahead)", async () => {
    const g = gate();
    const { order, job, finish } = jobs();
    const names = ["ann-1", "ann-2", "ann-3", "ann-4", "bob-1", "cat-1"];
    const done = new Map(names.map((n) => [n, g.run(n.split("-")[0]!, job(n))]));
    // One at a time: each finishes before the next is let in.
    for (let i = 0; i < names.length; i++) {
      await Bun.sleep(0);
      expect(order.length).toBe(i + 1);
      finish(order[i]!);
      await done.get(order[i]!);
    }
    expect(order).toEqual(["ann-1", "bob-1", "cat-1", "ann-2", "ann-3", "ann-4"]);
  });

  test("past the bounded queue a request is refused at once with 503 and when to come back", async () => {
    const g = gate({ maxWaiting: 2 });
    const { job, finish } = jobs();
    const running = g.run("ann", job("a"));
    const waiting = [g.run("bob", job("b")), g.run("cat", job("c"))];
    const refused = await g.run("dan", job("d")).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).status).toBe(503);
    expect((refused as AppError).message).toBe("Busy right now. Please try again in a few seconds.");
    expect((refused as AppError).details).toEqual({ retryAfterS: 5 });
    expect(g.stats()).toMatchObject({ running: 1, waiting: 2 });
    finish("a");
    await running;
    await Bun.sleep(0);
    finish("b");
    await waiting[0];
    await Bun.sleep(0);
    finish("c");
    await waiting[1];
    expect(g.stats()).toEqual({ running: 0, waiting: 0, waitingBytes: 0, people: 0 });
  });

  test("the bytes waiting requests hold are bounded too", async () => {
    const g = gate({ maxWaitingBytes: 10 * 1024 * 1024 });
    const { job, finish } = jobs();
    const running = g.run("ann", job("a"), { bytes: 8 * 1024 * 1024 });
    const waiting = g.run("bob", job("b"), { bytes: 8 * 1024 * 1024 });
    const refused = await g.run("cat", job("c"), { bytes: 4 * 1024 * 1024 }).catch((e: unknown) => e);
    expect((refused as AppError).status).toBe(503);
    // A small one still fits beside the one waiting.
    const small = g.run("dan", job("d"), { bytes: 1024 * 1024 });
    expect(g.stats().waitingBytes).toBe(9 * 1024 * 1024);
    finish("a");
    await running;
    await Bun.sleep(0);
    finish("b");
    await waiting;
    await Bun.sleep(0);
    finish("d");
    await small;
  });

  test("a request that ends while it waits leaves the queue, and the next one takes its place", async () => {
    const g = gate();
    const { order, job, finish } = jobs();
    const running = g.run("ann", job("a"));
    const stop = new AbortController();
    const left = g.run("bob", job("b"), { signal: stop.signal, bytes: 100 });
    const next = g.run("cat", job("c"));
    expect(g.stats()).toMatchObject({ waiting: 2, waitingBytes: 100, people: 2 });
    stop.abort();
    expect(await left.catch((e: unknown) => e)).toBeInstanceOf(GateStopped);
    expect(g.stats()).toMatchObject({ waiting: 1, waitingBytes: 0, people: 1 });
    finish("a");
    await running;
    await Bun.sleep(0);
    expect(order).toEqual(["a", "c"]);
    finish("c");
    await next;
    // Already ended before it asked: refused without a place.
    expect(await g.run("dan", job("d"), { signal: stop.signal }).catch((e: unknown) => e)).toBeInstanceOf(
      GateStopped,
    );
    expect(order).toEqual(["a", "c"]);
  });

  test("releasing a place twice lets in one waiter, not two", async () => {
    const g = gate();
    const first = await g.acquire("ann");
    const { order, job } = jobs();
    void g.run("bob", job("b"));
    void g.run("cat", job("c"));
    first.release();
    first.release();
    await Bun.sleep(0);
    expect(order).toEqual(["b"]);
    expect(g.stats()).toMatchObject({ running: 1, waiting: 1 });
  });
});

const oneAtATime = () =>
  createFairGate({ concurrency: 1, maxWaiting: 100, busyMessage: "Busy.", retryAfterS: 5 });

/** Each piece of work records its name when it is let in, then holds its place until released by the test. */
function track(g: ReturnType<typeof oneAtATime>) {
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
    const t = track(oneAtATime());
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
    const t = track(oneAtATime());
    const sent = ["a1", "a2", "a3", "b1", "b2", "b3"].map((n) => t.send(n[0]!, n));
    await t.drain(sent.length);
    expect(t.order).toEqual(["a1", "b1", "a2", "b2", "a3", "b3"]);
  });
});
