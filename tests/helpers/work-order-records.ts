import { expect } from "bun:test";
import { projects } from "@server/db/schema";
import { workOrderKey } from "@shared/work-orders";
import { DEMO, type TestApp } from "./app";
import { textPdf } from "./pdfs";
import { bulkIndex } from "./reports";

/** The invented work order the screens' e2e tests gather records around. */
export const KAPOLEI_WALL = {
  workOrder: "9876-05",
  client: "Ala Moana LLC",
  project: "Kapolei Retaining Wall",
} as const;

/**
 * Register 9876-05 (Kapolei Retaining Wall), index 9876-05's report and one more (by file name → text), and
 * return an Admin's POST for the records the test adds next.
 */
export async function kapoleiWall(t: TestApp, other: { name: string; text: string }) {
  await t.deps.db.insert(projects).values({
    workOrder: KAPOLEI_WALL.workOrder,
    woKey: workOrderKey(KAPOLEI_WALL.workOrder),
    client: KAPOLEI_WALL.client,
    project: KAPOLEI_WALL.project,
    pr: "PR-77",
    date: "2025-04-02",
    principalEngineer: "G. Sato",
  });
  const admin = await t.login(DEMO.admin);
  const indexed = await bulkIndex(t, admin, [
    {
      name: "9876-05.Kapolei Wall.pdf",
      content: await textPdf(["Boring B-1 met refusal at 12 ft on basalt."]),
    },
    { name: other.name, content: await textPdf([other.text]) },
  ]);
  expect(indexed.body.indexed).toBe(2);
  return (path: string, json: unknown) => t.request(path, { method: "POST", json, cookie: admin });
}
