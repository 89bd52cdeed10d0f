import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { listAll } from "@server/storage/object-store";
import {
  type BulkIndexLine,
  REPORT_NAME_FORM,
  REPORTS_TEXTS,
  type ReportFile,
  type ReportHit,
  type ReportsStats,
} from "@shared/reports";
import { DEMO, startTestApp, type TestApp, trpcCall } from "../helpers/app";
import { corruptPdf, textPdf } from "../helpers/pdfs";
import { bulkIndex, bulkIndexStream, getJson } from "../helpers/reports";

/**
 * The Reports Indexer's server (issue 9, docs/decisions/0026, 0027): bulk indexing through the documents
 * pipeline and jobs, the indexed-files list, page search with snippets, links to the originals, and who may do
 * what.
 */
let t: TestApp;
const cookie = { admin: "", owner: "", user: "" };

const KAPOLEI = "4012-07.Kapolei Substation.pdf";
const KAPOLEI_PAGES = [
  "Kapolei substation exploration. Four borings were drilled with a truck-mounted rig.",
  "Groundwater was encountered at about 12 feet below grade in boring B-2.",
  "Foundations: spread footings bearing on compacted select fill.",
];
const PIER = "1234-56a.Pier 12.Phase 2.pdf";
const RESERVOIR = "3987-11.Waikoloa Reservoir.pdf";

const stats = async () => (await getJson<ReportsStats>(t, cookie.user, "/api/reports/stats")).body;
const files = async (query = "") =>
  (await getJson<{ files: ReportFile[]; total: number }>(t, cookie.user, `/api/reports/files${query}`)).body;
const search = (query: string) =>
  getJson<{ hits: ReportHit[]; total: number }>(t, cookie.user, `/api/reports/search?${query}`);
const stagingKeys = async () => {
  const keys: string[] = [];
  for await (const o of listAll(t.deps.store, "_incoming/")) keys.push(o.key);
  return keys;
};

beforeAll(async () => {
  t = await startTestApp();
  [cookie.admin, cookie.owner, cookie.user] = await Promise.all([
    t.login(DEMO.admin),
    t.login(DEMO.owner),
    t.login(DEMO.user),
  ]);
});
afterAll(() => t.close());

