import type { TextDocument } from "../../../pdf/protocol";
import { HANDBOOK_PAGES_1 } from "./handbook-1";
import { HANDBOOK_PAGES_2 } from "./handbook-2";
import { RETIREMENT_PAGES } from "./retirement-plan";
import { SHARE_PLAN_PAGES } from "./share-plan";

/**
 * The demo document databases: what the Index Manager and Ask AI have on a fresh start. The text lives here
 * (not only inside the PDFs) so an evaluation set can name the file and page an answer must come from:
 * DEMO_DOCUMENTS[i].pages[n] is page n + 1 of that PDF.
 */
export type DemoDocument = TextDocument;
export type DemoPage = TextDocument["pages"][number];

export const DEMO_DOCUMENTS: DemoDocument[] = [
  {
    db: "employee_handbook.db",
    title: "Employee Handbook",
    fileName: "Geolabs_Employee_Handbook_2026.pdf",
    pages: [...HANDBOOK_PAGES_1, ...HANDBOOK_PAGES_2],
  },
  {
    db: "share_plan.db",
    title: "Employee Share Plan",
    fileName: "Geolabs_Employee_Share_Plan.pdf",
    pages: SHARE_PLAN_PAGES,
  },
  {
    db: "retirement_plan.db",
    title: "Retirement Plan Guide",
    fileName: "Geolabs_401k_Retirement_Plan_Guide.pdf",
    pages: RETIREMENT_PAGES,
  },
];

export const DEMO_DOCUMENT_DBS = DEMO_DOCUMENTS.map((d) => d.db);

/** Where a fact is: the demo document of `db` and its 1-based page whose text contains `needle`. */
export function findDemoPage(db: string, needle: string): { fileName: string; page: number } | null {
  const doc = DEMO_DOCUMENTS.find((d) => d.db === db);
  if (!doc) return null;
  const i = doc.pages.findIndex((p) => [p.heading, ...p.paragraphs].some((t) => t.includes(needle)));
  return i < 0 ? null : { fileName: doc.fileName, page: i + 1 };
}
