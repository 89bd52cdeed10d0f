import { describe, expect, test } from "bun:test";
import { DOCUMENT_TEXTS, type DocDb, type UploadHistoryEntry } from "@shared/documents";
import { cellText, schemaFileName, schemaTables, signedLinkMap, sizeMb, visibleDbs } from "@/lib/doc-dbs";
import { ndjsonLines } from "@/lib/upload";
import {
  DEFAULT_INDEX_SETTINGS,
  filterDbs,
  groupHistory,
  processFields,
  runBlocker,
  stepTone,
  summaryOf,
  targetDbOf,
  withDbFile,
  withTitle,
} from "@/routes/db-admin/-components/index-model";

const db = (name: string, files = 1, title = ""): DocDb => ({
  name,
  title,
  mode: "default",
  files,
  createdAt: "2026-01-01T00:00:00Z",
});

describe("Index Manager: target database", () => {
  test("DB File follows the title with toDbName until edited; emptying it lets it follow again", () => {
    let s = withTitle(DEFAULT_INDEX_SETTINGS, "Employee Handbook (2026)!");
    expect(s.dbFile).toBe("employee_handbook_2026.db");
    s = withDbFile(s, "Staff Guide");
    s = withTitle(s, "Something else");
    expect(s.dbFile).toBe("Staff Guide");
    expect(targetDbOf(s)).toBe("staff_guide.db");
    s = withDbFile(s, "");
    expect(s.dbFile).toBe("");
    s = withTitle(s, "Share Plan");
    expect(s.dbFile).toBe("share_plan.db");
  });

  test("Append uses the selected database; Run is refused with the spec's words", () => {
    const append = { ...DEFAULT_INDEX_SETTINGS, action: "append" as const, selected: "" };
    expect(runBlocker(0, append)).toBe(DOCUMENT_TEXTS.queueEmpty);
    expect(runBlocker(2, append)).toBe(DOCUMENT_TEXTS.pickDb);
    expect(runBlocker(2, { ...append, selected: "hr.db" })).toBeNull();
    expect(runBlocker(1, withDbFile(DEFAULT_INDEX_SETTINGS, "!!!"))).toBe(DOCUMENT_TEXTS.pickDb);
  });

  test("process-file fields: mode general/default, action, title only for new", () => {
    const t = { db: "hr.db", action: "new" as const, general: true, title: " HR " };
    expect(processFields(t, "new", "a@x")).toEqual([
      ["db_name", "hr.db"],
      ["mode", "general"],
      ["action", "new"],
      ["title", "HR"],
      ["user", "a@x"],
    ]);
    expect(processFields({ ...t, general: false }, "append", "a@x")).toEqual([
      ["db_name", "hr.db"],
      ["mode", "default"],
      ["action", "append"],
      ["user", "a@x"],
    ]);
  });

  test("answers: the stream's closing line, plain { steps }, and { error, steps }", () => {
    expect(summaryOf({ done: true, ok: true, steps: ["a", "b"] })).toEqual({ ok: true, steps: ["a", "b"] });
    expect(summaryOf({ steps: ["a"] })).toEqual({ ok: true, steps: ["a"] });
    expect(summaryOf({ done: true, ok: false, steps: ["a"], error: "Encrypted PDF" })).toEqual({
      ok: false,
      steps: ["a"],
      error: "Encrypted PDF",
    });
    expect(summaryOf({ error: "bad", steps: [1, "x"] })).toEqual({ ok: false, steps: ["x"], error: "bad" });
    expect(summaryOf(null)).toEqual({ ok: true, steps: [] });
  });

  test("NDJSON lines are read as they complete; a partial tail waits", () => {
    const text = '{"step":"Stored"}\n{"step":"Extr';
    const first = ndjsonLines(text, 0);
    expect(first.lines).toEqual([{ step: "Stored" }]);
    const more = `${text}acted 3 pages"}\nnot json\n\n{"done":true,"ok":true,"steps":[]}\n`;
    const second = ndjsonLines(more, first.next);
    expect(second.lines).toEqual([{ step: "Extracted 3 pages" }, { done: true, ok: true, steps: [] }]);
    expect(second.next).toBe(more.length);
  });

  test("step tone from the server's words", () => {
    const step = (text: string, failed?: boolean) => ({ id: 1, file: "a.pdf", text, failed });
    expect(stepTone(step("Extracted 12 pages"))).toBe("ok");
    expect(stepTone(step("Failed to read the PDF: encrypted"))).toBe("failed");
    expect(stepTone(step("Skipped: the same content is already in hr.db"))).toBe("skipped");
    expect(stepTone(step("anything", true))).toBe("failed");
  });
});

