import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { DEMO, startTestApp, type TestApp } from "../helpers/app";
import { textPdf } from "../helpers/pdfs";
import { uploadForm } from "../helpers/storage";

/** Each person's uploads per minute (RATE_UPLOADS_PER_MIN): past it 429 with Retry-After, on every upload path. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ RATE_UPLOADS_PER_MIN: "2" });
});
afterAll(() => t.close());

const send = async (path: string, cookie: string, name: string) =>
  t.request(path, {
    method: "POST",
    cookie,
    body: uploadForm(
      path === "/api/s3/upload"
        ? { db_name: "rates.db", prefix: "", index: "0" }
        : { db_name: "rates.db", action: "new", mode: "general" },
      { name, content: await textPdf([`Field notes ${name}`]) },
    ),
  });

describe("uploads per person", () => {
  test("the S3 Uploader and the Index Manager share one person's rate; another Admin is not held back", async () => {
    const admin = await t.login(DEMO.admin);
    expect((await send("/api/s3/upload", admin, "one.pdf")).status).toBe(200);
    expect((await send("/api/process-file", admin, "two.pdf")).status).toBe(200);
    for (const path of ["/api/s3/upload", "/api/process-file"]) {
      const res = await send(path, admin, "three.pdf");
      expect(res.status).toBe(429);
      expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(((await res.json()) as { error: string }).error).toStartWith("You sent more uploads than");
    }
    const owner = await t.login(DEMO.owner);
    expect((await send("/api/s3/upload", owner, "four.pdf")).status).toBe(200);
  });

  test("a refusal for rights comes first: a User is told 403, not 429", async () => {
    const user = await t.login(DEMO.user);
    for (let i = 0; i < 3; i++) expect((await send("/api/s3/upload", user, "x.pdf")).status).toBe(403);
  });
});
