import { describe, expect, test } from "bun:test";
import { readWorkOrders } from "@server/ocr/photos/read-work-orders";
import {
  APART,
  candidatesOf,
  checkReadings,
  decide,
  type RegisterLine,
  type RegisterLookup,
  SURE,
} from "@server/ocr/photos/register-check";
import type { PlaceRead } from "@server/ocr/photos/work-orders";
import { workOrderKey } from "@shared/work-orders";
import { blankPng, labelReading } from "../helpers/made-up-readings";

/**
 * Readings checked against the project register, on recogniser outputs made up for these tests: each digit as
 * read with its probability, and the digits the recogniser also weighed there.
 */

/** Places (digits, suffix letter) read sure (p 0.98, nothing else weighed), except where `doubts` says. */
function places(text: string, doubts: Record<number, [string, number][]> = {}): PlaceRead[] {
  return [...text.replace(/[^0-9A-Z]/g, "")].map((ch, i) => {
    const others = doubts[i] ?? [];
    const p = others.length ? 1 - others.reduce((s, [, q]) => s + q, 0) : 0.98;
    return { ch, p, rivals: [{ ch, p }, ...others.map(([c, q]) => ({ ch: c, p: q }))] };
  });
}

/** A register held in memory, by the product's rule: a lettered number without its own line takes its base's. */
function register(workOrders: string[]) {
  const lines = new Map(
    workOrders.map((wo) => [
      workOrderKey(wo),
      { work_order: wo, project: `Project ${wo}`, client: "Makai Piers" },
    ]),
  );
  const calls: string[][] = [];
  const lookup: RegisterLookup = async (asked) => {
    calls.push(asked);
    return asked.map((wo): RegisterLine | null => {
      const own = lines.get(workOrderKey(wo));
      if (own) return own;
      const base = lines.get(workOrderKey(wo).replace(/\(?[A-Z]\)?$/, ""));
      return /[A-Z]\)?$/.test(wo) && base ? { ...base, from_base: true } : null;
    });
  };
  return { lookup, calls };
}

describe("candidates a reading supports", () => {
  test("a digit the recogniser also weighed is swapped in, scored by its probability against the digit read", () => {
    // "2349-68A": the 6 was 0.6 likely, an 0 0.3 likely.
    const read = places("2349-68A", { 4: [["0", 0.3]] });
    const [first] = candidatesOf("2349-68A", read);
    expect(first!.work_order).toBe("2349-08A");
    expect(first!.odds).toBeCloseTo(0.3 / 0.7, 5);
  });

  test("a digit handwriting is mistaken for is a candidate even unweighed, far less likely; at most two changes", () => {
    const all = candidatesOf("1380-12", places("1380-12"));
    const one = all.find((c) => c.work_order === "1330-12");
    expect(one).toBeDefined();
    expect(one!.odds).toBeLessThan(SURE);
    for (const c of all) {
      const changed = [...c.work_order].filter((ch, i) => ch !== "1380-12"[i]).length;
      expect(changed).toBeGreaterThanOrEqual(1);
      expect(changed).toBeLessThanOrEqual(2);
    }
  });

  test("a confusable digit the recogniser gave almost nothing still counts as handwriting's usual mistake", () => {
    const read = places("1380-12", { 2: [["3", 0.000_01]] });
    const one = candidatesOf("1380-12", read).find((c) => c.work_order === "1330-12");
    expect(one!.odds).toBeGreaterThan(0.001);
  });

  test("the suffix letter is a place: the capitals the recogniser weighed there are candidates", () => {
    const read = places("6214-10G", { 6: [["C", 0.35]] });
    expect(candidatesOf("6214-10G", read)[0]).toMatchObject({ work_order: "6214-10C" });
  });

  test("no candidates when the digits read do not line up with the work order (plain text)", () => {
    expect(candidatesOf("4410-05", places("4410"))).toEqual([]);
  });
});

describe("the rule", () => {
  const line = (work_order: string, odds: number) => ({ work_order, project: "P", client: "C", odds });

  test("one candidate likely enough and far likelier than the next corrects the reading", () => {
    const v = decide([line("5120-04", 0.4), line("5180-04", 0.4 / (APART * 2))]);
    expect(v).toEqual({
      kind: "corrected",
      to: { work_order: "5120-04", project: "P", client: "C" },
      odds: 0.4,
    });
  });

  test("two candidates alike, or one too unlikely, leave the reading as read with suggestions", () => {
    const close = decide([
      line("5120-04", 0.4),
      line("5180-04", 0.3),
      line("5620-04", 0.1),
      line("5127-04", 0.01),
    ]);
    expect(close.kind).toBe("unregistered");
    if (close.kind === "unregistered")
      expect(close.suggestions.map((s) => s.work_order)).toEqual(["5120-04", "5180-04", "5620-04"]);
    expect(decide([line("5120-04", SURE / 2)]).kind).toBe("unregistered");
    expect(decide([])).toEqual({ kind: "unregistered", suggestions: [] });
  });
});

