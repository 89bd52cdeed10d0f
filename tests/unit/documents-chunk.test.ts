import { describe, expect, test } from "bun:test";
import { chunkPages } from "@server/domains/documents/pipeline/chunk";
import { needsOcr } from "@server/ocr/scans/scanned-page";
import { normalizePageText } from "@server/pdf/page-text";
import { DB_NAME_PATTERN, dbTitle, displayDbName, docDbName, toDbName } from "@shared/documents";

const sentence = (page: number, i: number) =>
  `Page ${page} sentence ${i} says something about drilling safety.`;
const page = (n: number, sentences = 40) =>
  Array.from({ length: sentences }, (_, i) => sentence(n, i)).join(" ");

describe("chunkPages", () => {
  test("chunks of about 1,000 characters overlap by about 150 and cut between sentences", () => {
    const chunks = chunkPages([page(1), page(2), page(3)]);
    expect(chunks.length).toBeGreaterThan(6);
    for (const c of chunks.slice(0, -1)) {
      expect(c.text.length).toBeGreaterThan(600);
      expect(c.text.length).toBeLessThanOrEqual(1000);
      expect(c.text).toMatch(/\.$/);
    }
    for (let i = 1; i < chunks.length; i++) {
      const prev = chunks[i - 1]!.text;
      const head = chunks[i]!.text.slice(0, 40);
      // The next chunk starts inside the previous one's last ~150 characters.
      expect(prev.slice(-200)).toContain(head.slice(0, 20));
    }
    expect(chunks.map((c) => c.ordinal)).toEqual(chunks.map((_, i) => i));
  });

  test("every chunk knows its first and last page, and the pages are right", () => {
    const chunks = chunkPages([page(1), page(2), page(3)]);
    for (const c of chunks) {
      expect(c.firstPage).toBeLessThanOrEqual(c.lastPage);
      const firstNum = Number(c.text.match(/Page (\d)/)![1]);
      const nums = [...c.text.matchAll(/Page (\d)/g)].map((m) => Number(m[1]));
      expect(c.firstPage).toBe(firstNum);
      expect(c.lastPage).toBe(nums[nums.length - 1]!);
    }
    expect(chunks.some((c) => c.firstPage === 1 && c.lastPage === 2)).toBe(true);
    expect(chunks[chunks.length - 1]!.lastPage).toBe(3);
  });

  test("empty pages keep the numbering of the pages after them; no text gives no chunks", () => {
    const chunks = chunkPages(["", "Short text on page two.", "", "And page four."]);
    expect(chunks).toEqual([
      { ordinal: 0, firstPage: 2, lastPage: 4, text: "Short text on page two.\n\n\n\nAnd page four." },
    ]);
    expect(chunkPages(["", "  "])).toEqual([]);
  });

  test("a word longer than a chunk is still cut, and the loop always moves on", () => {
    const chunks = chunkPages(["x".repeat(2500)]);
    expect(chunks.map((c) => c.text.length)).toEqual([1000, 1000, 500]);
  });
});

describe("page text", () => {
  test("normalizePageText collapses runs of spaces and blank lines", () => {
    expect(normalizePageText("  a \t b\r\n\r\n\r\n\n c  ")).toBe("a b\n\nc");
  });
  test("a page with almost no text is read with OCR", () => {
    expect(needsOcr("")).toBe(true);
    expect(needsOcr(" 12 \n")).toBe(true);
    expect(needsOcr("Hard hats are required on site.")).toBe(false);
  });
});

describe("database names", () => {
  test("toDbName follows the spec: lower case, spaces to _, others removed, .db added", () => {
    expect(toDbName("Employee Handbook")).toBe("employee_handbook.db");
    expect(toDbName("  Q3 Report (final)!  ")).toBe("q3_report_final.db");
    expect(toDbName("share_plan.db")).toBe("share_plan.db");
    expect(toDbName("???")).toBe("");
    expect(displayDbName("employee_handbook.db")).toBe("employee handbook");
    // One display name everywhere: the spec's prettified name, whatever the title.
    expect(dbTitle({ name: "retirement_plan.db" })).toBe("Retirement Plan");
  });
  test("the server accepts only ^[a-z0-9_]{1,64}\\.db$ and never an internal name", () => {
    for (const ok of ["a.db", "employee_handbook.db", `${"x".repeat(64)}.db`]) {
      expect(docDbName.safeParse(ok).success).toBe(true);
    }
    for (const bad of [
      "",
      "A.db",
      "a b.db",
      "a",
      "../a.db",
      "a.db.db",
      `${"x".repeat(65)}.db`,
      "chat_history.db",
    ]) {
      expect(docDbName.safeParse(bad).success).toBe(false);
    }
    expect(DB_NAME_PATTERN.test("users.db")).toBe(true);
    expect(docDbName.safeParse("users.db").success).toBe(false);
  });
});
