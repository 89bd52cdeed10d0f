import { describe, expect, test } from "bun:test";
import { DEMO_DOCUMENTS, findDemoPage } from "@server/domains/documents/demo";
import { buildTextPdfs } from "@server/pdf/text-pdfs";
import { extractText, getDocumentProxy } from "unpdf";

describe("demo documents", () => {
  test("three PDFs, one page per demo page, each page's text where the module says it is", async () => {
    const pdfs = await buildTextPdfs(DEMO_DOCUMENTS);
    expect(pdfs.map((p) => [p.db, p.fileName])).toEqual(DEMO_DOCUMENTS.map((d) => [d.db, d.fileName]));
    expect(DEMO_DOCUMENTS[0]!.pages.length).toBeGreaterThanOrEqual(24);
    for (const [i, pdf] of pdfs.entries()) {
      const doc = DEMO_DOCUMENTS[i]!;
      const { totalPages, text } = await extractText(await getDocumentProxy(pdf.bytes.slice()), {
        mergePages: false,
      });
      expect(totalPages).toBe(doc.pages.length);
      for (const [n, page] of doc.pages.entries()) {
        const flat = text[n]!.replace(/\s+/g, " ");
        expect(flat).toContain(page.heading);
        expect(flat).toContain(page.paragraphs[0]!.split(/\s+/).slice(0, 6).join(" "));
      }
    }
  });

  test("the same bytes on every build (a restart never re-indexes them as new content)", async () => {
    const [a, b] = [await buildTextPdfs(DEMO_DOCUMENTS), await buildTextPdfs(DEMO_DOCUMENTS)];
    expect(Buffer.from(a[1]!.bytes).equals(Buffer.from(b[1]!.bytes))).toBe(true);
  });

  test("findDemoPage names the file and page a fact is on", () => {
    expect(findDemoPage("employee_handbook.db", "ANSI Z89.1 Type I")).toEqual({
      fileName: "Geolabs_Employee_Handbook_2026.pdf",
      page: 17,
    });
    expect(findDemoPage("retirement_plan.db", "100% of the first 4%")?.page).toBe(4);
    expect(findDemoPage("share_plan.db", "$48.20")?.page).toBe(5);
    expect(findDemoPage("share_plan.db", "no such text")).toBeNull();
  });
});
