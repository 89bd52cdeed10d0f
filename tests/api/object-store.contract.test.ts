import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { AppError } from "@server/lib/errors";
import { listAll, MAX_SIGNED_URL_SECONDS, type ObjectStore } from "@server/storage/object-store";
import { drivers, type Harness } from "../helpers/stores";

/**
 * One contract, two drivers: everything the portal relies on from an ObjectStore behaves the same on the local
 * folder and on an S3-protocol server (s3rver, in this process, on loopback).
 */
const text = async (r: { body: ReadableStream<Uint8Array> }) => new Response(r.body).text();
const bytes = async (r: { body: ReadableStream<Uint8Array> }) =>
  new Uint8Array(await new Response(r.body).arrayBuffer());

function streamOf(chunks: Uint8Array[]): ReadableStream<Uint8Array> {
  let i = 0;
  return new ReadableStream({
    pull(c) {
      if (i < chunks.length) c.enqueue(chunks[i++]!);
      else c.close();
    },
  });
}

async function expectCode(p: Promise<unknown>, code: AppError["code"]) {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  expect((err as AppError).code).toBe(code);
}

for (const [name, start] of Object.entries(drivers)) {
  describe(`ObjectStore contract (${name})`, () => {
    let h: Harness;
    let store: ObjectStore;
    beforeAll(async () => {
      h = await start();
      store = h.store;
    });
    afterAll(async () => {
      store.close?.();
      await h.close();
    });

    test("put a string, bytes and a stream; get and head return the same bytes and facts", async () => {
      const info = await store.put("proj.db/a.pdf", "%PDF-1.4 hello");
      expect(info).toMatchObject({ key: "proj.db/a.pdf", size: 14, contentType: "application/pdf" });
      expect(Math.abs(info.lastModified.getTime() - Date.now())).toBeLessThan(60_000);
      await store.put("proj.db/b.bin", new Uint8Array([0, 1, 2, 255]));
      expect(Array.from(await bytes(await store.get("proj.db/b.bin")))).toEqual([0, 1, 2, 255]);
      const enc = new TextEncoder();
      await store.put("proj.db/c.txt", streamOf([enc.encode("ab"), enc.encode("cd"), enc.encode("ef")]));
      expect(await text(await store.get("proj.db/c.txt"))).toBe("abcdef");
      expect(await store.head("proj.db/a.pdf")).toMatchObject({ size: 14, contentType: "application/pdf" });
    });

    test("a large streamed body (multipart on S3) round-trips byte for byte, with no framing added", async () => {
      const part = new Uint8Array(1024 * 1024);
      for (let i = 0; i < part.length; i++) part[i] = (i * 31) & 0xff;
      const chunks = Array.from({ length: 12 }, (_, n) => part.map((b) => (b + n) & 0xff));
      const info = await store.put("big.db/large.pdf", streamOf(chunks));
      expect(info.size).toBe(12 * 1024 * 1024);
      const got = await bytes(await store.get("big.db/large.pdf"));
      expect(got.length).toBe(12 * 1024 * 1024);
      expect(Bun.hash(got)).toBe(Bun.hash(Buffer.concat(chunks)));
      await store.delete("big.db/large.pdf");
    });

    test("get with a byte range returns exactly that slice", async () => {
      await store.put("r.db/range.txt", "0123456789");
      const r = await store.get("r.db/range.txt", { range: { start: 2, end: 5 } });
      expect(await text(r)).toBe("2345");
      expect(r.range).toEqual({ start: 2, end: 5 });
      expect(r.size).toBe(10);
      const tail = await store.get("r.db/range.txt", { range: { start: 7, end: 100 } });
      expect(await text(tail)).toBe("789");
    });

    test("missing objects: head is null, get/copy/move are NOT_FOUND, delete is a no-op", async () => {
      expect(await store.head("nope.db/missing.pdf")).toBeNull();
      await expectCode(store.get("nope.db/missing.pdf"), "NOT_FOUND");
      await expectCode(store.copy("nope.db/missing.pdf", "nope.db/x.pdf"), "NOT_FOUND");
      await expectCode(store.move("nope.db/missing.pdf", "nope.db/x.pdf"), "NOT_FOUND");
      await store.delete("nope.db/missing.pdf");
    });

    test("put replaces; a failed put leaves the previous object whole", async () => {
      await store.put("w.db/doc.pdf", "%PDF-version-1");
      await store.put("w.db/doc.pdf", "%PDF-version-2");
      expect(await text(await store.get("w.db/doc.pdf"))).toBe("%PDF-version-2");
      const failing = new ReadableStream<Uint8Array>({
        start(c) {
          c.enqueue(new TextEncoder().encode("%PDF-partial"));
          c.error(new Error("client went away"));
        },
      });
      await expect(store.put("w.db/doc.pdf", failing)).rejects.toThrow();
      expect(await text(await store.get("w.db/doc.pdf"))).toBe("%PDF-version-2");
      await expect(
        store.put("w.db/new.pdf", streamOf([]).pipeThrough(new TransformStream())),
      ).resolves.toBeTruthy();
      expect((await store.head("w.db/new.pdf"))?.size).toBe(0);
    });

    test("list: key order, prefix, paging with a cursor", async () => {
      for (const k of ["l.db/b.pdf", "l.db/a.pdf", "l.db/sub/c.pdf", "l.db-other/x.pdf", "l.db/a-b.pdf"]) {
        await store.put(k, "%PDF-");
      }
      const all = await store.list({ prefix: "l.db/" });
      // Byte order: "-" (0x2d) < "." (0x2e) < "/" (0x2f).
      expect(all.objects.map((o) => o.key)).toEqual([
        "l.db/a-b.pdf",
        "l.db/a.pdf",
        "l.db/b.pdf",
        "l.db/sub/c.pdf",
      ]);
      expect(all.cursor).toBeUndefined();
      expect(all.objects[0]).toMatchObject({ size: 5 });
      expect(all.objects[0]!.lastModified).toBeInstanceOf(Date);
      const p1 = await store.list({ prefix: "l.db/", limit: 3 });
      expect(p1.objects).toHaveLength(3);
      expect(p1.cursor).toBeTruthy();
      const p2 = await store.list({ prefix: "l.db/", limit: 3, cursor: p1.cursor });
      expect(p2.objects.map((o) => o.key)).toEqual(["l.db/sub/c.pdf"]);
      expect(p2.cursor).toBeUndefined();
      expect((await store.list({ prefix: "l.db" })).objects).toHaveLength(5);
    });

    test("listing goes past 1,000 objects", async () => {
      const keys = Array.from({ length: 1010 }, (_, i) => `many.db/f-${String(i).padStart(4, "0")}.pdf`);
      for (let i = 0; i < keys.length; i += 50) {
        await Promise.all(keys.slice(i, i + 50).map((k) => store.put(k, "x")));
      }
      const first = await store.list({ prefix: "many.db/" });
      expect(first.objects).toHaveLength(1000);
      expect(first.cursor).toBeTruthy();
      const seen: string[] = [];
      for await (const o of listAll(store, "many.db/")) seen.push(o.key);
      expect(seen).toEqual(keys);
    }, 60_000);

    test("delete removes the object from get and list", async () => {
      await store.put("d.db/sub/gone.pdf", "%PDF-");
      await store.delete("d.db/sub/gone.pdf");
      expect(await store.head("d.db/sub/gone.pdf")).toBeNull();
      expect((await store.list({ prefix: "d.db/" })).objects).toEqual([]);
    });

    test("copy and move, including odd but valid names", async () => {
      const src = "m.db/sub folder/Ünïcødé #1 +&=?.pdf";
      await store.put(src, "%PDF-odd");
      await store.copy(src, "m.db/copy of it.pdf");
      expect(await text(await store.get("m.db/copy of it.pdf"))).toBe("%PDF-odd");
      expect(await store.head(src)).not.toBeNull();
      await store.move(src, "m.db/renamed/é.pdf");
      expect(await store.head(src)).toBeNull();
      expect(await text(await store.get("m.db/renamed/é.pdf"))).toBe("%PDF-odd");
      await store.put("m.db/target.pdf", "%PDF-old");
      await store.move("m.db/copy of it.pdf", "m.db/target.pdf");
      expect(await text(await store.get("m.db/target.pdf"))).toBe("%PDF-odd");
    });

    test("keys are normalised the same way: slashes collapsed, leading slash dropped, NFC", async () => {
      await store.put("//n.db///x.pdf", "%PDF-n");
      expect(await store.head("n.db/x.pdf")).not.toBeNull();
      await store.put("n.db/cafe\u0301.pdf", "%PDF-nfc");
      expect(await text(await store.get("n.db/caf\u00e9.pdf"))).toBe("%PDF-nfc");
      // "/etc/passwd" is the key "etc/passwd" inside the store, never the system file.
      expect(await store.head("/etc/passwd")).toBeNull();
    });

    test("keys that could escape or deceive are refused with BAD_REQUEST on every operation", async () => {
      const bad = [
        "../x.pdf",
        "a/../../b",
        "a/./b.pdf",
        "a\u0000b.pdf",
        "a\u202eb.pdf",
        "a\u200bb.pdf",
        "a\\b.pdf",
        "..%2Fx.pdf",
        "x/",
        "",
        `${"a".repeat(300)}.pdf`,
      ];
      for (const key of bad) {
        await expectCode(store.put(key, "x"), "BAD_REQUEST");
        await expectCode(store.get(key), "BAD_REQUEST");
        await expectCode(store.head(key), "BAD_REQUEST");
        await expectCode(store.delete(key), "BAD_REQUEST");
        await expectCode(store.copy("n.db/x.pdf", key), "BAD_REQUEST");
        await expectCode(store.move(key, "n.db/y.pdf"), "BAD_REQUEST");
        await expectCode(store.signedUrl(key), "BAD_REQUEST");
      }
      await expectCode(store.list({ prefix: "../" }), "BAD_REQUEST");
      expect(await store.head("n.db/x.pdf")).not.toBeNull();
    });

    test("a signed URL downloads the object without a session, with Range support", async () => {
      await store.put("s.db/sub/report 1.pdf", "%PDF-1.7 signed body");
      const url = await store.signedUrl("s.db/sub/report 1.pdf");
      const res = await h.fetchSigned(url);
      expect(res.status).toBe(200);
      expect(await res.text()).toBe("%PDF-1.7 signed body");
      expect(res.headers.get("content-type")).toContain("application/pdf");
      expect(res.headers.get("content-disposition")).toContain("inline");
      expect(res.headers.get("content-disposition")).toContain("report 1.pdf");
      const part = await h.fetchSigned(url, { headers: { range: "bytes=0-4" } });
      expect(part.status).toBe(206);
      expect(await part.text()).toBe("%PDF-");
      expect(part.headers.get("content-range")).toBe("bytes 0-4/20");
      const dl = await h.fetchSigned(
        await store.signedUrl("s.db/sub/report 1.pdf", { disposition: "attachment" }),
      );
      expect(dl.headers.get("content-disposition")).toContain("attachment");
    });

    test("the same file gets the same link within a signing window", async () => {
      expect(await store.signedUrl("s.db/sub/report 1.pdf")).toBe(
        await store.signedUrl("s.db/sub/report 1.pdf"),
      );
    });

    test("an expired link is refused with 403; lifetimes are capped at 7 days", async () => {
      const old = await store.signedUrl("s.db/sub/report 1.pdf", {
        expiresIn: 60,
        now: Date.now() - 3 * 3600_000,
      });
      expect((await h.fetchSigned(old)).status).toBe(403);
      const long = new URL(
        await store.signedUrl("s.db/sub/report 1.pdf", { expiresIn: 30 * 24 * 3600 }),
        "http://x",
      );
      const lifetime = long.searchParams.has("X-Amz-Expires")
        ? Number(long.searchParams.get("X-Amz-Expires"))
        : Number(long.searchParams.get("exp")) - Date.now() / 1000;
      expect(lifetime).toBeLessThanOrEqual(MAX_SIGNED_URL_SECONDS + 300);
      expect(lifetime).toBeGreaterThan(MAX_SIGNED_URL_SECONDS - 600);
    });
  });
}
