import { describe, expect, test } from "bun:test";
import { type QueueItem, type SendContext, transition, UploadQueue } from "@/lib/upload-queue";

const file = (name: string, size = 10) => new File([new Uint8Array(size)], name, { type: "application/pdf" });

/** A send function whose calls the test settles by hand. */
function manualSend() {
  const calls: {
    item: QueueItem<string, string>;
    ctx: SendContext;
    resolve(r: string): void;
    reject(e: unknown): void;
  }[] = [];
  const send = (item: QueueItem<string, string>, ctx: SendContext) =>
    new Promise<string>((resolve, reject) => {
      calls.push({ item, ctx, resolve, reject });
      ctx.signal.addEventListener("abort", () => reject(new DOMException("Aborted", "AbortError")));
    });
  return { calls, send };
}

const tick = () => new Promise((r) => setTimeout(r, 0));
const statuses = (q: UploadQueue<string, string>) => q.getSnapshot().map((i) => i.status);

describe("transition", () => {
  const base: QueueItem<null, string> = {
    id: "x",
    file: file("a.pdf"),
    name: "a.pdf",
    size: 10,
    progress: 0,
    status: "queued",
    error: null,
    meta: null,
    result: null,
  };

  test("queued → uploading → done with progress 100", () => {
    const up = transition(base, { type: "start" });
    expect(up.status).toBe("uploading");
    const half = transition(up, { type: "progress", fraction: 0.5 });
    expect(half.progress).toBe(50);
    const done = transition(half, { type: "succeed", result: "k" });
    expect(done).toMatchObject({ status: "done", progress: 100, result: "k" });
  });

  test("progress stays below 100 until the server answers, and unchanged percent keeps the object", () => {
    const up = transition(base, { type: "start" });
    expect(transition(up, { type: "progress", fraction: 1 }).progress).toBe(99);
    const p = transition(up, { type: "progress", fraction: 0.421 });
    expect(transition(p, { type: "progress", fraction: 0.425 })).toBe(p);
  });

  test("events that do not apply leave the item as it is", () => {
    const canceled = transition(base, { type: "cancel", error: "Canceled" });
    expect(canceled).toMatchObject({ status: "canceled", error: "Canceled" });
    expect(transition(canceled, { type: "succeed", result: "late" })).toBe(canceled);
    expect(transition(canceled, { type: "progress", fraction: 0.3 })).toBe(canceled);
    expect(transition(canceled, { type: "fail", error: "x" })).toBe(canceled);
    expect(transition(base, { type: "succeed", result: "k" })).toBe(base);
    expect(transition(base, { type: "retry", waiting: "ready" })).toBe(base);
  });

  test("retry returns a failed item to the waiting status, cleared", () => {
    const failed = transition(transition(base, { type: "start" }), { type: "fail", error: "Upload failed" });
    expect(transition(failed, { type: "retry", waiting: "ready" })).toMatchObject({
      status: "ready",
      error: null,
      progress: 0,
    });
  });
});

