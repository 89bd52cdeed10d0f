import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { listAll } from "@server/storage/object-store";
import type { ReportFile } from "@shared/reports";
import { DEMO, startTestApp, type TestApp } from "../helpers/app";
import { textPdf } from "../helpers/pdfs";
import { bulkIndex, getJson } from "../helpers/reports";
import { startS3 } from "../helpers/s3";

/** The Reports Indexer with STORAGE_DRIVER=s3 (s3rver on loopback): originals under reports/, presigned links. */
let s3: Awaited<ReturnType<typeof startS3>>;
let t: TestApp;
let admin: string;

beforeAll(async () => {
  s3 = await startS3();
  t = await startTestApp(s3.env);
  admin = await t.login(DEMO.admin);
});
afterAll(async () => {
  t.deps.store.close?.();
  await t.close();
  await s3.close();
});

describe("reports on an S3-compatible store", () => {
  test("the original goes to reports/<file>, staging is emptied, the link is presigned and opens at the page", async () => {
    const name = "4200-01.Ewa Beach Culvert.pdf";
    const r = await bulkIndex(t, admin, [
      { name, content: await textPdf(["Culvert alignment.", "Settlement of the culvert bedding."]) },
      { name: "4200-02.Drainage.pdf", content: await textPdf(["Drainage."]) },
    ]);
    expect(r.status).toBe(200);
    expect(r.body.indexed).toBe(2);
    const keys: string[] = [];
    for await (const o of listAll(t.deps.store)) keys.push(o.key);
    expect(keys.sort()).toEqual([`reports/${name}`, "reports/4200-02.Drainage.pdf"]);

    const list = await getJson<{ files: ReportFile[] }>(t, admin, "/api/reports/files?q=culvert");
    const link = await getJson<{ url: string }>(
      t,
      admin,
      `/api/reports/files/${list.body.files[0]!.file_id}/link?page=2`,
    );
    expect(link.body.url).toStartWith(`${s3.endpoint}/`);
    expect(link.body.url).toEndWith("#page=2");
    const pdf = await fetch(link.body.url);
    expect(pdf.status).toBe(200);
    expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5))).toBe("%PDF-");
  });
});