describe("POST /api/reports/bulk-index", () => {
  test("indexes reports with work order and project from their names; stats and files follow", async () => {
    expect(await stats()).toEqual({ files: 0, pages: 0, chunks: 0 });
    const r = await bulkIndex(t, cookie.admin, [
      { name: KAPOLEI, content: await textPdf(KAPOLEI_PAGES) },
      { name: PIER, content: await textPdf(["Pier 12 phase 2 rehabilitation with new fender piles."]) },
    ]);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ indexed: 2, replaced: 0, skipped: 0, failed: 0 });
    expect(r.body.error).toBeUndefined();
    expect(r.body.steps).toContain(`Stored the original as reports/${KAPOLEI}.`);
    expect(r.body.steps).toContain(`Indexed ${KAPOLEI} in reports.db: 3 page(s), 1 chunk(s).`);
    expect(r.body.steps.at(-1)).toBe("Finished: 2 indexed, 0 replaced, 0 skipped, 0 failed.");

    expect(await stats()).toEqual({ files: 2, pages: 4, chunks: 2 });
    const list = await files();
    expect(list.total).toBe(2);
    // Newest first.
    expect(list.files.map((f) => f.file_name)).toEqual([PIER, KAPOLEI]);
    expect(list.files[0]).toMatchObject({
      work_order: "1234-56A",
      project: "Pier 12.Phase 2",
      pages: 1,
      chunks: 1,
      stored: true,
    });
    expect(list.files[1]).toMatchObject({ work_order: "4012-07", project: "Kapolei Substation", pages: 3 });
    expect(Date.parse(list.files[0]!.indexed_at)).toBeGreaterThan(0);
    expect(await t.deps.store.head(`reports/${KAPOLEI}`)).not.toBeNull();
    expect(await stagingKeys()).toEqual([]);
  });

  test("NDJSON: each file's steps as they happen, its last line with a status, then the closing line", async () => {
    const r = await bulkIndexStream(t, cookie.owner, [
      {
        name: RESERVOIR,
        content: await textPdf(["Lava flows and clinker layers underlie the reservoir site."]),
      },
      { name: KAPOLEI, content: await textPdf(KAPOLEI_PAGES) },
    ]);
    expect(r.status).toBe(200);
    expect(r.type).toContain("application/x-ndjson");
    const steps = r.lines.filter((l): l is Extract<BulkIndexLine, { step: string }> => "step" in l);
    const done = r.lines.at(-1) as Extract<BulkIndexLine, { done: true }>;
    expect(done).toMatchObject({ done: true, ok: true, indexed: 1, skipped: 1, replaced: 0, failed: 0 });
    expect(done.steps).toEqual(steps.map((s) => s.step));
    expect(steps.filter((s) => s.file === RESERVOIR).at(-1)).toMatchObject({
      status: "indexed",
      step: `Indexed ${RESERVOIR} in reports.db: 1 page(s), 1 chunk(s).`,
    });
    // The same content again is skipped, with a "Skipped …" line.
    expect(steps.filter((s) => s.file === KAPOLEI).at(-1)).toMatchObject({
      status: "skipped",
      step: `Skipped ${KAPOLEI}: it is already indexed in reports.db with the same content.`,
    });
    expect(steps.filter((s) => s.status).length).toBe(2);
    expect((await stats()).files).toBe(3);
  });

  test("a corrupt file in the middle of a batch fails alone, and the log says which and why", async () => {
    const r = await bulkIndex(t, cookie.admin, [
      { name: "5001-01.First.pdf", content: await textPdf(["First report of the batch."]) },
      { name: "5001-02.Broken.pdf", content: corruptPdf() },
      { name: "5001-03.Third.pdf", content: await textPdf(["Third report of the batch."]) },
    ]);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ indexed: 2, failed: 1 });
    expect(r.body.steps).toContain(
      "Error: 5001-02.Broken.pdf could not be read: the file is damaged or is not a valid PDF.",
    );
    expect(r.body.steps).toContain("Indexed 5001-03.Third.pdf in reports.db: 1 page(s), 1 chunk(s).");
    const names = (await files("?wo=5001")).files.map((f) => f.file_name);
    expect(names.sort()).toEqual(["5001-01.First.pdf", "5001-03.Third.pdf"]);
    expect(await t.deps.store.head("reports/5001-02.Broken.pdf")).toBeNull();
    expect(await stagingKeys()).toEqual([]);
  });

  test("a batch where every file fails to index is a 422 { error, steps }", async () => {
    const r = await bulkIndex(t, cookie.admin, [
      { name: "5001-04.Broken Too.pdf", content: corruptPdf() },
      { name: "5001-05.Broken Three.pdf", content: corruptPdf() },
    ]);
    expect(r.status).toBe(422);
    expect(r.body).toMatchObject({
      error: "None of the 2 file(s) could be indexed; see the log.",
      indexed: 0,
      failed: 2,
    });
    expect(r.body.steps.filter((s) => s.startsWith("Error: "))).toHaveLength(2);
  });

  test("bad names and non-PDFs are refused per file with the expected form; the others still run", async () => {
    const r = await bulkIndex(t, cookie.admin, [
      { name: "notes.pdf", content: await textPdf(["x"]) },
      { name: "5002-01.Text.pdf", content: "just some text" },
      { name: "readme.txt", content: "hello" },
      { name: "5002-02.Good One.pdf", content: await textPdf(["A good report."]) },
    ]);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ indexed: 1, failed: 3 });
    expect(r.body.steps).toContain(
      `Error: notes.pdf: the name has no work order; expected ${REPORT_NAME_FORM}`,
    );
    expect(r.body.steps).toContain(
      "Error: 5002-01.Text.pdf: This file is not a PDF (its content does not start with %PDF-).",
    );
    // The content is checked before the name: a text file is "not a PDF" whatever it is called.
    expect(r.body.steps).toContain(
      "Error: readme.txt: This file is not a PDF (its content does not start with %PDF-).",
    );
    expect((await files("?wo=5002")).files.map((f) => f.file_name)).toEqual(["5002-02.Good One.pdf"]);
  });

  test("a text file named .pdf is refused as not a PDF before its name is read; a PDF by its name", async () => {
    const text = await bulkIndex(t, cookie.admin, [{ name: "Lab Guide.pdf", content: "just some notes" }]);
    expect(text.status).toBe(400);
    expect(text.body.error).toBe(
      "Lab Guide.pdf: This file is not a PDF (its content does not start with %PDF-).",
    );
    const pdf = await bulkIndex(t, cookie.admin, [{ name: "Lab Guide.pdf", content: await textPdf(["x"]) }]);
    expect(pdf.status).toBe(400);
    expect(pdf.body.error).toBe(`Lab Guide.pdf: the name has no work order; expected ${REPORT_NAME_FORM}`);
  });

  test("when no file is valid the answer is 400 { error }; ../ and NUL in names are refused", async () => {
    const pdf = await textPdf(["x"]);
    const dotdot = await bulkIndex(t, cookie.admin, [{ name: "../1234-56.Escape.pdf", content: pdf }]);
    expect(dotdot.status).toBe(400);
    expect(dotdot.body.error).toContain("../");
    const nul = await bulkIndex(t, cookie.admin, [{ name: "1234-56.Nul\u0000.pdf", content: pdf }]);
    expect(nul.status).toBe(400);
    // The same NUL sent percent-encoded (RFC 5987) reaches the name check.
    const boundary = "----reports-nul";
    const raw =
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename*=UTF-8''1234-56.Nul%00.pdf\r\n` +
      `Content-Type: application/pdf\r\n\r\n%PDF-1.4 x\r\n--${boundary}--\r\n`;
    const encoded = await t.request("/api/reports/bulk-index", {
      method: "POST",
      body: raw,
      cookie: cookie.admin,
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
    });
    expect(encoded.status).toBe(400);
    expect(((await encoded.json()) as { error: string }).error).toBe(
      `1234-56.Nul?.pdf: the name has control characters; expected ${REPORT_NAME_FORM}`,
    );
    const two = await bulkIndex(t, cookie.admin, [
      { name: "bad.pdf", content: pdf },
      { name: "worse.doc", content: pdf },
    ]);
    expect(two.status).toBe(400);
    expect(two.body.error).toBe("None of the 2 files can be indexed; see the log.");
    expect(two.body.steps).toHaveLength(2);
    const none = await bulkIndex(t, cookie.admin, []);
    expect(none).toMatchObject({ status: 400, body: { error: REPORTS_TEXTS.noPdfsSelected } });
    expect(await t.deps.store.head("1234-56.Escape.pdf")).toBeNull();
    expect(await stagingKeys()).toEqual([]);
  });

  test("bad flag values are a 400 naming the field, and nothing is kept", async () => {
    const r = await bulkIndex(
      t,
      cookie.admin,
      [{ name: "5003-01.Flag.pdf", content: await textPdf(["f"]) }],
      {
        upload_to_s3: "maybe",
      },
    );
    expect(r.status).toBe(400);
    expect(r.body.error).toBe("upload_to_s3 must be true or false.");
    expect(await stagingKeys()).toEqual([]);
    expect((await files("?wo=5003")).total).toBe(0);
  });

  test("upload_to_s3 off: indexed and searchable, not stored, and its link is a 404 saying so", async () => {
    const r = await bulkIndex(
      t,
      cookie.admin,
      [{ name: "5004-01.Not Stored.pdf", content: await textPdf(["Pavement cores near the runway."]) }],
      { upload_to_s3: "false" },
    );
    expect(r.status).toBe(200);
    expect(r.body.steps).toContain(
      "The original of 5004-01.Not Stored.pdf is not kept: only its text is indexed.",
    );
    const [row] = (await files("?wo=5004")).files;
    expect(row).toMatchObject({ file_name: "5004-01.Not Stored.pdf", stored: false });
    expect(await t.deps.store.head("reports/5004-01.Not Stored.pdf")).toBeNull();
    expect(await stagingKeys()).toEqual([]);
    const link = await getJson(t, cookie.user, `/api/reports/files/${row!.file_id}/link?page=1`);
    expect(link).toMatchObject({ status: 404, body: { error: REPORTS_TEXTS.originalNotStored } });
    expect((await search("q=runway")).body.hits[0]).toMatchObject({ file_id: row!.file_id, page: 1 });
  });

  test("NFD and NFC spellings of a name are the same report", async () => {
    const nfd = "5005-01.Cafe\u0301 Lanai.pdf";
    const content = await textPdf(["Lanai cafe foundation."]);
    expect((await bulkIndex(t, cookie.admin, [{ name: nfd, content }])).body.indexed).toBe(1);
    const [row] = (await files("?wo=5005")).files;
    expect(row!.file_name).toBe("5005-01.Caf\u00e9 Lanai.pdf");
    expect(row!.project).toBe("Caf\u00e9 Lanai");
    const again = await bulkIndex(t, cookie.admin, [{ name: nfd.normalize("NFC"), content }]);
    expect(again.body.skipped).toBe(1);
  });
});

describe("replace semantics", () => {
  test("same name, other content: skipped unless replace_if_exists, which replaces it in place", async () => {
    const v2 = await textPdf(["Pier 12 phase 2: revised pile capacities of 140 tons."]);
    const skip = await bulkIndex(t, cookie.admin, [{ name: PIER, content: v2 }]);
    expect(skip.body.skipped).toBe(1);
    expect(skip.body.steps).toContain(
      `Skipped ${PIER}: reports.db already has a file of that name with other content (replace it to index this one).`,
    );
    const before = await stats();
    const replace = await bulkIndex(t, cookie.admin, [{ name: PIER, content: v2 }], {
      replace_if_exists: "true",
    });
    expect(replace.body.replaced).toBe(1);
    expect(replace.body.steps).toContain(`Replaced ${PIER} in reports.db: 1 page(s), 1 chunk(s).`);
    expect(await stats()).toEqual(before);
    expect((await search("q=revised+pile")).body.total).toBe(1);
    expect((await search("q=fender")).body.total).toBe(0);
  });

  test("replace_if_exists: the same content is indexed again; a renamed report of the same work order replaces the old one", async () => {
    const same = await bulkIndex(
      t,
      cookie.admin,
      [
        {
          name: RESERVOIR,
          content: await textPdf(["Lava flows and clinker layers underlie the reservoir site."]),
        },
      ],
      { replace_if_exists: "on" },
    );
    expect(same.body.replaced).toBe(1);

    const renamed = "3987-11.Waikoloa Reservoir No 2.pdf";
    const r = await bulkIndex(
      t,
      cookie.owner,
      [{ name: renamed, content: await textPdf(["Reservoir No. 2 slopes at 2H:1V."]) }],
      { replace_if_exists: "1" },
    );
    expect(r.body.replaced).toBe(1);
    expect(r.body.steps).toContain(
      `Replaced ${RESERVOIR} with ${renamed} in reports.db: 1 page(s), 1 chunk(s).`,
    );
    expect((await files("?wo=3987-11")).files.map((f) => f.file_name)).toEqual([renamed]);
    expect(await t.deps.store.head(`reports/${RESERVOIR}`)).toBeNull();
    expect(await t.deps.store.head(`reports/${renamed}`)).not.toBeNull();
  });
});

describe("GET /api/reports/files", () => {
  test("paged in SQL, newest first, with work-order prefix and text filters", async () => {
    const all = await files("?page_size=200");
    const page2 = await files("?page=2&page_size=2");
    expect(page2.total).toBe(all.total);
    expect(page2.files.map((f) => f.file_id)).toEqual(all.files.slice(2, 4).map((f) => f.file_id));
    const times = all.files.map((f) => Date.parse(f.indexed_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect((await files("?wo=1234-56A")).files.map((f) => f.file_name)).toEqual([PIER]);
    expect((await files("?wo=1234-56a")).total).toBe(1);
    expect((await files("?wo=40")).files.map((f) => f.file_name)).toEqual([KAPOLEI]);
    expect((await files("?q=kapolei")).files.map((f) => f.file_name)).toEqual([KAPOLEI]);
    expect((await files("?q=phase 2")).total).toBe(1);
    expect((await files("?q=100%25")).total).toBe(0);
  });

  test("bad filters are a 400 naming the field", async () => {
    expect((await getJson(t, cookie.user, "/api/reports/files?wo=abc")).status).toBe(400);
    const big = await getJson(t, cookie.user, "/api/reports/files?page_size=500");
    expect(big).toMatchObject({ status: 400, body: { error: "page_size must be between 1 and 200." } });
  });
});

describe("GET /api/reports/search and the link", () => {
  test("finds the right page, with the match highlighted in a plain-text snippet", async () => {
    const r = await search("q=groundwater");
    expect(r.status).toBe(200);
    expect(r.body.total).toBe(1);
    const hit = r.body.hits[0]!;
    expect(hit).toMatchObject({
      file_name: KAPOLEI,
      work_order: "4012-07",
      project: "Kapolei Substation",
      page: 2,
    });
    expect(hit.snippet.find((p) => p.hit)).toEqual({ text: "Groundwater", hit: true });
    expect(hit.snippet.map((p) => p.text).join("")).toContain("encountered at about 12 feet");
    // Stemming and prefix: "boring" finds "borings" (page 1) and "boring" (page 2); "kapol" finds Kapolei.
    expect((await search("q=boring")).body.total).toBe(2);
    expect((await search("q=kapol")).body.hits[0]!.page).toBe(1);
    // Work-order prefix.
    expect((await search("q=boring&wo=1234")).body.total).toBe(0);
    expect((await search("q=boring&wo=4012-0")).body.total).toBe(2);
  });

  test("search syntax typed by a person never errors", async () => {
    for (const q of [
      '"foo AND (',
      "NEAR(a b)",
      "1234-56A",
      "W.O. 4012-07",
      "**",
      "'; DROP TABLE x; --",
      "(((",
    ]) {
      const r = await search(`q=${encodeURIComponent(q)}`);
      expect(r.status, `${q}: ${JSON.stringify(r.body)}`).toBe(200);
    }
    expect((await search(`q=${encodeURIComponent('"spread footings"')}`)).body.hits[0]!.page).toBe(3);
    expect((await search("q=x")).status).toBe(400);
  });

  test("the link opens the stored original at the page", async () => {
    const [row] = (await files("?q=kapolei")).files;
    const r = await getJson<{ url: string }>(
      t,
      cookie.user,
      `/api/reports/files/${row!.file_id}/link?page=2`,
    );
    expect(r.status).toBe(200);
    expect(r.body.url).toContain("/files/reports/4012-07.Kapolei%20Substation.pdf?");
    expect(r.body.url).toEndWith("#page=2");
    const pdf = await t.request(r.body.url.split("#")[0]!);
    expect(pdf.status).toBe(200);
    expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5))).toBe("%PDF-");
    expect((await getJson(t, cookie.user, "/api/reports/files/999999/link")).status).toBe(404);
    expect((await getJson(t, cookie.user, "/api/reports/files/abc/link")).status).toBe(400);
  });
});

describe("who may do what", () => {
  test("a User reads and searches but may not index (403, nothing read); signed out is 401", async () => {
    const pdf = await textPdf(["x"]);
    const asUser = await bulkIndex(t, cookie.user, [{ name: "6001-01.User.pdf", content: pdf }]);
    expect(asUser).toMatchObject({ status: 403 });
    expect((await bulkIndex(t, undefined, [{ name: "6001-01.Anon.pdf", content: pdf }])).status).toBe(401);
    for (const path of [
      "/api/reports/stats",
      "/api/reports/files",
      "/api/reports/search?q=pier",
      "/api/reports/files/1/link",
    ]) {
      expect((await getJson(t, undefined, path)).status, path).toBe(401);
    }
    expect((await getJson(t, cookie.user, "/api/reports/stats")).status).toBe(200);
    expect((await files("?wo=6001")).total).toBe(0);
  });

  test("tRPC reports.* answer the same as REST", async () => {
    const rest = await stats();
    const viaTrpc = await trpcCall(t, cookie.user, "reports.stats");
    expect(viaTrpc.data).toEqual(rest);
    const list = await trpcCall(t, cookie.user, "reports.files", { wo: "4012" });
    expect((list.data as { total: number }).total).toBe(1);
    const hits = await trpcCall(t, cookie.user, "reports.search", { q: "groundwater" });
    expect((hits.data as { hits: ReportHit[] }).hits[0]!.page).toBe(2);
    expect((await trpcCall(t, undefined, "reports.stats")).status).toBe(401);
  });
});

describe("reports.db is internal", () => {
  test("never listed by /api/list-dbs or the signed-link map; selectable in Ask AI as Reports", async () => {
    const dbs = await getJson<{ dbs: string[] }>(t, cookie.admin, "/api/list-dbs");
    expect(dbs.body.dbs).not.toContain("reports.db");
    const links = await getJson<{ files: { Key: string }[] }>(t, cookie.admin, "/api/s3-db-pdfs");
    expect(links.body.files.some((f) => f.Key.startsWith("reports.db/"))).toBe(false);
    const targets = await trpcCall(t, cookie.user, "chat.dbs");
    expect((targets.data as { dbs: { name: string; label: string }[] }).dbs).toContainEqual({
      name: "reports.db",
      label: "Reports",
    });
  });

  test("Ask AI over the reports cites the report file and page", async () => {
    const res = await t.request("/api/question", {
      method: "POST",
      cookie: cookie.user,
      json: {
        query: "At what depth was groundwater encountered at Kapolei?",
        db: "reports.db",
        use_cache: false,
      },
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { answer: string; sources: { file: string; pages: number[] }[] };
    expect(body.answer).toContain(`[${KAPOLEI} p. 2]`);
    expect(body.sources[0]).toMatchObject({ file: KAPOLEI });
  });
});
