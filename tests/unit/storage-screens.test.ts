import { describe, expect, test } from "bun:test";
import { NOT_A_PDF, STORAGE_MESSAGES, uploadFailure } from "@shared/storage";
import { isPdfName } from "@/components/upload-queue/drop-zone";
import { absoluteUrl, previewKind } from "@/lib/file-links";
import { folderLabel, searchFiles, toFileRows } from "@/lib/storage-files";
import {
  adminSearch,
  destinationOf,
  groupFiles,
  planMove,
  sortAdmin,
  topFolders,
  uploadFields,
} from "@/routes/s3-admin/-components/admin-model";
import {
  filterViewer,
  folderOptions,
  pageOf,
  ROOT_FOLDER,
  sortViewer,
  typeOptions,
  viewerSearch,
  viewOf,
} from "@/routes/s3-viewer/-components/viewer-model";

const listed = [
  { Key: "beta/report 10.pdf", Size: 2048, LastModified: "2026-01-03T00:00:00Z", url: "/files/b10" },
  { Key: "beta/report 9.pdf", Size: 10, LastModified: "2026-01-05T00:00:00Z", url: "/files/b9" },
  { Key: "alpha/sub/Zeta.PDF", Size: 5_000_000, LastModified: "2026-01-01T00:00:00Z", url: "/files/az" },
  { Key: "alpha/photo.png", Size: 700, LastModified: "2026-01-04T00:00:00Z", url: "/files/ap" },
  { Key: "root-notes.txt", Size: 1, LastModified: "2026-01-02T00:00:00Z", url: "/files/r" },
];
const rows = toFileRows(listed);
const keys = (r: readonly { key: string }[]) => r.map((x) => x.key);

describe("storage file rows", () => {
  test("name, folder, top folder and lower-case extension", () => {
    expect(rows[2]).toMatchObject({
      name: "Zeta.PDF",
      folder: "alpha/sub",
      top: "alpha",
      ext: "pdf",
      size: 5_000_000,
    });
    expect(rows[4]).toMatchObject({ name: "root-notes.txt", folder: "", top: "", ext: "txt" });
  });

  test("search: every word, any case, over the key; or over names only", () => {
    expect(keys(searchFiles(rows, "REPORT 9"))).toEqual(["beta/report 9.pdf"]);
    expect(keys(searchFiles(rows, "alpha"))).toEqual(["alpha/sub/Zeta.PDF", "alpha/photo.png"]);
    expect(keys(searchFiles(rows, "alpha", { in: "name" }))).toEqual([]);
    expect(keys(searchFiles(rows, "(root)"))).toEqual(["root-notes.txt"]);
    expect(searchFiles(rows, "  ")).toBe(rows);
  });
});

