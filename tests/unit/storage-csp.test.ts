import { describe, expect, test } from "bun:test";
import { loadEnv } from "@server/env";
import { securityHeaders } from "@server/http/security-headers";
import { createObjectStore } from "@server/storage";
import { startTestApp } from "../helpers/app";

const directive = (csp: string, name: string) => csp.split("; ").find((d) => d.startsWith(`${name} `)) ?? "";
/** What a directive allows beyond the portal itself and inline data. */
const extra = (csp: string, name: string) =>
  directive(csp, name)
    .split(" ")
    .slice(1)
    .filter((s) => !["'self'", "data:", "blob:"].includes(s));

// Keys given, so signing never asks the SDK's default chain (which may go to the network).
const S3 = { STORAGE_DRIVER: "s3", S3_ACCESS_KEY_ID: "portal", S3_SECRET_ACCESS_KEY: "secret-key-for-tests" };

/**
 * Each way the SDK addresses a bucket, and the one CSP source that admits its links: the bucket's own origin, or
 * for path style (a host that serves every bucket) the origin narrowed to the bucket's path.
 */
const CASES: [string, Record<string, string>, string][] = [
  ["AWS, us-east-1", { S3_BUCKET: "portal-files" }, "https://portal-files.s3.us-east-1.amazonaws.com"],
  [
    "AWS, another region",
    { S3_BUCKET: "portal-files", S3_REGION: "eu-west-3" },
    "https://portal-files.s3.eu-west-3.amazonaws.com",
  ],
  [
    "AWS, a dotted bucket name (path style: its name would not match the certificate)",
    { S3_BUCKET: "files.geolabs.example", S3_REGION: "eu-west-3" },
    "https://s3.eu-west-3.amazonaws.com/files.geolabs.example/",
  ],
  [
    "AWS, path style",
    { S3_BUCKET: "portal-files", S3_REGION: "ca-central-1", S3_FORCE_PATH_STYLE: "true" },
    "https://s3.ca-central-1.amazonaws.com/portal-files/",
  ],
  [
    "an endpoint, path style",
    { S3_BUCKET: "portal-files", S3_ENDPOINT: "http://127.0.0.1:4569", S3_FORCE_PATH_STYLE: "true" },
    "http://127.0.0.1:4569/portal-files/",
  ],
  [
    "an endpoint, virtual-hosted",
    { S3_BUCKET: "portal-files", S3_ENDPOINT: "https://minio.example.test:9000" },
    "https://portal-files.minio.example.test:9000",
  ],
];

describe("CSP for storage previews", () => {
  test("local store: previews come from our own origin only", async () => {
    const store = await createObjectStore(loadEnv({}));
    expect(await store.linkSource()).toBeNull();
    const csp = securityHeaders(loadEnv({}), [])["content-security-policy"]!;
    expect(directive(csp, "frame-src")).toBe("frame-src 'self' blob:");
  });

  for (const [name, settings, origin] of CASES) {
    test(`S3 (${name}): frames and images from the bucket's own origin only, where its links point`, async () => {
      const env = loadEnv({ ...S3, ...settings });
      const store = await createObjectStore(env);
      try {
        const link = await store.signedUrl("reports/2026/log 1.pdf", { disposition: "inline" });
        expect(link.startsWith(origin)).toBe(true);
        const csp = securityHeaders(env, [(await store.linkSource())!])["content-security-policy"]!;
        // One origin, no wildcard: a link to anyone else's bucket planted in a document loads nothing.
        expect(extra(csp, "frame-src")).toEqual([origin]);
        expect(extra(csp, "img-src")).toEqual([origin]);
        expect(directive(csp, "script-src")).toBe("script-src 'self'");
      } finally {
        store.close?.();
      }
    });
  }

  test("the portal's answers carry the CSP its store's links need", async () => {
    const t = await startTestApp({
      ...S3,
      S3_BUCKET: "portal-files",
      S3_REGION: "eu-west-3",
      SEED_DEMO: "false",
    });
    try {
      const link = new URL(await t.deps.store.signedUrl("a/b.png"));
      const csp = (await t.request("/api/health")).headers.get("content-security-policy") ?? "";
      expect(extra(csp, "img-src")).toEqual([link.origin]);
      expect(extra(csp, "frame-src")).toEqual([link.origin]);
    } finally {
      await t.close();
    }
  });
});
