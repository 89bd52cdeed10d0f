import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { connect } from "node:net";
import { startServer } from "../../bench/lib";
import { DEMO } from "../helpers/app";
import { scanImage, textPdf } from "../helpers/pdfs";

/**
 * Every multipart path of the real server, sent bodies cut at many places (inside each part's headers, at each
 * boundary, inside the file) and bodies abandoned half-way: each gets a 4xx (or, when the cut left a complete
 * form, its normal answer), never a 5xx, and the same server process goes on answering.
 */
let s: Awaited<ReturnType<typeof startServer>>;
let cookie: string;
let pid: number;

beforeAll(async () => {
  s = await startServer({ SEED_DEMO: "true" });
  cookie = await s.login(DEMO.owner);
  pid = s.pids().at(-1)!;
}, 60_000);
afterAll(async () => {
  await s?.stop();
});

const BOUNDARY = "----cut-test-XX";
const enc = new TextEncoder();

type Part = { name: string; value: string } | { name: string; file: string; type: string; bytes: Uint8Array };

/** A multipart body, and the offsets where its structure changes (boundaries, header ends, file middles). */
function form(parts: Part[]) {
  const pieces: Uint8Array[] = [];
  const marks: number[] = [];
  let at = 0;
  const push = (b: Uint8Array) => {
    pieces.push(b);
    at += b.byteLength;
  };
  for (const p of parts) {
    marks.push(at, at + 2, at + BOUNDARY.length + 2);
    const head =
      "file" in p
        ? `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${p.name}"; filename="${p.file}"\r\nContent-Type: ${p.type}\r\n\r\n`
        : `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${p.name}"\r\n\r\n`;
    marks.push(at + Math.floor(head.length / 2), at + head.length - 2);
    push(enc.encode(head));
    const body = "file" in p ? p.bytes : enc.encode(p.value);
    marks.push(at + 1, at + Math.floor(body.byteLength / 2), at + body.byteLength - 1);
    push(body);
    push(enc.encode("\r\n"));
  }
  marks.push(at, at + 3);
  push(enc.encode(`--${BOUNDARY}--\r\n`));
  const bytes = new Uint8Array(new ArrayBuffer(at));
  let o = 0;
  for (const p of pieces) {
    bytes.set(p, o);
    o += p.byteLength;
  }
  return { bytes, cuts: [...new Set(marks)].filter((m) => m > 0 && m < at).sort((a, b) => a - b) };
}

const pdf = async (text: string) => textPdf([text]);
const csv = (text: string) => enc.encode(text);

async function paths(): Promise<{ path: string; parts: Part[] }[]> {
  const p = await pdf("Cut body test page.");
  return [
    {
      path: "/api/s3/upload",
      parts: [
        { name: "db_name", value: "cuts.db" },
        { name: "file", file: "cut.pdf", type: "application/pdf", bytes: p },
        { name: "prefix", value: "in" },
      ],
    },
    {
      path: "/api/process-file",
      parts: [
        { name: "file", file: "cut.pdf", type: "application/pdf", bytes: p },
        { name: "db_name", value: "cuts_index.db" },
        { name: "mode", value: "default" },
      ],
    },
    {
      path: "/api/reports/bulk-index",
      parts: [
        { name: "upload_to_s3", value: "false" },
        { name: "files", file: "1234-56.Cut Test.pdf", type: "application/pdf", bytes: p },
        { name: "files", file: "1234-57.Cut Test.pdf", type: "application/pdf", bytes: p },
        { name: "replace_if_exists", value: "true" },
      ],
    },
    {
      path: "/api/core-boxes/import?dry_run=1",
      parts: [
        { name: "file", file: "boxes.csv", type: "text/csv", bytes: csv("Work Order,Project\nCUT-1,Cut\n") },
      ],
    },
    {
      path: "/api/reports-binder/import?dry_run=1",
      parts: [
        { name: "file", file: "binder.csv", type: "text/csv", bytes: csv("Work Order,Initials\nCUT-1,GS\n") },
      ],
    },
    {
      path: "/api/projects/import",
      parts: [
        { name: "dry_run", value: "true" },
        { name: "file", file: "projects.csv", type: "text/csv", bytes: csv("W.O.,Project\n1234-01,Cut\n") },
      ],
    },
    {
      path: "/api/ocr-upload",
      parts: [{ name: "image", file: "wo.png", type: "image/png", bytes: scanImage(["W.O. 1234-56"]) }],
    },
  ];
}

const send = (path: string, body: Uint8Array<ArrayBuffer>) =>
  fetch(`${s.base}${path}`, {
    method: "POST",
    headers: { cookie, "content-type": `multipart/form-data; boundary=${BOUNDARY}` },
    body,
  });

/** Send the start of a body that announces more, then hang up: the client that went away mid-upload. */
function abandon(path: string, body: Uint8Array, sent: number): Promise<void> {
  return new Promise((resolve) => {
    const sock = connect(s.port, "127.0.0.1", () => {
      sock.write(
        `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${s.port}\r\nCookie: ${cookie}\r\n` +
          `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${body.byteLength}\r\n\r\n`,
      );
      sock.write(body.subarray(0, sent), () => setTimeout(() => sock.destroy(), 30));
    });
    sock.on("error", () => {});
    sock.on("close", () => resolve());
  });
}

async function alive() {
  const res = await fetch(`${s.base}/api/health`);
  expect(res.status).toBe(200);
  expect(s.pids().at(-1)).toBe(pid);
}

describe("multipart bodies cut at any byte", () => {
  test("every cut of every multipart path: a 4xx (or its normal answer), never a 5xx; the process keeps serving", async () => {
    let sent = 0;
    for (const { path, parts } of await paths()) {
      const { bytes, cuts } = form(parts);
      const whole = await send(path, bytes);
      expect(whole.status).toBeLessThan(500);
      for (const cut of cuts) {
        const res = await send(path, bytes.subarray(0, cut));
        const text = await res.text();
        if (res.status >= 500)
          throw new Error(`${path} cut at ${cut}/${bytes.length}: ${res.status} ${text}`);
        if (res.status >= 400) expect(JSON.parse(text).error).toBeString();
        sent++;
        await alive();
      }
    }
    expect(sent).toBeGreaterThan(100);
  }, 120_000);

  test("bodies abandoned half-way (the client hangs up) leave the server serving", async () => {
    for (const { path, parts } of await paths()) {
      const { bytes, cuts } = form(parts);
      for (const cut of cuts.filter((_, i) => i % 4 === 0)) await abandon(path, bytes, cut);
      await alive();
    }
  }, 120_000);
});
