import { describe, expect, test } from "bun:test";
import type { DocDb, DocFile } from "@shared/documents";
import { toCsv } from "@/lib/csv";
import { pageOf } from "@/lib/paging";
import {
  CSV_COLUMNS,
  csvFileName,
  explorerSearch,
  explorerViewOf,
  filterDocRows,
  listDbs,
  selectDb,
  sortDocRows,
  toDocRows,
  typeOptions,
} from "@/routes/db-viewer/-components/explorer-model";

const db = (name: string, files = 1, title = ""): DocDb => ({
  name,
  title,
  mode: "default",
  files,
  createdAt: "2026-01-01T00:00:00Z",
});

describe("Database Explorer rules", () => {
  const file = (name: string, url: string | null = `/files/hr.db/${name}`): DocFile => ({
    id: 1,
    fileName: name,
    key: `hr.db/${name}`,
    size: 1,
    pages: 1,
    status: "indexed",
    error: null,
    uploadedBy: "a",
    uploadedAt: "2026-01-01T00:00:00Z",
    url,
  });
  const rows = toDocRows("hr.db", [
    file("Policy 10.pdf"),
    file("policy 9.pdf"),
    file("photo.PNG"),
    file("notes.txt", null),
  ]);
  const names = (r: readonly { name: string }[]) => r.map((x) => x.name);

  test("URL state: numeric-looking text survives; bad values fall back; defaults", () => {
    const s = explorerSearch.parse({ db: "hr.db", q: 2024, sort: "size", page: "2", page_size: 7 });
    expect(s).toEqual({ db: "hr.db", q: "2024", sort: undefined, page: 2, page_size: undefined });
    expect(explorerViewOf({})).toEqual({
      db: "",
      q: "",
      type: "",
      sort: "name",
      dir: "asc",
      page: 1,
      pageSize: 25,
    });
  });

  test("selecting resets search, type, sort and page; clicking the selected one deselects", () => {
    expect(selectDb("", "hr.db")).toEqual({
      db: "hr.db",
      q: undefined,
      type: undefined,
      sort: undefined,
      dir: undefined,
      page: undefined,
    });
    expect(selectDb("hr.db", "hr.db").db).toBeUndefined();
    expect(selectDb("hr.db", "ops.db").db).toBe("ops.db");
  });

  test("database list hides chat_history.db and searches display names", () => {
    const dbs = [db("chat_history.db"), db("employee_handbook.db"), db("share_plan.db")];
    expect(listDbs(dbs, "").map((d) => d.name)).toEqual(["employee_handbook.db", "share_plan.db"]);
    expect(listDbs(dbs, "employee hand").map((d) => d.name)).toEqual(["employee_handbook.db"]);
  });

  test("sort by name (natural, any case) and by type, both ways; search and type filter keep the order", () => {
    expect(names(sortDocRows(rows, "name", "asc"))).toEqual([
      "notes.txt",
      "photo.PNG",
      "policy 9.pdf",
      "Policy 10.pdf",
    ]);
    expect(names(sortDocRows(rows, "type", "desc"))).toEqual([
      "notes.txt",
      "photo.PNG",
      "Policy 10.pdf",
      "policy 9.pdf",
    ]);
    const sorted = sortDocRows(rows, "name", "asc");
    expect(names(filterDocRows(sorted, { q: "POLICY", type: "" }))).toEqual([
      "policy 9.pdf",
      "Policy 10.pdf",
    ]);
    expect(names(filterDocRows(sorted, { q: "", type: "png" }))).toEqual(["photo.PNG"]);
    expect(names(filterDocRows(sorted, { q: "hr.db", type: "" }))).toEqual([]);
    expect(typeOptions(rows)).toEqual(["pdf", "png", "txt"]);
  });

  test("paging: page past the end shows the last; sizes", () => {
    const many = Array.from({ length: 30 }, (_, i) => i);
    expect(pageOf(many, 2, 25)).toEqual({ rows: [25, 26, 27, 28, 29], page: 2, pages: 2 });
    expect(pageOf(many, 9, 10).page).toBe(3);
    expect(pageOf([], 1, 10)).toEqual({ rows: [], page: 1, pages: 1 });
  });

  test("CSV: Database, Filename, Type, URL (absolute) for the rows shown; <db>_files.csv", () => {
    const csv = toCsv(
      sortDocRows(rows, "name", "asc").map((row) => ({ db: "hr.db", row })),
      CSV_COLUMNS,
    );
    const lines = csv.replace(/^\uFEFF/, "").split("\r\n");
    expect(lines[0]).toBe("Database,Filename,Type,URL");
    expect(lines[1]).toBe("hr.db,notes.txt,txt,");
    expect(lines[3]).toBe("hr.db,policy 9.pdf,pdf,http://localhost/files/hr.db/policy%209.pdf");
    expect(csvFileName("hr.db")).toBe("hr.db_files.csv");
  });
});
