import type { BulkIndexLine } from "@shared/reports";
import type { TestApp } from "./app";

export interface ReportUpload {
  name: string;
  content: Uint8Array<ArrayBuffer> | string;
}

/** The multipart body the Reports Indexer sends: `files` repeated, then the two flags (the spec's order). */
export function bulkForm(files: ReportUpload[], fields: Record<string, string> = {}, fieldsFirst = false) {
  const fd = new FormData();
  const addFields = () => {
    for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  };
  if (fieldsFirst) addFields();
  for (const f of files) fd.append("files", new Blob([f.content], { type: "application/pdf" }), f.name);
  if (!fieldsFirst) addFields();
  return fd;
}

export interface BulkAnswer {
  steps: string[];
  error?: string;
  indexed?: number;
  replaced?: number;
  skipped?: number;
  failed?: number;
}

/** POST /api/reports/bulk-index, plain: the whole answer at the end. */
export async function bulkIndex(
  t: TestApp,
  cookie: string | undefined,
  files: ReportUpload[],
  fields: Record<string, string> = {},
) {
  const res = await t.request("/api/reports/bulk-index", {
    method: "POST",
    body: bulkForm(files, fields),
    cookie,
  });
  return { status: res.status, body: (await res.json()) as BulkAnswer };
}

/** The same with `Accept: application/x-ndjson`: every line, parsed, in the order received. */
export async function bulkIndexStream(
  t: TestApp,
  cookie: string,
  files: ReportUpload[],
  fields: Record<string, string> = {},
) {
  const res = await t.request("/api/reports/bulk-index", {
    method: "POST",
    body: bulkForm(files, fields),
    cookie,
    headers: { accept: "application/x-ndjson" },
  });
  const lines: BulkIndexLine[] = [];
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    let nl = buffer.indexOf("\n");
    while (nl >= 0) {
      lines.push(JSON.parse(buffer.slice(0, nl)));
      buffer = buffer.slice(nl + 1);
      nl = buffer.indexOf("\n");
    }
  }
  return { status: res.status, type: res.headers.get("content-type"), lines };
}

export async function getJson<T = Record<string, unknown>>(
  t: TestApp,
  cookie: string | undefined,
  path: string,
) {
  const res = await t.request(path, { cookie });
  return { status: res.status, body: (await res.json()) as T & { error?: string } };
}
