import { OPEN_MANY_CAP } from "@shared/storage";
import { extensionOf } from "@shared/storage-keys";

/** Image types browsers show inline (the spec's list: png, jpg, jpeg, webp, gif). */
export const IMAGE_EXTENSIONS: readonly string[] = ["png", "jpg", "jpeg", "webp", "gif"];

export type PreviewKind = "pdf" | "image" | "none";

/** How a file can be previewed in the page, judged by its name's extension. */
export function previewKind(name: string): PreviewKind {
  const ext = extensionOf(name);
  if (ext === "pdf") return "pdf";
  return IMAGE_EXTENSIONS.includes(ext) ? "image" : "none";
}

/**
 * A link as someone can paste it elsewhere: the local store's signed links are root-relative (/files/…) so they
 * work behind any proxy; copied, they need the origin the person is looking at.
 */
export function absoluteUrl(url: string, origin: string = globalThis.location?.origin ?? "http://localhost") {
  return new URL(url, origin).href;
}

/** Open up to `cap` links in new tabs (the spec's open-many cap is 10); returns how many were opened. */
export function openMany(urls: readonly string[], cap = OPEN_MANY_CAP): number {
  const some = urls.filter(Boolean).slice(0, cap);
  for (const url of some) window.open(url, "_blank", "noopener,noreferrer");
  return some.length;
}
