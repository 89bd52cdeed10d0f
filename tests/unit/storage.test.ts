import { describe, expect, test } from "bun:test";
import { ConfigError, loadEnv } from "@server/env";
import { parseRange } from "@server/http/range";
import { pdfGuard } from "@server/storage/upload-guards";
import { formatSize } from "@shared/storage";
import { checkFolder, checkKey, compareKeys, extensionOf, topFolder } from "@shared/storage-keys";

const key = (raw: string) => {
  const r = checkKey(raw);
  return r.ok ? r.key : `! ${r.reason}`;
};

describe("key rules", () => {
  test("normalise: repeated slashes collapsed, leading slash dropped, NFC, trimmed", () => {
    expect(key("//a///b.pdf")).toBe("a/b.pdf");
    expect(key("  a/b.pdf ")).toBe("a/b.pdf");
    expect(key("cafe\u0301.pdf")).toBe("caf\u00e9.pdf");
    expect(key("/etc/passwd")).toBe("etc/passwd");
  });
  test("refuse escapes, control and invisible characters, and over-long keys", () => {
    const refused: [string, RegExp][] = [
      ["../x.pdf", /\.\. path segments/],
      ["a/../../b", /\.\. path segments/],
      ["a/./b", /\. or \.\./],
      ["a\u0000b", /control/],
      ["a\nb", /control/],
      ["a\u202eb", /invisible or direction-changing/],
      ["a\u2066b", /invisible/],
      ["a\u200bb", /invisible/],
      ["a\ufeffb", /invisible/],
      ["a\\b", /not \\/],
      ["..%2fx", /percent-encoded/],
      ["%2E%2E/x", /percent-encoded/],
      ["", /required/],
      ["a/", /ends with \//],
      [`${"a".repeat(256)}`, /255 bytes/],
      [`${"é".repeat(128)}.pdf`, /255 bytes/],
      [Array.from({ length: 5 }, () => "a".repeat(250)).join("/"), /1024 bytes/],
    ];
    for (const [raw, reason] of refused) expect(key(raw)).toMatch(reason);
  });
  test("ordinary names with spaces, accents and symbols pass unchanged", () => {
    for (const raw of [
      "Proj 1.db/Ünïcødé #1 (final) +&=?.pdf",
      "a/b/c/d.PDF",
      "2024-01-05 report.pdf",
      "日本語.pdf",
    ]) {
      expect(key(raw)).toBe(raw);
    }
  });
  test("folders drop trailing slashes and may be empty", () => {
    expect(checkFolder("/a//b/")).toEqual({ ok: true, key: "a/b" });
    expect(checkFolder("")).toEqual({ ok: true, key: "" });
  });
  test("top folder, extension, and S3 (UTF-8 byte) order", () => {
    expect(topFolder("db.db/a/b.pdf")).toBe("db.db");
    expect(topFolder("root.pdf")).toBe("");
    expect(extensionOf("a/B.PDF")).toBe("pdf");
    expect(extensionOf("a/.hidden")).toBe("");
    const keys = ["b", "a/b", "a-b", "a.b", "\uffff", "\u{1f600}", "é"];
    expect([...keys].sort(compareKeys)).toEqual(
      [...keys].sort((x, y) => Buffer.compare(Buffer.from(x), Buffer.from(y))),
    );
  });
});

describe("size formatting (1024-based; B, KB/MB one decimal, GB two)", () => {
  test("as the spec says", () => {
    expect(formatSize(0)).toBe("0 B");
    expect(formatSize(1023)).toBe("1023 B");
    expect(formatSize(1024)).toBe("1.0 KB");
    expect(formatSize(1536)).toBe("1.5 KB");
    expect(formatSize(5 * 1024 * 1024)).toBe("5.0 MB");
    expect(formatSize(1024 ** 3 * 2.345)).toBe("2.35 GB");
    expect(formatSize(undefined)).toBe("-");
    expect(formatSize(null)).toBe("-");
    expect(formatSize(Number.NaN)).toBe("-");
  });
});

describe("byte ranges", () => {
  test("single ranges, open and suffix forms; past the end is unsatisfiable; others are ignored", () => {
    expect(parseRange("bytes=0-4", 10)).toEqual({ kind: "partial", start: 0, end: 4 });
    expect(parseRange("bytes=5-", 10)).toEqual({ kind: "partial", start: 5, end: 9 });
    expect(parseRange("bytes=-3", 10)).toEqual({ kind: "partial", start: 7, end: 9 });
    expect(parseRange("bytes=8-100", 10)).toEqual({ kind: "partial", start: 8, end: 9 });
    expect(parseRange("bytes=10-", 10)).toEqual({ kind: "unsatisfiable" });
    expect(parseRange("bytes=5-3", 10)).toEqual({ kind: "full" });
    expect(parseRange("bytes=0-1,3-4", 10)).toEqual({ kind: "full" });
    expect(parseRange("items=0-1", 10)).toEqual({ kind: "full" });
    expect(parseRange(null, 10)).toEqual({ kind: "full" });
  });
});

describe("PDF guard", () => {
  const run = async (chunks: string[], max = 100) => {
    const g = pdfGuard(
      (async function* () {
        for (const c of chunks) yield new TextEncoder().encode(c);
      })(),
      max,
      1,
    );
    let out = "";
    try {
      for await (const c of g.body) out += new TextDecoder().decode(c);
      return out;
    } catch (err) {
      return `! ${(err as Error).message}`;
    }
  };
  test("the magic may arrive split across chunks", async () => {
    expect(await run(["%P", "DF", "-1.7 rest"])).toBe("%PDF-1.7 rest");
  });
  test("anything else, or a body shorter than the magic, is refused", async () => {
    expect(await run(["%PDX-1"])).toMatch(/not a PDF/);
    expect(await run(["%PD"])).toMatch(/not a PDF/);
    expect(await run([])).toMatch(/not a PDF/);
  });
  test("the limit is enforced while streaming", async () => {
    expect(await run(["%PDF-", "x".repeat(200)])).toMatch(/larger than the 1 MB/);
  });
});

describe("storage configuration", () => {
  test("defaults: local driver, 200 MB uploads, 1-hour links", () => {
    const env = loadEnv({});
    expect(env.STORAGE_DRIVER).toBe("local");
    expect(env.UPLOAD_MAX_MB).toBe(200);
    expect(env.STORAGE_URL_TTL_SECONDS).toBe(3600);
  });
  test("s3 needs a bucket; keys come in pairs; link lifetime is capped at 7 days", () => {
    expect(() => loadEnv({ STORAGE_DRIVER: "s3" })).toThrow(/S3_BUCKET: required/);
    expect(() => loadEnv({ STORAGE_DRIVER: "s3", S3_BUCKET: "b1b", S3_ACCESS_KEY_ID: "x" })).toThrow(
      /set both/,
    );
    expect(() => loadEnv({ STORAGE_URL_TTL_SECONDS: "700000" })).toThrow(/STORAGE_URL_TTL_SECONDS/);
    expect(() => loadEnv({ STORAGE_DRIVER: "ftp" })).toThrow(ConfigError);
    expect(() => loadEnv({ S3_BUCKET: "Bad_Bucket" })).toThrow(/S3_BUCKET/);
    expect(() => loadEnv({ STORAGE_SIGNING_SECRET: "short" })).toThrow(/at least 32/);
    const s3 = loadEnv({ STORAGE_DRIVER: "s3", S3_BUCKET: "docs", S3_FORCE_PATH_STYLE: "1" });
    expect(s3.S3_FORCE_PATH_STYLE).toBe(true);
  });
});

describe("local listing", () => {
  test("lists only names a key could name, in S3 order, and sees changes made behind its back", async () => {
    const { mkdtempSync, mkdirSync, writeFileSync, symlinkSync, rmSync } = await import("node:fs");
    const { join } = await import("node:path");
    const { tmpdir } = await import("node:os");
    const { LocalListing } = await import("@server/storage/local-index");
    const root = mkdtempSync(join(tmpdir(), "geolabs-listing-"));
    mkdirSync(join(root, "a.db", "sub"), { recursive: true });
    for (const name of [
      "b.pdf",
      "a b.pdf",
      " lead.pdf",
      "trail.pdf ",
      "bi\u202edi.pdf",
      "cafe\u0301.pdf",
      "%2e%2e.pdf",
      "é.pdf",
    ]) {
      writeFileSync(join(root, "a.db", name), "x");
    }
    writeFileSync(join(root, "a.db", "sub", "c.pdf"), "xyz");
    symlinkSync("/etc/passwd", join(root, "a.db", "link.pdf"));
    const listing = new LocalListing(root);
    const keys = async () => (await listing.all()).map((o) => o.key);
    // Only the key's own ends are trimmed, so " lead.pdf" inside a folder is a fine key; "trail.pdf " at the end is not.
    expect(await keys()).toEqual([
      "a.db/ lead.pdf",
      "a.db/a b.pdf",
      "a.db/b.pdf",
      "a.db/sub/c.pdf",
      "a.db/é.pdf",
    ]);
    expect((await listing.all())[3]).toMatchObject({ size: 3 });
    writeFileSync(join(root, "a.db", "new.pdf"), "x");
    rmSync(join(root, "a.db", "sub"), { recursive: true });
    expect(await keys()).toEqual([
      "a.db/ lead.pdf",
      "a.db/a b.pdf",
      "a.db/b.pdf",
      "a.db/new.pdf",
      "a.db/é.pdf",
    ]);
    rmSync(root, { recursive: true, force: true });
  });
  test("a folder that cannot be entered (here, a file in its path) lists as nothing instead of failing", async () => {
    const { mkdtempSync, writeFileSync, rmSync } = await import("node:fs");
    const { join } = await import("node:path");
    const { tmpdir } = await import("node:os");
    const { LocalListing } = await import("@server/storage/local-index");
    const dir = mkdtempSync(join(tmpdir(), "geolabs-listing-"));
    writeFileSync(join(dir, "file"), "x");
    // stat fails with ENOTDIR, not ENOENT.
    expect(await new LocalListing(join(dir, "file", "root")).all()).toEqual([]);
    rmSync(dir, { recursive: true, force: true });
  });
});
