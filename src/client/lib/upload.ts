import { ApiError } from "./api";
import { authHeaders } from "./session";

/**
 * POST a form with upload progress (fetch cannot report it; XMLHttpRequest can). Same contract as api(): JSON
 * back, 2xx is success, errors carry the server's `error` text.
 */
export async function uploadForm<T>(
  path: string,
  form: FormData,
  opts: { onProgress?(fraction: number): void; signal?: AbortSignal; fallbackError?: string } = {},
): Promise<T> {
  const headers = await authHeaders();
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", path);
    xhr.withCredentials = true;
    for (const [k, v] of Object.entries(headers)) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => e.lengthComputable && opts.onProgress?.(e.loaded / e.total);
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // not JSON
      }
      if (xhr.status >= 200 && xhr.status < 300) return resolve(body as T);
      const error = (body as { error?: unknown } | null)?.error;
      reject(
        new ApiError(
          typeof error === "string" && error
            ? error
            : (opts.fallbackError ?? `Request failed (${xhr.status}).`),
          xhr.status,
        ),
      );
    };
    xhr.onerror = () => reject(new ApiError(opts.fallbackError ?? "Network error.", 0));
    xhr.onabort = () => reject(new DOMException("Aborted", "AbortError"));
    opts.signal?.addEventListener("abort", () => xhr.abort());
    xhr.send(form);
  });
}
