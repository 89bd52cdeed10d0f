import { describe, expect, test } from "bun:test";
import { loadEnv } from "@server/env";
import { securityHeaders, storageOrigins } from "@server/http/security-headers";

const directive = (csp: string, name: string) => csp.split("; ").find((d) => d.startsWith(`${name} `)) ?? "";

describe("CSP for storage previews", () => {
  test("local store: previews come from our own origin only", () => {
    const csp = securityHeaders(loadEnv({}))["content-security-policy"]!;
    expect(directive(csp, "frame-src")).toBe("frame-src 'self' blob:");
    expect(storageOrigins(loadEnv({}))).toEqual([]);
  });

  test("S3 store: the bucket's origins may fill the preview frame and images, never scripts", () => {
    const env = loadEnv({
      STORAGE_DRIVER: "s3",
      S3_BUCKET: "portal-files",
      S3_ENDPOINT: "https://minio.example.test:9000",
    });
    expect(storageOrigins(env)).toEqual([
      "https://minio.example.test:9000",
      "https://portal-files.minio.example.test:9000",
    ]);
    const csp = securityHeaders(env)["content-security-policy"]!;
    expect(directive(csp, "frame-src")).toContain("https://minio.example.test:9000");
    expect(directive(csp, "img-src")).toContain("https://portal-files.minio.example.test:9000");
    expect(directive(csp, "script-src")).toBe("script-src 'self'");
    const pathStyle = loadEnv({
      STORAGE_DRIVER: "s3",
      S3_BUCKET: "portal-files",
      S3_ENDPOINT: "http://127.0.0.1:4569",
      S3_FORCE_PATH_STYLE: "true",
    });
    expect(storageOrigins(pathStyle)).toEqual(["http://127.0.0.1:4569"]);
    expect(storageOrigins(loadEnv({ STORAGE_DRIVER: "s3", S3_BUCKET: "portal-files" }))).toEqual([
      "https://*.amazonaws.com",
    ]);
  });
});
