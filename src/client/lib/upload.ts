import { ApiError, errorField, parseJson } from "./api";
import { authHeaders } from "./session";

export interface UploadOptions {
  onProgress?(fraction: number): void;
  signal?: AbortSignal;
  fallbackError?: string;
  /**
   * Ask for an NDJSON stream (`Accept: application/x-ndjson`) and get each line as it arrives. The promise then
   * resolves with the last line (the server's closing summary). A server that answers plain JSON (an early 4xx,
   * or one that ignores Accept) still works: that body is handled as without `onLine`.
   */
  onLine?(line: unknown): void;
}

/** Complete lines of `text` from `from` on, parsed; returns them and where the unfinished tail starts. */
export function ndjsonLines(text: string, from: number): { lines: unknown[]; next: number } {
  const lines: unknown[] = [];
  let at = from;
  for (let nl = text.indexOf("\n", at); nl !== -1; nl = text.indexOf("\n", at)) {
    const raw = text.slice(at, nl).trim();
    at = nl + 1;
    if (!raw) continue;
    try {
      lines.push(JSON.parse(raw));
    } catch {
      // a line that is not JSON is not ours: skip it
    }
  }
  return { lines, next: at };
}

/**
 * POST a form with upload progress (fetch cannot report it; XMLHttpRequest can). Same contract as api(): JSON
 * back, 2xx is success, errors carry the server's `error` text. With `onLine` the answer is read as it streams
 * (XHR's partial responseText), which is how the Index Manager shows a file's steps while the server works.
 */
export async function uploadForm<T>(path: string, form: FormData, opts: UploadOptions = {}): Promise<T> {
  const headers = await authHeaders();
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", path);
    xhr.withCredentials = true;
    for (const [k, v] of Object.entries(headers)) xhr.setRequestHeader(k, v);
    if (opts.onLine) xhr.setRequestHeader("Accept", "application/x-ndjson, application/json");
    xhr.upload.onprogress = (e) => e.lengthComputable && opts.onProgress?.(e.loaded / e.total);

    const streamed = () => (xhr.getResponseHeader("content-type") ?? "").includes("ndjson");
    let read = 0;
    let last: unknown;
    const drain = (all: boolean) => {
      const text = all && !xhr.responseText.endsWith("\n") ? `${xhr.responseText}\n` : xhr.responseText;
      const { lines, next } = ndjsonLines(text, read);
      read = next;
      for (const line of lines) {
        last = line;
        opts.onLine?.(line);
      }
    };
    if (opts.onLine) xhr.onprogress = () => streamed() && drain(false);

    xhr.onload = () => {
      const ok = xhr.status >= 200 && xhr.status < 300;
      if (opts.onLine && streamed()) {
        drain(true);
        if (ok) return resolve(last as T);
      }
      const body = streamed() ? (last ?? null) : parseJson(xhr.responseText);
      if (ok) return resolve(body as T);
      const message = errorField(body) || (opts.fallbackError ?? `Request failed (${xhr.status}).`);
      reject(new ApiError(message, xhr.status, body));
    };
    xhr.onerror = () => reject(new ApiError(opts.fallbackError ?? "Network error.", 0));
    xhr.onabort = () => reject(new DOMException("Aborted", "AbortError"));
    opts.signal?.addEventListener("abort", () => xhr.abort());
    xhr.send(form);
  });
}
