import type { MouseEvent } from "react";
import { ApiError, responseError } from "./api";
import { authHeaders, usesBearerToken } from "./session";

/**
 * Click handler for a link to one of our own file downloads (e.g. a CSV export). With a session cookie the
 * browser follows the link and streams the file to disk; when the caller is known only by a bearer token
 * (Entra mode), a link would arrive signed out, so the file is fetched with the token and saved from memory.
 */
export function onAuthedDownload(onError: (err: unknown) => void) {
  return (e: MouseEvent<HTMLAnchorElement>) => {
    if (!usesBearerToken()) return;
    e.preventDefault();
    const href = e.currentTarget.getAttribute("href");
    if (href) saveWithToken(href).catch(onError);
  };
}

async function saveWithToken(path: string) {
  const res = await fetch(path, { headers: await authHeaders(), credentials: "same-origin" });
  if (!res.ok)
    throw new ApiError((await responseError(res)) || `Download failed (${res.status}).`, res.status);
  const name = /filename="([^"]+)"/.exec(res.headers.get("content-disposition") ?? "")?.[1] ?? "download";
  saveBlob(name, await res.blob());
}

/** Save a blob as the file `name` through a temporary object URL. */
export function saveBlob(name: string, blob: Blob) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
