import type { TestApp } from "./app";
import { uploadForm } from "./storage";

export interface ProcessResult {
  status: number;
  body: { steps?: string[]; error?: string; document_id?: number };
}

/** POST /api/process-file as the Index Manager sends it (fields first, then the file). */
export async function processFile(
  t: TestApp,
  cookie: string | undefined,
  fields: Record<string, string>,
  file: { name: string; content: Uint8Array<ArrayBuffer> | string },
): Promise<ProcessResult> {
  const res = await t.request("/api/process-file", {
    method: "POST",
    body: uploadForm(fields, file),
    cookie,
  });
  return { status: res.status, body: (await res.json()) as ProcessResult["body"] };
}

/** The same with `Accept: application/x-ndjson`: every line, parsed, in the order received. */
export async function processFileStream(
  t: TestApp,
  cookie: string,
  fields: Record<string, string>,
  file: { name: string; content: Uint8Array<ArrayBuffer> },
) {
  const res = await t.request("/api/process-file", {
    method: "POST",
    body: uploadForm(fields, file),
    cookie,
    headers: { accept: "application/x-ndjson" },
  });
  const lines: Record<string, unknown>[] = [];
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  const arrivals: number[] = [];
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    let nl = buffer.indexOf("\n");
    while (nl >= 0) {
      lines.push(JSON.parse(buffer.slice(0, nl)));
      arrivals.push(performance.now());
      buffer = buffer.slice(nl + 1);
      nl = buffer.indexOf("\n");
    }
  }
  return { status: res.status, type: res.headers.get("content-type"), lines, arrivals };
}

export async function postJson(t: TestApp, cookie: string | undefined, path: string, json: unknown) {
  const res = await t.request(path, { method: "POST", json, cookie });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> & { error?: string } };
}