describe("readings checked against a register", () => {
  test("a reading the register holds is never changed, however likely a candidate", async () => {
    const { lookup } = register(["7710-02", "7716-02"]);
    const [v] = await checkReadings(
      [{ work_order: "7710-02", places: places("7710-02", { 3: [["6", 0.45]] }) }],
      lookup,
    );
    expect(v!.kind).toBe("registered");
  });

  test("a reading one doubtful digit from one registered work order is corrected into it", async () => {
    const { lookup } = register(["7716-02", "9000-01"]);
    const [v] = await checkReadings(
      [{ work_order: "7710-02", places: places("7710-02", { 3: [["6", 0.4]] }) }],
      lookup,
    );
    expect(v).toMatchObject({ kind: "corrected", to: { work_order: "7716-02", project: "Project 7716-02" } });
  });

  test("without a register line near it, nothing is corrected and nothing suggested", async () => {
    const { lookup } = register([]);
    const [v] = await checkReadings(
      [{ work_order: "7710-02", places: places("7710-02", { 3: [["6", 0.4]] }) }],
      lookup,
    );
    expect(v).toEqual({ kind: "unregistered", suggestions: [] });
  });

  test("a lettered reading known only by its base offers the base, never takes it alone", async () => {
    const { lookup } = register(["3305-11"]);
    const [v] = await checkReadings([{ work_order: "3305-11K", places: places("3305-11") }], lookup);
    expect(v).toEqual({
      kind: "unregistered",
      suggestions: [{ work_order: "3305-11", project: "Project 3305-11", client: "Makai Piers" }],
    });
  });

  test("a number held only inside a longer one is registered, not exact; every reading costs two look-ups in all", async () => {
    const { lookup, calls } = register(["6021-03", "4410-05"]);
    const verdicts = await checkReadings(
      [
        { work_order: "6021", places: places("6021") },
        { work_order: "4410-05", places: places("4410-05") },
        { work_order: "4416-05", places: places("4416-05", { 3: [["0", 0.3]] }) },
        { work_order: "8888-88", places: places("8888-88") },
      ],
      async (asked) =>
        (await lookup(asked)).map(
          (l, i) => l ?? (asked[i] === "6021" ? { work_order: "6021-03", project: "", client: "" } : null),
        ),
    );
    expect(verdicts.map((v) => v.kind)).toEqual(["registered", "registered", "corrected", "unregistered"]);
    expect(verdicts[0]).toMatchObject({ exact: false });
    expect(verdicts[1]).toMatchObject({ exact: true });
    expect(calls.length).toBe(2);
  });
});

describe("a photo's readings with the register", () => {
  const limits = { maxBytes: 1_000_000, maxPixels: 1_000_000 };
  const photoOf = async (number: string, doubts: Record<number, [string, number][]> = {}, p = 0.98) => {
    const reading = labelReading(number, doubts, p);
    return { bytes: await blankPng(), reader: { read: async () => reading } };
  };

  test("a corrected reading is listed in its registered form and carries what was read", async () => {
    const photo = await photoOf("2291-06", { 5: [["8", 0.45]] }, 0.98);
    const { lookup } = register(["2291-08"]);
    const r = await readWorkOrders(photo.reader, photo.bytes, limits, lookup);
    expect(r.recognized_work_orders).toEqual(["2291-08"]);
    expect(r.items[0]).toMatchObject({ work_order: "2291-08", read_as: "2291-06" });
    const without = await readWorkOrders(photo.reader, photo.bytes, limits);
    expect(without.items.concat(without.unsure).map((i) => i.work_order)).toEqual(["2291-06"]);
    expect(without.items.concat(without.unsure)[0]!.read_as).toBeUndefined();
  });

  test("a doubtful reading the register holds as read is listed; one it does not hold stays for checking", async () => {
    const photo = await photoOf("5530-02", {}, 0.6);
    const held = await readWorkOrders(photo.reader, photo.bytes, limits, register(["5530-02"]).lookup);
    expect(held.recognized_work_orders).toEqual(["5530-02"]);
    const unheld = await readWorkOrders(photo.reader, photo.bytes, limits, register(["1111-01"]).lookup);
    expect(unheld.recognized_work_orders).toEqual([]);
    expect(unheld.unsure[0]).toMatchObject({ work_order: "5530-02", suggestions: [] });
  });
});