describe("S3 Uploader rules", () => {
  test("sort by name is natural (9 before 10) and case-insensitive; size and modified both ways", () => {
    expect(keys(sortAdmin(rows, "name", "asc"))).toEqual([
      "alpha/photo.png",
      "beta/report 9.pdf",
      "beta/report 10.pdf",
      "root-notes.txt",
      "alpha/sub/Zeta.PDF",
    ]);
    expect(keys(sortAdmin(rows, "size", "desc"))[0]).toBe("alpha/sub/Zeta.PDF");
    expect(keys(sortAdmin(rows, "modified", "desc"))[0]).toBe("beta/report 9.pdf");
    expect(keys(sortAdmin(rows, "modified", "asc"))[0]).toBe("alpha/sub/Zeta.PDF");
  });

  test("groups by top folder, '(root)' first, each group in the given order, with counts", () => {
    const groups = groupFiles(sortAdmin(rows, "size", "asc"));
    expect(groups.map((g) => [g.label, g.rows.length])).toEqual([
      ["(root)", 1],
      ["alpha", 2],
      ["beta", 2],
    ]);
    expect(keys(groups[2]!.rows)).toEqual(["beta/report 9.pdf", "beta/report 10.pdf"]);
  });

  test("target databases are the top folders present", () => {
    expect(topFolders(listed.map((f) => f.Key))).toEqual(["alpha", "beta"]);
  });

  test("Move/Rename: slashes collapsed; empty or unchanged does nothing; other top folder refused", () => {
    expect(planMove("alpha/a.pdf", "alpha//archive///a.pdf")).toEqual({
      kind: "move",
      dst: "alpha/archive/a.pdf",
    });
    // A name alone renames the file in its own folder (at the root, at the root).
    expect(planMove("alpha/reports/a.pdf", "b.pdf")).toEqual({ kind: "move", dst: "alpha/reports/b.pdf" });
    expect(planMove("a.pdf", " b.pdf ")).toEqual({ kind: "move", dst: "b.pdf" });
    expect(planMove("alpha/a.pdf", "a.pdf")).toEqual({ kind: "none" });
    expect(planMove("alpha/a.pdf", "   ")).toEqual({ kind: "none" });
    expect(planMove("alpha/a.pdf", "alpha/a.pdf")).toEqual({ kind: "none" });
    expect(planMove("alpha/a.pdf", "/alpha/a.pdf")).toEqual({ kind: "none" });
    expect(planMove("alpha/a.pdf", "beta/a.pdf")).toEqual({
      kind: "error",
      message: STORAGE_MESSAGES.moveAcrossFolders("alpha"),
    });
  });

  test("a database's folder is named by its display name (groups, history, filters); other folders as they are", () => {
    expect(folderLabel("field_operations.db")).toBe("Field Operations");
    expect(folderLabel("field_operations.db/2026/march")).toBe("Field Operations/2026/march");
    expect(folderLabel("lab photos")).toBe("lab photos");
    expect(folderLabel("")).toBe("(root)");
    const dbRows = toFileRows([{ Key: "field_operations.db/Crew Guide.pdf", url: "/files/g" }, ...listed]);
    expect(groupFiles(dbRows).map((g) => g.label)).toEqual(["(root)", "alpha", "beta", "Field Operations"]);
    // What is shown is what a search finds.
    expect(searchFiles(dbRows, "field operations").map((r) => r.key)).toEqual([
      "field_operations.db/Crew Guide.pdf",
    ]);
  });

  test("Move/Rename: a PDF keeps its .pdf (in any case); other files may change their extension", () => {
    const refused = { kind: "error" as const, message: STORAGE_MESSAGES.movePdfExtension };
    expect(planMove("alpha/Lab Guide.pdf", "Lab Guide.txt")).toEqual(refused);
    expect(planMove("alpha/Lab Guide.pdf", "alpha/Lab Guide")).toEqual(refused);
    expect(planMove("alpha/Lab Guide.pdf", "Lab Guide.pdf.bak")).toEqual(refused);
    expect(planMove("alpha/Lab Guide.pdf", "Lab Guide 2.PDF")).toEqual({
      kind: "move",
      dst: "alpha/Lab Guide 2.PDF",
    });
    expect(planMove("alpha/notes.txt", "notes.md")).toEqual({ kind: "move", dst: "alpha/notes.md" });
  });

  test("Move/Rename: path tricks are refused in the dialog, in words, whether typed as a path or a name alone", () => {
    const src = "alpha/reports/a.pdf";
    const dots = "The new path must not contain . or .. path segments.";
    expect(planMove(src, "..")).toEqual({ kind: "error", message: dots });
    expect(planMove(src, "../x.pdf")).toEqual({ kind: "error", message: dots });
    expect(planMove(src, "alpha/../beta/x.pdf")).toEqual({ kind: "error", message: dots });
    expect(planMove(src, "a\u0000b.pdf")).toEqual({
      kind: "error",
      message: "The new path must not contain control characters.",
    });
    expect(planMove(src, "b\u202egnp.pdf")).toEqual({
      kind: "error",
      message: "The new path must not contain invisible or direction-changing characters.",
    });
    expect(planMove(src, "..\\x.pdf")).toEqual({
      kind: "error",
      message: "The new path must use / between folders, not \\.",
    });
    expect(planMove(src, "%2e%2e/x.pdf")).toEqual({
      kind: "error",
      message: "The new path must not contain percent-encoded path characters.",
    });
    expect(planMove(src, "alpha/archive/")).toEqual({
      kind: "error",
      message: "The new path must name a file, not a folder (it ends with /).",
    });
    // An absolute path is read from its first folder, as the spec collapses leading slashes.
    expect(planMove(src, "/etc/passwd")).toEqual({
      kind: "error",
      message: STORAGE_MESSAGES.moveAcrossFolders("alpha"),
    });
    // Composed as the server stores it (NFC), so the dialog and the server name the same key.
    expect(planMove(src, "cafe\u0301.pdf")).toEqual({ kind: "move", dst: "alpha/reports/caf\u00e9.pdf" });
  });

  test("a server refusal of a non-PDF reads 'Not a PDF', whether its name or its content gave it away", () => {
    expect(uploadFailure(STORAGE_MESSAGES.notPdf, "Upload failed")).toBe(NOT_A_PDF);
    expect(uploadFailure(STORAGE_MESSAGES.pdfOnly, "Upload failed")).toBe(NOT_A_PDF);
    expect(uploadFailure("The file is larger than the 1 MB upload limit.", "Upload failed")).toBe(
      "The file is larger than the 1 MB upload limit.",
    );
    expect(uploadFailure(undefined, "Upload failed")).toBe("Upload failed");
  });

  test("upload fields come before the file, in the spec's names; destination as the server builds it", () => {
    const s = { db: " alpha ", prefix: "reports//2026", mode: "general" as const, index: false };
    expect(uploadFields(s, "admin@geolabs.example")).toEqual([
      ["db_name", "alpha"],
      ["prefix", "reports//2026"],
      ["index", "0"],
      ["mode", "general"],
      ["user", "admin@geolabs.example"],
    ]);
    expect(destinationOf(s, "a.pdf")).toBe("alpha/reports/2026/a.pdf");
    expect(destinationOf({ db: "alpha", prefix: "" }, "a.pdf")).toBe("alpha/a.pdf");
  });

  test("bad URL values fall back", () => {
    expect(adminSearch.parse({ sort: "colour", dir: "up", page_size: 7 })).toEqual({});
  });

  test("only names ending in .pdf, any case, are taken", () => {
    expect([
      isPdfName({ name: "a.PDF" }),
      isPdfName({ name: "a.pdf.txt" }),
      isPdfName({ name: "pdf" }),
    ]).toEqual([true, false, false]);
  });
});

