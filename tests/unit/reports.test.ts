import { describe, expect, test } from "bun:test";
import { reportUpload } from "@server/domains/reports/names";
import { reportQuery, snippetOf } from "@server/domains/reports/search-query";
import { bulkIndexFields, parseReportFileName, REPORT_NAME_FORM, reportFilesInput } from "@shared/reports";

describe("parseReportFileName", () => {
  test("good names: the work order before the first dot, the project up to .pdf", () => {
    expect(parseReportFileName("1234-56.Kapolei Substation.pdf")).toEqual({
      ok: true,
      work_order: "1234-56",
      project: "Kapolei Substation",
    });
    expect(parseReportFileName("1234-56A.Pier 12.pdf")).toMatchObject({
      work_order: "1234-56A",
      project: "Pier 12",
    });
    expect(parseReportFileName("4012-07.Site.PDF")).toMatchObject({ ok: true, project: "Site" });
  });

  test("a lower-case letter is stored upper case", () => {
    expect(parseReportFileName("1234-56b.Pier.pdf")).toMatchObject({ ok: true, work_order: "1234-56B" });
  });

  test("several dots: the project keeps everything between the first dot and .pdf", () => {
    expect(parseReportFileName("1234-56.Pier 12.Phase 2.pdf")).toMatchObject({
      work_order: "1234-56",
      project: "Pier 12.Phase 2",
    });
  });

  test("names that do not fit are refused with the reason and the expected form", () => {
    const reason = (name: string) => {
      const r = parseReportFileName(name);
      return r.ok ? null : r.reason;
    };
    expect(reason("1234-56 Kapolei.pdf")).toBe(
      `1234-56 Kapolei.pdf: no project name after the work order; expected ${REPORT_NAME_FORM}`,
    );
    expect(reason("1234-56.pdf")).toContain("no project name");
    expect(reason("Lab Guide.pdf")).toBe(
      `Lab Guide.pdf: the name has no work order; expected ${REPORT_NAME_FORM}`,
    );
    expect(reason("1234-56..pdf")).toContain("the project name is empty");
    expect(reason("123-56.Site.pdf")).toContain('"123-56" is not a work order');
    expect(reason("1234-56AB.Site.pdf")).toContain("is not a work order");
    expect(reason("1234-56.Site.docx")).toContain("not a .pdf file");
    expect(reason("1234-56.Site\u0007.pdf")).toContain("control characters");
  });

  test("NFD and NFC spellings parse the same", () => {
    const nfc = parseReportFileName("1234-56.Caf\u00e9.pdf");
    const nfd = parseReportFileName("1234-56.Cafe\u0301.pdf");
    expect(nfd).toEqual(nfc);
    expect(nfc).toMatchObject({ project: "Caf\u00e9" });
  });
});

describe("reportUpload (the name an upload is indexed under)", () => {
  test("a folder part is dropped; the name is NFC", () => {
    expect(reportUpload("Reports 2026/1234-56.Pier.pdf")).toMatchObject({
      ok: true,
      fileName: "1234-56.Pier.pdf",
      key: "reports/1234-56.Pier.pdf",
    });
    expect(reportUpload("1234-56.Cafe\u0301.pdf")).toMatchObject({
      ok: true,
      fileName: "1234-56.Caf\u00e9.pdf",
    });
  });

  test("../ and NUL refuse the file, and the log line stays printable", () => {
    expect(reportUpload("../1234-56.Pier.pdf")).toMatchObject({ ok: false });
    expect(reportUpload("a\\..\\1234-56.Pier.pdf")).toMatchObject({ ok: false });
    const nul = reportUpload("1234-56.Pi\u0000er.pdf");
    expect(nul).toEqual({
      ok: false,
      fileName: "1234-56.Pi?er.pdf",
      reason: `1234-56.Pi?er.pdf: the name has control characters; expected ${REPORT_NAME_FORM}`,
    });
    expect(reportUpload(undefined)).toMatchObject({ ok: false });
    expect(reportUpload(`1234-56.${"x".repeat(300)}.pdf`)).toMatchObject({ ok: false });
  });
});

describe("inputs", () => {
  test("flags accept what browsers and scripts send; anything else names the field", () => {
    expect(bulkIndexFields.parse({})).toEqual({ upload_to_s3: true, replace_if_exists: false });
    expect(bulkIndexFields.parse({ upload_to_s3: "off", replace_if_exists: "on" })).toEqual({
      upload_to_s3: false,
      replace_if_exists: true,
    });
    expect(bulkIndexFields.safeParse({ upload_to_s3: "maybe" }).success).toBe(false);
  });
  test("files: work-order prefix and page size", () => {
    expect(reportFilesInput.parse({ wo: "1234-5" })).toMatchObject({ wo: "1234-5", page: 1, page_size: 50 });
    expect(reportFilesInput.safeParse({ wo: "12a" }).success).toBe(false);
    expect(reportFilesInput.safeParse({ page_size: "201" }).success).toBe(false);
  });
});

describe("reportQuery (search text → safe FTS5 query)", () => {
  test("words are quoted and AND-ed; the last word is a prefix", () => {
    expect(reportQuery("spread footing")?.match).toBe('"spread" AND "footing"*');
    expect(reportQuery("spread footing ")?.match).toBe('"spread" AND "footing"');
  });
  test("quotes, operators and brackets are text; joined tokens stay phrases", () => {
    expect(reportQuery('"foo AND (')?.match).toBe('"foo"');
    expect(reportQuery('"drilled shafts" NEAR(x)')?.match).toBe('"drilled shafts" AND "near x"');
    expect(reportQuery("W.O. 1234-56A")?.match).toBe('"w o" AND "1234 56a"');
    expect(reportQuery('pile "cap"')?.match).toBe('"pile" AND "cap"');
    expect(reportQuery("()*:^")).toBeNull();
  });
  test("stop words are dropped unless nothing else is left", () => {
    expect(reportQuery("the groundwater of the site")?.match).toBe('"groundwater" AND "site"*');
    expect(reportQuery("the ")?.match).toBe('"the"');
  });
});

describe("snippetOf", () => {
  const terms = reportQuery("groundwater boring")!.terms;
  test("cuts around the matches and marks them, as plain text", () => {
    const page = `${"Intro text. ".repeat(40)}Groundwater was encountered at 12 feet in boring B-2. ${"More. ".repeat(60)}`;
    const parts = snippetOf(page, terms);
    expect(parts[0]).toMatchObject({ hit: false });
    expect(parts[0]!.text.startsWith("…")).toBe(true);
    expect(parts.filter((p) => p.hit).map((p) => p.text)).toEqual(["Groundwater", "boring"]);
    expect(parts.at(-1)!.text.endsWith("…")).toBe(true);
    expect(parts.map((p) => p.text).join("").length).toBeLessThan(260);
  });
  test("stems match (borings, drilled ~ drilling); markup stays text", () => {
    const parts = snippetOf("<b>Borings</b> were drilled.", reportQuery("boring drilling ")!.terms);
    expect(parts).toEqual([
      { text: "<b>", hit: false },
      { text: "Borings", hit: true },
      { text: "</b> were ", hit: false },
      { text: "drilled", hit: true },
      { text: ".", hit: false },
    ]);
  });
  test("no match (a stemming difference) still gives the start of the page", () => {
    expect(snippetOf("Short page.", terms)).toEqual([{ text: "Short page.", hit: false }]);
  });
});
