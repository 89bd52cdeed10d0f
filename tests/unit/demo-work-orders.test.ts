import { describe, expect, test } from "bun:test";
import { demoBoxes } from "@server/domains/core-boxes/seed";
import { demoProjects } from "@server/domains/projects/demo-projects";
import { DEMO_PROJECT_COUNT } from "@server/domains/projects/seed";
import { demoBinderRows } from "@server/domains/reports-binder/seed";
import { parseWorkOrder, workOrderKey } from "@shared/work-orders";

/**
 * The demo data names one project per work order: the register's line (by the lookup rule: its own, else a
 * lettered one's base, else a bare one's first letter's), the binder's report file and the core box agree.
 */
const register = new Map(demoProjects(DEMO_PROJECT_COUNT).map((p) => [p.woKey, p.project]));
const registerName = (wo: string) => {
  const ref = parseWorkOrder(wo)!;
  return (
    register.get(workOrderKey(wo)) ??
    (ref.suffix
      ? register.get(ref.base)
      : ["A", "B", "C"].map((l) => register.get(`${ref.base}(${l})`)).find(Boolean))
  );
};

// The file is named "<work order>.<project>.pdf".
const binder = demoBinderRows("2026-12-01").map((r) => {
  expect(r.pdfFile.startsWith(`${r.workOrder}.`) && r.pdfFile.endsWith(".pdf")).toBe(true);
  return { wo: r.workOrder, project: r.pdfFile.slice(r.workOrder.length + 1, -4), source: "binder" };
});
const boxes = demoBoxes(new Date("2026-12-01T00:00:00Z")).map((b) => ({
  wo: b.work_order,
  project: b.project,
  source: "core box",
}));

describe("demo work orders", () => {
  test("a binder row's file and a core box name the register's project of their work order", () => {
    const inRegister = [...binder, ...boxes].filter((r) => registerName(r.wo));
    // Hundreds of demo rows have a register line: the check covers real ground.
    expect(inRegister.length).toBeGreaterThan(300);
    for (const r of inRegister) expect({ ...r, project: registerName(r.wo) }).toEqual(r);
  });

  test("every demo work order names one project across the binder and the core boxes", () => {
    const names = new Map<string, Set<string>>();
    for (const r of [...binder, ...boxes]) {
      const ref = parseWorkOrder(r.wo)!;
      // A lettered work order without a register line of its own goes by its base's, as on its page.
      const key = register.has(workOrderKey(r.wo)) || !ref.suffix ? workOrderKey(r.wo) : ref.base;
      names.set(key, (names.get(key) ?? new Set()).add(r.project));
    }
    const split = [...names].filter(([, set]) => set.size > 1).map(([wo, set]) => [wo, [...set]]);
    expect(split).toEqual([]);
  });

  test("1552-02 (a work order of the demo register with binder rows) names its register project", () => {
    const rows = binder.filter((r) => r.wo === "1552-02");
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(r.project).toBe(register.get("1552-02")!);
  });
});