describe("S3 Browser rules", () => {
  const sorted = sortViewer(rows, "name", "asc");
  const all = { q: "", folder: "", type: "" };

  test("a folder filter covers its subfolders; the root has its own value", () => {
    expect(keys(filterViewer(sorted, { ...all, folder: "alpha" }))).toEqual([
      "alpha/photo.png",
      "alpha/sub/Zeta.PDF",
    ]);
    expect(keys(filterViewer(sorted, { ...all, folder: "alpha/sub" }))).toEqual(["alpha/sub/Zeta.PDF"]);
    expect(keys(filterViewer(sorted, { ...all, folder: "alp" }))).toEqual([]);
    expect(keys(filterViewer(sorted, { ...all, folder: ROOT_FOLDER }))).toEqual(["root-notes.txt"]);
  });

  test("type, search and folder combine; filtering keeps the sort order", () => {
    expect(keys(filterViewer(sorted, { ...all, type: "pdf" }))).toEqual([
      "beta/report 9.pdf",
      "beta/report 10.pdf",
      "alpha/sub/Zeta.PDF",
    ]);
    expect(keys(filterViewer(sorted, { q: "report", folder: "beta", type: "pdf" }))).toHaveLength(2);
  });

  test("sort by folder and by type, ties by name", () => {
    expect(keys(sortViewer(rows, "folder", "asc"))).toEqual([
      "root-notes.txt",
      "alpha/photo.png",
      "alpha/sub/Zeta.PDF",
      "beta/report 9.pdf",
      "beta/report 10.pdf",
    ]);
    expect(keys(sortViewer(rows, "type", "desc"))[0]).toBe("root-notes.txt");
  });

  test("folder options include parents and the root; types are the extensions present", () => {
    expect(folderOptions(rows)).toEqual([ROOT_FOLDER, "alpha", "alpha/sub", "beta"]);
    expect(typeOptions(rows)).toEqual(["pdf", "png", "txt"]);
  });

  test("pages: a page past the end shows the last one", () => {
    const p = pageOf([1, 2, 3, 4, 5], 9, 2);
    expect(p).toEqual({ rows: [5], page: 3, pages: 3 });
    expect(pageOf([], 1, 25)).toEqual({ rows: [], page: 1, pages: 1 });
  });

  test("URL state: defaults name ascending, 25 a page; bad values fall back", () => {
    expect(viewOf(viewerSearch.parse({ sort: "size", page_size: 30, page: -2 }))).toEqual({
      q: "",
      folder: "",
      type: "",
      sort: "name",
      dir: "asc",
      page: 1,
      pageSize: 25,
    });
  });

  test("20,000 files: rows, sort and a search stay fast", () => {
    const many = Array.from({ length: 20_000 }, (_, i) => ({
      Key: `db_${i % 40}/folder ${i % 7}/file ${i}.${i % 5 ? "pdf" : "png"}`,
      url: `/files/${i}`,
    }));
    const t0 = performance.now();
    const big = toFileRows(many);
    const s = sortViewer(big, "folder", "asc");
    const f = filterViewer(s, { q: "file 19", folder: "db_3", type: "pdf" });
    const ms = performance.now() - t0;
    expect(f.length).toBeGreaterThan(0);
    // Generous for a shared 2-core machine; typically well under 200 ms.
    expect(ms).toBeLessThan(1500);
  });
});

describe("preview and links", () => {
  test("PDFs and the spec's image types preview inline; others do not", () => {
    expect(["a.PDF", "b.jpeg", "c.webp", "d.gif", "e.svg", "f", "g.txt"].map(previewKind)).toEqual([
      "pdf",
      "image",
      "image",
      "image",
      "none",
      "none",
      "none",
    ]);
  });

  test("root-relative signed links become absolute for copying; absolute ones stay", () => {
    expect(absoluteUrl("/files/a.pdf?exp=1&sig=x", "http://portal.test")).toBe(
      "http://portal.test/files/a.pdf?exp=1&sig=x",
    );
    expect(absoluteUrl("https://s3.example.com/b/a.pdf?X-Amz=1", "http://portal.test")).toBe(
      "https://s3.example.com/b/a.pdf?X-Amz=1",
    );
  });
});
