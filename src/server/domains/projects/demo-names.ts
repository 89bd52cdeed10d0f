import { parseWorkOrder, workOrderKey } from "@shared/work-orders";
import { DEMO_PLACES, DEMO_WORKS, demoProjects } from "./demo-projects";
import { DEMO_PROJECT_COUNT } from "./seed";

/**
 * The project a demo row of another screen (a binder file, a core box) names for its work order: the demo
 * register's, by the rule Work Order Recognition and the work order page use (its own line, else a lettered
 * one's base line, else a bare one's first letter's), so one demo work order names one project everywhere. A
 * work order the demo register does not hold gets a made-up name derived from its base number, the same on
 * every screen. The register is generated (deterministic), not read: the other demo tables are seeded first.
 */
let byKey: Map<string, string> | null = null;

export function demoProjectName(workOrder: string): string {
  byKey ??= new Map(demoProjects(DEMO_PROJECT_COUNT).map((p) => [p.woKey, p.project]));
  const ref = parseWorkOrder(workOrder);
  if (!ref) return madeUp(workOrderKey(workOrder));
  const own = byKey.get(workOrderKey(workOrder));
  if (own) return own;
  const lines = byKey;
  const fromBase = ref.suffix
    ? lines.get(ref.base)
    : ["A", "B", "C", "D"].map((l) => lines.get(`${ref.base}(${l})`)).find(Boolean);
  return fromBase ?? madeUp(ref.base);
}

function madeUp(key: string): string {
  let h = 2166136261;
  for (const c of key) h = Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0;
  return `${DEMO_PLACES[h % DEMO_PLACES.length]} ${DEMO_WORKS[(h >>> 8) % DEMO_WORKS.length]}`;
}
