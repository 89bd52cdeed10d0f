import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { createObjectStore } from "@server/storage";
import { STORAGE_MESSAGES } from "@shared/storage";
import { DEMO, startTestApp, type TestApp } from "../helpers/app";
import { PDF, upload } from "../helpers/storage";

let t: TestApp;
let url: string;
const BODY = PDF("0123456789".repeat(10));

beforeAll(async () => {
  t = await startTestApp();
  const admin = await t.login(DEMO.admin);
  const r = await upload(t, admin, { db_name: "links.db" }, { name: "Plan é #1.pdf", content: BODY });
  url = r.body.url!;
});
afterAll(() => t.close());

const get = (path: string, headers: Record<string, string> = {}) => t.request(path, { headers });
const error = async (res: Response) => ((await res.json()) as { error: string }).error;

describe("signed download links (/files/…)", () => {
  test("work without a session: type, inline disposition with the UTF-8 name, length, validators", async () => {
    const res = await get(url);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(BODY);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe(
      `inline; filename="Plan _ #1.pdf"; filename*=UTF-8''Plan%20%C3%A9%20%231.pdf`,
    );
    expect(res.headers.get("content-length")).toBe(String(BODY.length));
    expect(res.headers.get("accept-ranges")).toBe("bytes");
    expect(res.headers.get("etag")).toBeTruthy();
    const again = await get(url, { "if-none-match": res.headers.get("etag")! });
    expect(again.status).toBe(304);
  });

  test("Range requests answer 206 with Content-Range (PDF preview), and 416 past the end", async () => {
    const part = await get(url, { range: "bytes=5-9" });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 5-9/${BODY.length}`);
    expect(part.headers.get("content-length")).toBe("5");
    expect(await part.text()).toBe(BODY.slice(5, 10));
    const open = await get(url, { range: "bytes=100-" });
    expect(await open.text()).toBe(BODY.slice(100));
    const suffix = await get(url, { range: "bytes=-6" });
    expect(await suffix.text()).toBe(BODY.slice(-6));
    const past = await get(url, { range: `bytes=${BODY.length + 10}-` });
    expect(past.status).toBe(416);
    expect(past.headers.get("content-range")).toBe(`bytes */${BODY.length}`);
    // Several ranges: the whole file (allowed by RFC 9110).
    expect((await get(url, { range: "bytes=0-1,4-5" })).status).toBe(200);
  });

  test("dl=1 links download instead of showing", async () => {
    const link = await t.deps.store.signedUrl("links.db/Plan é #1.pdf", { disposition: "attachment" });
    const res = await get(link);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toStartWith("attachment;");
  });

  test("an expired link is 403 with a message", async () => {
    const old = await t.deps.store.signedUrl("links.db/Plan é #1.pdf", {
      expiresIn: 60,
      now: Date.now() - 7200_000,
    });
    const res = await get(old);
    expect(res.status).toBe(403);
    expect(await error(res)).toBe(STORAGE_MESSAGES.linkExpired);
  });

  test("a tampered link is 403: signature, expiry, file, disposition or missing parts", async () => {
    const u = new URL(url, "http://portal.test");
    const sig = u.searchParams.get("sig")!;
    const exp = u.searchParams.get("exp")!;
    const flip = sig.slice(0, -1) + (sig.endsWith("A") ? "B" : "A");
    const variants = [
      `${u.pathname}?exp=${exp}&sig=${flip}`,
      `${u.pathname}?exp=${Number(exp) + 3600}&sig=${sig}`,
      `/files/links.db/other.pdf?exp=${exp}&sig=${sig}`,
      `${u.pathname}?exp=${exp}&sig=${sig}&dl=1`,
      `${u.pathname}?exp=${exp}`,
      `${u.pathname}`,
    ];
    for (const v of variants) {
      const res = await get(v);
      expect([v, res.status]).toEqual([v, 403]);
      expect(await error(res)).toBe(STORAGE_MESSAGES.linkInvalid);
    }
  });

  test("paths that try to leave the store are 403, never a file from outside", async () => {
    writeFileSync(join(t.dataDir, "secret.pdf"), "TOP SECRET");
    const { searchParams } = new URL(url, "http://portal.test");
    const q = `?${searchParams}`;
    for (const path of [
      `/files/..%2Fsecret.pdf${q}`,
      `/files/links.db/..%2F..%2Fsecret.pdf${q}`,
      `/files/links.db/%00.pdf${q}`,
      `/files/links.db/%E2%80%AE.pdf${q}`,
      `/files/links.db/%ZZ.pdf${q}`,
    ]) {
      const res = await get(path);
      expect([path, res.status]).toEqual([path, 403]);
      expect(await res.text()).not.toContain("TOP SECRET");
    }
    // URL parsing resolves a literal %2e%2e segment before routing: it leaves /files/ and is never a file.
    expect(await (await get(`/files/%2e%2e/secret.pdf${q}`)).text()).not.toContain("TOP SECRET");
  });

  test("a link to a file that was deleted is 404", async () => {
    const link = await t.deps.store.signedUrl("links.db/never-there.pdf");
    expect((await get(link)).status).toBe(404);
  });

  test("HTML or SVG in the store is always sent as an attachment, with a locked-down CSP", async () => {
    await t.deps.store.put("links.db/page.html", "<script>alert(1)</script>");
    const res = await get(await t.deps.store.signedUrl("links.db/page.html"));
    expect(res.headers.get("content-disposition")).toStartWith("attachment;");
    expect(res.headers.get("content-security-policy")).toStartWith("default-src 'none'");
  });

  test("the signing secret is generated once and kept in DATA_DIR, so links survive a restart", async () => {
    const again = await createObjectStore(t.deps.env);
    expect(await again.signedUrl("links.db/Plan é #1.pdf")).toBe(url);
  });
});
