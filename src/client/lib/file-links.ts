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

/**
 * Open up to `cap` links in new tabs (the spec's open-many cap is 10). Browsers allow one new tab per click unless
 * pop-ups are allowed for the site, so this reports how many actually opened. The opener link is cut by hand:
 * with the "noopener" feature window.open returns null and blocked tabs could not be told apart.
 */
export function openMany(urls: readonly string[], cap = OPEN_MANY_CAP): { asked: number; opened: number } {
  const some = urls.filter(Boolean).slice(0, cap);
  let opened = 0;
  for (const url of some) {
    const tab = window.open(url, "_blank");
    if (!tab) continue;
    tab.opener = null;
    opened++;
  }
  return { asked: some.length, opened };
}

/**
 * Open in a new tab a link that must be fetched first (a signed link made on demand). The tab is opened at once,
 * while the click still counts as the person's gesture (a tab opened after an await is a blocked pop-up), and
 * pointed at the link when it comes; if getting it fails the tab is closed and the error thrown on.
 */
export async function openFetchedLink(getUrl: () => Promise<string>): Promise<void> {
  const tab = window.open("", "_blank");
  if (tab) tab.opener = null;
  try {
    const url = absoluteUrl(await getUrl());
    if (tab) tab.location.href = url;
    else window.open(url, "_blank", "noopener");
  } catch (err) {
    tab?.close();
    throw err;
  }
}
