import type { TestApp } from "./app";

export const PDF = (text = "hello") => `%PDF-1.7\n${text}\n%%EOF\n`;

/** A multipart body with the text fields first (as our client sends them), then the file. */
export function uploadForm(
  fields: Record<string, string>,
  file: { name: string; content: string | Uint8Array<ArrayBuffer>; type?: string } | null,
  opts: { fileFirst?: boolean } = {},
) {
  const fd = new FormData();
  const addFile = () => {
    if (file)
      fd.append("file", new Blob([file.content], { type: file.type ?? "application/pdf" }), file.name);
  };
  if (opts.fileFirst) addFile();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  if (!opts.fileFirst) addFile();
  return fd;
}

export async function upload(
  t: TestApp,
  cookie: string | undefined,
  fields: Record<string, string>,
  file: { name: string; content: string | Uint8Array<ArrayBuffer>; type?: string } | null,
  opts: { fileFirst?: boolean; headers?: Record<string, string> } = {},
) {
  const res = await t.request("/api/s3/upload", {
    method: "POST",
    body: uploadForm(fields, file, opts),
    cookie,
    headers: opts.headers,
  });
  const body = (await res.json()) as {
    key?: string;
    url?: string;
    note?: string;
    job_id?: number;
    error?: string;
  };
  return { status: res.status, body };
}

export async function postJson(t: TestApp, cookie: string | undefined, path: string, json: unknown) {
  const res = await t.request(path, { method: "POST", json, cookie });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> & { error?: string } };
}

export async function listKeys(t: TestApp, cookie: string) {
  const res = await t.request("/api/s3/files", { cookie });
  const body = (await res.json()) as { files: { Key: string }[] };
  return body.files.map((f) => f.Key);
}

/**
 * POST a multipart body to an upload path and count how much of it the server read: a refusal that comes before
 * the form is read leaves it at 0. (A high-water mark of 0: nothing is pulled until someone reads.)
 */
export async function uploadWatched(t: TestApp, path: string, cookie: string) {
  let pulled = 0;
  const part = new TextEncoder().encode(
    `--b\r\nContent-Disposition: form-data; name="db_name"\r\n\r\nw.db\r\n`,
  );
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        pulled++;
        controller.enqueue(part);
        if (pulled > 1000) controller.close();
      },
    },
    { highWaterMark: 0 },
  );
  const headers = { "content-type": "multipart/form-data; boundary=b" };
  const init = { method: "POST", body, headers, cookie, duplex: "half" };
  const res = await t.request(path, init as RequestInit);
  return { status: res.status, pulled };
}