describe("Index Manager: history groups", () => {
  const e = (time: string, user: string, dbName: string, file: string): UploadHistoryEntry => ({
    time: `2026-03-01T${time}Z`,
    user,
    db: dbName,
    file,
  });

  test("same user and database within 10 minutes is one group; newest first; others do not split it", () => {
    const groups = groupHistory([
      e("10:00:00", "ann", "hr.db", "a.pdf"),
      e("10:04:00", "bob", "hr.db", "b.pdf"),
      e("10:08:00", "ann", "hr.db", "c.pdf"),
      e("10:09:30", "ann", "ops.db", "d.pdf"),
      e("10:12:00", "ann", "hr.db", "e.pdf"),
      e("10:30:00", "ann", "hr.db", "f.pdf"),
    ]);
    expect(groups.map((g) => [g.user, g.db, g.entries.map((x) => x.file)])).toEqual([
      ["ann", "hr.db", ["f.pdf"]],
      ["ann", "hr.db", ["e.pdf", "c.pdf", "a.pdf"]],
      ["ann", "ops.db", ["d.pdf"]],
      ["bob", "hr.db", ["b.pdf"]],
    ]);
    expect(groups[1]).toMatchObject({ newest: "2026-03-01T10:12:00Z", oldest: "2026-03-01T10:00:00Z" });
  });

  test("exactly 10 minutes apart still joins; just over starts a new group", () => {
    const at = (t: string) => e(t, "ann", "hr.db", t);
    expect(groupHistory([at("10:00:00"), at("10:10:00")]).length).toBe(1);
    expect(groupHistory([at("10:00:00"), at("10:10:01")]).length).toBe(2);
    expect(groupHistory([])).toEqual([]);
  });

  test("the Databases filter matches name or title, every word", () => {
    const dbs = [db("employee_handbook.db", 3, "Employee Handbook"), db("share_plan.db", 1, "Share Plan")];
    expect(filterDbs(dbs, "HANDBOOK").map((d) => d.name)).toEqual(["employee_handbook.db"]);
    expect(filterDbs(dbs, "share plan").map((d) => d.name)).toEqual(["share_plan.db"]);
    expect(filterDbs(dbs, "")).toBe(dbs);
  });
});

describe("shared document-database rules", () => {
  test("internal databases hidden; schema file name; MB with two decimals; cells cut at 50", () => {
    expect(visibleDbs([db("chat_history.db"), db("hr.db"), db("users.db")]).map((d) => d.name)).toEqual([
      "hr.db",
    ]);
    expect(schemaFileName("employee_handbook.db")).toBe("employee_handbook_schema.json");
    expect(sizeMb(1_572_864)).toBe("1.50 MB");
    expect(sizeMb(5)).toBe("5 B");
    expect(sizeMb(1000)).toBe("1000 B");
    expect(sizeMb(2048)).toBe("2 KB");
    expect(sizeMb(9000)).toBe("9 KB");
    expect(sizeMb(12_000)).toBe("0.01 MB");
    expect(cellText("x".repeat(60))).toBe(`${"x".repeat(50)}…`);
    expect(cellText(null)).toBe("NULL");
    expect(cellText(42)).toBe("42");
  });

  test("schema tables sorted with at most 5 sample rows; signed-link map by key", () => {
    const tables = schemaTables({
      pages: { columns: ["id"], sample_rows: [[1], [2], [3], [4], [5], [6]] },
      chunks: { columns: ["id", "text"], sample_rows: [] },
    });
    expect(tables.map((t) => [t.name, t.rows.length])).toEqual([
      ["chunks", 0],
      ["pages", 5],
    ]);
    const map = signedLinkMap([
      { Key: "hr.db/a.pdf", url: "/files/a" },
      { Key: "hr.db/b.pdf", url: "" },
    ]);
    expect(map.get("hr.db/a.pdf")).toBe("/files/a");
    expect(map.has("hr.db/b.pdf")).toBe(false);
  });
});