describe("UploadQueue", () => {
  test("runs at most `concurrency` at once and starts the next when one ends", async () => {
    const { calls, send } = manualSend();
    const q = new UploadQueue<string, string>({ send, concurrency: 3 });
    q.add([file("1.pdf"), file("2.pdf"), file("3.pdf"), file("4.pdf"), file("5.pdf")], "db");
    expect(statuses(q)).toEqual(["uploading", "uploading", "uploading", "queued", "queued"]);
    expect(calls.length).toBe(3);
    calls[0]!.resolve("k1");
    await tick();
    expect(statuses(q)).toEqual(["done", "uploading", "uploading", "uploading", "queued"]);
    expect(q.getSnapshot()[0]).toMatchObject({ progress: 100, result: "k1" });
    calls[1]!.reject(new Error("The file is larger than the 1 MB upload limit."));
    await tick();
    expect(q.getSnapshot()[1]).toMatchObject({
      status: "error",
      error: "The file is larger than the 1 MB upload limit.",
    });
    expect(calls.length).toBe(5);
  });

  test("a file the queue will not send is listed as failed with the reason, and never sent", () => {
    const { calls, send } = manualSend();
    const q = new UploadQueue<string, string>({ send });
    q.refuse([file("notes.txt")], "db", "Not a PDF");
    expect(q.getSnapshot()).toMatchObject([{ name: "notes.txt", status: "error", error: "Not a PDF" }]);
    expect(calls.length).toBe(0);
  });

  test("reports progress, done and error through the callbacks; a new snapshot after each change", async () => {
    const { calls, send } = manualSend();
    const done: string[] = [];
    const failed: string[] = [];
    const q = new UploadQueue<string, string>({
      send,
      onDone: (i) => done.push(i.name),
      onError: (i) => failed.push(`${i.name}: ${i.error}`),
      errorText: () => "Upload failed",
    });
    let changes = 0;
    q.subscribe(() => changes++);
    q.add([file("a.pdf"), file("b.pdf")], "db");
    const before = q.getSnapshot();
    calls[0]!.ctx.onProgress(0.25);
    expect(q.getSnapshot()).not.toBe(before);
    expect(q.getSnapshot()[0]!.progress).toBe(25);
    calls[0]!.resolve("db/a.pdf");
    calls[1]!.reject(new Error("boom"));
    await tick();
    expect(done).toEqual(["a.pdf"]);
    expect(failed).toEqual(["b.pdf: Upload failed"]);
    expect(changes).toBeGreaterThan(3);
  });

  test("cancel aborts the request; a canceled item ignores its late answer; retry sends it again with new meta", async () => {
    const { calls, send } = manualSend();
    const q = new UploadQueue<string, string>({ send, concurrency: 1 });
    const [a, b] = q.add([file("a.pdf"), file("b.pdf")], "old");
    q.cancel(a!.id);
    expect(calls[0]!.ctx.signal.aborted).toBe(true);
    expect(q.get(a!.id)).toMatchObject({ status: "canceled", error: "Canceled" });
    await tick();
    // The freed slot went to the next file.
    expect(q.get(b!.id)!.status).toBe("uploading");
    q.cancel(b!.id);
    await tick();
    q.retry(a!.id, "new");
    expect(q.get(a!.id)).toMatchObject({ status: "uploading", meta: "new" });
    expect(calls.at(-1)!.item.meta).toBe("new");
  });

  test("a waiting item can be canceled before it starts, and is then skipped", async () => {
    const { calls, send } = manualSend();
    const q = new UploadQueue<string, string>({ send, concurrency: 1 });
    const [, b, c] = q.add([file("a.pdf"), file("b.pdf"), file("c.pdf")], "db");
    q.cancel(b!.id);
    calls[0]!.resolve("ok");
    await tick();
    expect(q.get(b!.id)!.status).toBe("canceled");
    expect(q.get(c!.id)!.status).toBe("uploading");
  });

  test("remove aborts and forgets; clearFinished keeps only waiting and uploading items", async () => {
    const { calls, send } = manualSend();
    const q = new UploadQueue<string, string>({ send, concurrency: 2 });
    const [a, b, c, d] = q.add([file("a.pdf"), file("b.pdf"), file("c.pdf"), file("d.pdf")], "db");
    q.remove(a!.id);
    expect(calls[0]!.ctx.signal.aborted).toBe(true);
    expect(q.get(a!.id)).toBeUndefined();
    calls[1]!.resolve("ok"); // b done
    await tick();
    // c and d took the free slots.
    calls.find((x) => x.item.id === c!.id)!.reject(new Error("bad")); // c error
    await tick();
    expect(statuses(q)).toEqual(["done", "error", "uploading"]);
    q.clearFinished();
    expect(q.getSnapshot().map((i) => i.id)).toEqual([d!.id]);
    expect(q.get(b!.id)).toBeUndefined();
  });

  test("without autoStart items wait as 'ready' until start(); stop() cancels those in flight and holds the rest", async () => {
    const { calls, send } = manualSend();
    let idle = 0;
    const q = new UploadQueue<string, string>({
      send,
      concurrency: 1,
      autoStart: false,
      waitingStatus: "ready",
      onIdle: () => idle++,
    });
    q.add([file("a.pdf"), file("b.pdf")], "db");
    expect(statuses(q)).toEqual(["ready", "ready"]);
    expect(calls.length).toBe(0);
    q.start();
    expect(statuses(q)).toEqual(["uploading", "ready"]);
    q.stop();
    await tick();
    expect(statuses(q)).toEqual(["canceled", "ready"]);
    expect(calls.length).toBe(1);
    q.start();
    calls[1]!.resolve("ok");
    await tick();
    expect(statuses(q)).toEqual(["canceled", "done"]);
    expect(idle).toBeGreaterThan(0);
  });

  test("a manual run: Stop is not 'finished'; the run ends when idle, so files added later wait for start()", async () => {
    const { calls, send } = manualSend();
    let idle = 0;
    const q = new UploadQueue<string, string>({
      send,
      concurrency: 1,
      autoStart: false,
      waitingStatus: "ready",
      onIdle: () => idle++,
    });
    q.add([file("a.pdf"), file("b.pdf")], "db");
    q.start();
    expect(q.isRunning).toBe(true);
    q.stop();
    await tick();
    expect(idle).toBe(0);
    expect(q.isRunning).toBe(false);

    q.start();
    calls[1]!.resolve("ok");
    await tick();
    expect(idle).toBe(1);
    expect(q.isRunning).toBe(false);
    q.add([file("c.pdf")], "db");
    expect(statuses(q)).toEqual(["canceled", "done", "ready"]);
    expect(calls.length).toBe(2);

    // start() with nothing waiting ends the run at once.
    q.clear();
    expect(statuses(q)).toEqual([]);
    q.start();
    expect(q.isRunning).toBe(false);
  });

  test("clear drops everything but the file being sent", async () => {
    const { calls, send } = manualSend();
    const q = new UploadQueue<string, string>({ send, concurrency: 1 });
    q.add([file("a.pdf"), file("b.pdf"), file("c.pdf")], "db");
    calls[0]!.reject(new Error("bad"));
    await tick();
    expect(statuses(q)).toEqual(["error", "uploading", "queued"]);
    q.clear();
    expect(q.getSnapshot().map((i) => i.name)).toEqual(["b.pdf"]);
  });

  test("dispose cancels everything still waiting or in flight and starts nothing more", async () => {
    const { calls, send } = manualSend();
    const q = new UploadQueue<string, string>({ send, concurrency: 1 });
    q.add([file("a.pdf"), file("b.pdf")], "db");
    q.dispose();
    await tick();
    expect(statuses(q)).toEqual(["canceled", "canceled"]);
    expect(calls.length).toBe(1);
  });
});
