import { describe, expect, test } from "bun:test";
import { belongsTo, findWorkOrder, parseWorkOrder, splitWorkOrders } from "@shared/work-orders";
import { suggestionsFor } from "@/components/header-search-suggestions";

describe("parseWorkOrder", () => {
  test("reads a work order however it is written, and names it one way", () => {
    for (const [typed, named] of [
      ["4321-07", "4321-07"],
      ["4321-071", "4321-071"],
      ["4321-07a", "4321-07A"],
      ["4321-07(B)", "4321-07B"],
      [" W.O. 4321 – 07 (c) ", "4321-07C"],
      ["Work Order # 4321-07", "4321-07"],
    ])
      expect(parseWorkOrder(typed!)?.work_order).toBe(named!);
  });

  test("refuses what is not shaped like one", () => {
    for (const bad of [
      "",
      "4321",
      "432-07",
      "4321-7",
      "4321-0712",
      "4321-07AB",
      "4321-07(AB)",
      "ab-cd",
      "../4321-07",
    ])
      expect(parseWorkOrder(bad)).toBeNull();
  });
});

describe("belongsTo", () => {
  test("a base number gathers its letters but not a longer number; a lettered one only itself", () => {
    const base = parseWorkOrder("4321-07")!;
    expect(["4321-07", "4321-07A", "4321-07(B)", "4321-07 c"].every((s) => belongsTo(s, base))).toBe(true);
    expect(["4321-070", "4321-08", "4321-07AB", "W.O."].some((s) => belongsTo(s, base))).toBe(false);
    const lettered = parseWorkOrder("4321-07A")!;
    expect(belongsTo("4321-07(A)", lettered)).toBe(true);
    expect(belongsTo("4321-07", lettered)).toBe(false);
    expect(belongsTo("4321-07B", lettered)).toBe(false);
  });
});

describe("the header search", () => {
  test("finds a work order inside typed text and offers its page first", () => {
    expect(findWorkOrder("box for w.o. 4321-07a please")?.work_order).toBe("4321-07A");
    expect(findWorkOrder("4321-07 and more")?.work_order).toBe("4321-07");
    expect(findWorkOrder("core boxes")).toBeNull();
    const offers = suggestionsFor("4321-07", false);
    expect(offers[0]).toMatchObject({
      kind: "work-order",
      label: "Work order 4321-07",
      to: { to: "/work-orders/4321-07" },
    });
    expect(suggestionsFor("core", false).some((o) => o.kind === "work-order")).toBe(false);
  });
});

describe("work orders in running text (a ticket's description)", () => {
  test("each work order is cut out to be linked; the rest stays text", () => {
    expect(splitWorkOrders("Printer at 4321-07A site, see 1234-56(b) and 9876-05 a printer")).toEqual([
      { text: "Printer at ", wo: false },
      { text: "4321-07A", wo: true },
      { text: " site, see ", wo: false },
      { text: "1234-56(b)", wo: true },
      { text: " and ", wo: false },
      { text: "9876-05", wo: true },
      { text: " a printer", wo: false },
    ]);
  });
  test("numbers that only look alike are not work orders", () => {
    for (const text of ["call 808-555-1234", "4321-07AB", "12345-67", "4321-0712", "no numbers"])
      expect(splitWorkOrders(text).every((p) => !p.wo)).toBe(true);
  });
});
