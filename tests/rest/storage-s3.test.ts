import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { DEMO, startTestApp, type TestApp } from "../helpers/app";
import { startS3 } from "../helpers/s3";
import { listKeys, PDF, postJson, upload } from "../helpers/storage";

/** The whole storage surface with STORAGE_DRIVER=s3, against s3rver on loopback. */
let s3: Awaited<ReturnType<typeof startS3>>;
let t: TestApp;
let admin: string;

beforeAll(async () => {
  s3 = await startS3();
  t = await startTestApp({ ...s3.env, UPLOAD_MAX_MB: "20" });
  admin = await t.login(DEMO.admin);
});
afterAll(async () => {
  t.deps.store.close?.();
  await t.close();
  await s3.close();
});

describe("storage on an S3-compatible store", () => {
  test("upload (multipart to S3 for a large file), list, presigned download, move, delete", async () => {
    const big = new Uint8Array(11 * 1024 * 1024);
    big.set(new TextEncoder().encode("%PDF-1.7\n"));
    big.fill(7, 100);
    const r = await upload(
      t,
      admin,
      { db_name: "s3.db", prefix: "big" },
      { name: "large.pdf", content: big },
    );
    expect(r.status).toBe(200);
    expect(r.body.key).toBe("s3.db/big/large.pdf");
    expect(r.body.url).toStartWith(s3.endpoint);
    const got = new Uint8Array(await (await fetch(r.body.url!)).arrayBuffer());
    expect(got.length).toBe(big.length);
    expect(Bun.hash(got)).toBe(Bun.hash(big));

    await upload(t, admin, { db_name: "s3.db" }, { name: "small.pdf", content: PDF() });
    expect(await listKeys(t, admin)).toEqual(["s3.db/big/large.pdf", "s3.db/small.pdf"]);
    const mv = await postJson(t, admin, "/api/s3/move", {
      src_key: "s3.db/small.pdf",
      dst_key: "s3.db/moved/small.pdf",
    });
    expect(mv.status).toBe(200);
    expect(await (await fetch(mv.body.url as string)).text()).toBe(PDF());
    const del = await postJson(t, admin, "/api/s3/delete", {
      keys: ["s3.db/moved/small.pdf", "s3.db/big/large.pdf"],
    });
    expect(del.body).toEqual({ deleted: ["s3.db/moved/small.pdf", "s3.db/big/large.pdf"], missing: [] });
    expect(await listKeys(t, admin)).toEqual([]);
  });

  test("a non-PDF and an oversize file are refused and nothing reaches the bucket", async () => {
    const fake = await upload(t, admin, { db_name: "s3.db" }, { name: "fake.pdf", content: "GIF89a" });
    expect(fake.status).toBe(400);
    const big = new Uint8Array(20.5 * 1024 * 1024); // under the early Content-Length check: refused mid-stream
    big.set(new TextEncoder().encode("%PDF-1.7\n"));
    const huge = await upload(t, admin, { db_name: "s3.db" }, { name: "huge.pdf", content: big });
    expect(huge.status).toBe(413);
    expect(await listKeys(t, admin)).toEqual([]);
  });

  test("/files/* is not served with the S3 driver (links go to the bucket)", async () => {
    expect((await t.request("/files/s3.db/x.pdf?exp=1&sig=x")).status).toBe(404);
  });
});
