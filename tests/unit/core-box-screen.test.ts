import { describe, expect, test } from "bun:test";
import { CORE_BOX_MESSAGES, type CoreBox, yearProblem } from "@shared/core-boxes";
import { WORK_ORDER_SHAPE } from "@shared/work-orders";
import {
  boxSearch,
  checkDraft,
  createInputOf,
  draftOf,
  EMPTY_DRAFT,
  exportHref,
  followExpiry,
  hasFilters,
  listInputOf,
  patchOf,
  removalBlocked,
  skippedLines,
} from "@/features/core-boxes/box-model";
import { UNREADABLE_DATE } from "@/lib/field-problems";
import { changeLines, dispositionBeforeDump } from "@/routes/core-box-inventory/-components/history-format";

const box: CoreBox = {
  id: 7,
  work_order: "1234-56",
  project: "Kapolei Rd",
  engineer: "GS",
  report_submission_date: "2024-01-31",
  storage_expiry_date: "2026-01-31",
  complete: "No",
  keep_or_dump: "Keep",
  island: "Oahu",
  year: 2024,
  created_at: "2024-02-01T00:00:00.000Z",
  created_by: "a@geolabs.example",
  updated_at: "2024-02-01T00:00:00.000Z",
  updated_by: "a@geolabs.example",
};

describe("core box screen: URL search and queries", () => {
  test("bad URL values fall back instead of failing; good ones are kept", () => {
    const s = boxSearch.parse({
      q: "kapolei",
      year: "2024",
      complete: "Maybe",
      keep_or_dump: "Dump",
      sort_by: "status; DROP",
      page: "0",
      page_size: "30",
      expired: true,
      expires: "45",
    });
    expect(s).toEqual({
      q: "kapolei",
      year: 2024,
      complete: undefined,
      keep_or_dump: "Dump",
      expired: true,
      expires: undefined,
      island: undefined,
      sort_by: undefined,
      sort_dir: undefined,
      page: undefined,
      page_size: undefined,
    });
  });

  test("the list input has the spec's defaults: submission date descending, page 1 of 25", () => {
    expect(listInputOf({})).toEqual({
      q: undefined,
      island: undefined,
      year: undefined,
      complete: undefined,
      keep_or_dump: undefined,
      expired: undefined,
      expires: undefined,
      sort_by: "report_submission_date",
      sort_dir: "desc",
      page: 1,
      page_size: 25,
    });
    expect(hasFilters({})).toBe(false);
    expect(hasFilters({ sort_by: "year", page: 3 })).toBe(false);
    expect(hasFilters({ year: 2020 })).toBe(true);
  });

  test("?expires=30 (a link from the dashboard or a notice) opens the list filtered; it is a filter Reset clears", () => {
    const s = boxSearch.parse({ expires: "30" });
    expect(s.expires).toBe(30);
    expect(listInputOf(s).expires).toBe(30);
    expect(hasFilters(s)).toBe(true);
    expect(boxSearch.parse({ expires: 90 }).expires).toBe(90);
    expect(exportHref(listInputOf(s))).toContain("expires=30");
  });

  test("a one-character search from a link is not searched (a search needs 2 characters); two are", () => {
    expect(listInputOf({ q: "K" }).q).toBeUndefined();
    expect(listInputOf({ q: "Ka" }).q).toBe("Ka");
  });

  test("the export link carries the filters and sort but no page", () => {
    const href = exportHref(
      listInputOf({ q: "a&b", island: "Maui", expired: true, sort_by: "year", page: 4, page_size: 100 }),
    );
    const url = new URL(href, "http://x");
    expect(url.pathname).toBe("/api/core-boxes/export.csv");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      q: "a&b",
      island: "Maui",
      expired: "true",
      sort_by: "year",
      sort_dir: "desc",
    });
  });
});

describe("core box screen: the inline editor", () => {
  test("the expiry follows the submission date until the person sets their own", () => {
    expect(followExpiry("", "2024-03-05", "", 24)).toBe("2026-03-05");
    // Was the default of the old date: follows (end of month clamps like the server).
    expect(followExpiry("2024-03-05", "2024-01-31", "2024-04-05", 1)).toBe("2024-02-29");
    expect(followExpiry("2024-03-05", "2024-04-01", "2026-03-05", 24)).toBe("2026-04-01");
    // Chosen by the person: stays.
    expect(followExpiry("2024-03-05", "2024-04-01", "2030-01-01", 24)).toBe("2030-01-01");
    // Clearing the submission date leaves the expiry alone.
    expect(followExpiry("2024-03-05", "", "2026-03-05", 24)).toBe("2026-03-05");
  });

  test("checks give the server's messages, each on its field", () => {
    expect(checkDraft({ ...EMPTY_DRAFT, work_order: "  " })).toEqual({
      work_order: CORE_BOX_MESSAGES.workOrderRequired,
    });
    expect(
      checkDraft({
        ...EMPTY_DRAFT,
        work_order: "1000-01",
        report_submission_date: "2024-05-01",
        storage_expiry_date: "2024-04-30",
      }),
    ).toEqual({ storage_expiry_date: CORE_BOX_MESSAGES.expiryBeforeSubmission });
    expect(checkDraft({ ...EMPTY_DRAFT, work_order: "1000-01" })).toEqual({});
    // The work order page's sentence, on the field: "abc" is never sent to be stored as "ABC".
    expect(checkDraft({ ...EMPTY_DRAFT, work_order: "abc" })).toEqual({ work_order: WORK_ORDER_SHAPE });
    // Every problem at once, each a sentence of its own.
    expect(checkDraft({ ...EMPTY_DRAFT, year: "20x6" })).toEqual({
      work_order: CORE_BOX_MESSAGES.workOrderRequired,
      year: "Year must be a year like 2024.",
    });
  });

  test("a date the browser could not read is an error on its field, never no date; a typed year is kept", () => {
    const box = { ...EMPTY_DRAFT, work_order: "7777-01" };
    expect(checkDraft(box, ["report_submission_date", "storage_expiry_date"])).toEqual({
      report_submission_date: UNREADABLE_DATE,
      storage_expiry_date: UNREADABLE_DATE,
    });
    expect(UNREADABLE_DATE).toBe("Enter a real date.");
    // The dates do not overrule a year the person typed that fits them: the year sent is theirs.
    const typed = { ...box, year: "1997", storage_expiry_date: "1999-01-01" };
    expect(checkDraft(typed)).toEqual({});
    expect(createInputOf(typed).year).toBe(1997);
    // One far from them is the Year field's problem, in the server's sentence.
    expect(checkDraft({ ...typed, year: "2026" }).year).toBe(yearProblem(2026, null, "1999-01-01")!);
  });

  test("a year that is the dates' own is left blank in the editor, so it follows them; a year set stays", () => {
    expect(draftOf(box).year).toBe("");
    expect(draftOf({ ...box, year: 2030 }).year).toBe("2030");
    expect(
      draftOf({ ...box, report_submission_date: null, storage_expiry_date: null, year: 2001 }).year,
    ).toBe("2001");
    // New dates on a box whose year came from its dates: the year is not sent (the server moves it with them).
    expect(patchOf(box, { ...draftOf(box), report_submission_date: "2027-01-01" })).toEqual({
      report_submission_date: "2027-01-01",
    });
  });

  test("a new box leaves blanks to the server's defaults", () => {
    expect(createInputOf({ ...EMPTY_DRAFT, work_order: " 99-1 ", project: " P ", year: "2019" })).toEqual({
      work_order: "99-1",
      project: "P",
      engineer: "",
      report_submission_date: null,
      storage_expiry_date: null,
      complete: "No",
      keep_or_dump: "Keep",
      island: null,
      year: 2019,
    });
  });

  test("an edit sends only the fields that changed", () => {
    expect(patchOf(box, draftOf(box))).toEqual({});
    expect(patchOf(box, { ...draftOf(box), keep_or_dump: "Dump", project: "Kapolei Road " })).toEqual({
      keep_or_dump: "Dump",
      project: "Kapolei Road",
    });
    expect(patchOf(box, { ...draftOf(box), island: "", storage_expiry_date: "" })).toEqual({
      island: null,
      storage_expiry_date: null,
    });
  });

  test("only Dump boxes can be removed, with a reason for the others", () => {
    expect(removalBlocked({ ...box, keep_or_dump: "Dump" })).toBeNull();
    expect(removalBlocked(box)).toContain("Box 1234-56 is marked Keep");
    expect(
      skippedLines([
        { id: 1, work_order: "A-1", reason: "marked Save" },
        { id: 2, work_order: null, reason: "Core box not found." },
      ]),
    ).toEqual(["A-1: marked Save", "Box #2: Core box not found."]);
  });
});

describe("core box screen: change history", () => {
  test("an edit lists old → new in column order, without bookkeeping fields", () => {
    const after = { ...box, keep_or_dump: "Dump", year: 2025, updated_by: "b@geolabs.example" };
    expect(changeLines({ action: "update", before: box, after })).toEqual([
      { field: "keep_or_dump", label: "Disposition", before: "Keep", after: "Dump" },
      { field: "year", label: "Year", before: "2024", after: "2025" },
    ]);
  });

  test("a removal lists the values it carried (empty ones are left out)", () => {
    const lines = changeLines({
      action: "delete",
      before: { ...box, island: null, engineer: "" },
      after: null,
    });
    expect(lines.map((l) => l.label)).toEqual([
      "Project",
      "Submitted",
      "Expiry",
      "Complete",
      "Disposition",
      "Year",
    ]);
    expect(lines[0]).toEqual({ field: "project", label: "Project", before: null, after: "Kapolei Rd" });
    // An edit of the work order does list it.
    expect(changeLines({ action: "update", before: box, after: { ...box, work_order: "1234-57" } })).toEqual([
      { field: "work_order", label: "W.O.", before: "1234-56", after: "1234-57" },
    ]);
  });

  test("restoring a Mark Dumped & Remove knows the disposition to put back", () => {
    const all = [
      { id: 11, action: "delete", batch_id: "b", before: { ...box, keep_or_dump: "Dump" } },
      { id: 10, action: "update", batch_id: "b", before: box },
      { id: 9, action: "delete", batch_id: null, before: box },
    ];
    expect(dispositionBeforeDump(all[0]!, all)).toBe("Keep");
    expect(dispositionBeforeDump(all[2]!, all)).toBeNull();
    expect(dispositionBeforeDump(all[1]!, all)).toBeNull();
  });
});
