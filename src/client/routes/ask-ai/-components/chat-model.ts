import { type ChatMessageMeta, CITATION_PATTERN, HISTORY_PREVIEW_CHARS } from "@shared/chat";
import type { UIMessage } from "ai";

export type ChatMessage = UIMessage<ChatMessageMeta>;

/** What a message says (its text parts joined). */
export const messageText = (m: Pick<ChatMessage, "parts">) =>
  m.parts.map((p) => (p.type === "text" ? p.text : "")).join("");

/** Where a citation link points inside our Markdown: `#cite:<page>:<file>` (resolved to a signed link). */
export const CITE_PREFIX = "#cite:";

/** Citations `[file p. N]` turned into Markdown links the answer renderer resolves to the PDF at that page. */
export function linkCitations(text: string): string {
  return text.replace(CITATION_PATTERN, (whole, file: string, page: string) => {
    const label = whole.slice(1, -1).replace(/([\\[\]*_`])/g, "\\$1");
    return `[${label}](${CITE_PREFIX}${page}:${encodeURIComponent(file)})`;
  });
}

export function parseCiteHref(href: string | undefined): { file: string; page: number } | null {
  if (!href?.startsWith(CITE_PREFIX)) return null;
  const rest = href.slice(CITE_PREFIX.length);
  const colon = rest.indexOf(":");
  const page = Number(rest.slice(0, colon));
  if (colon < 1 || !Number.isInteger(page) || page < 1) return null;
  try {
    return { page, file: decodeURIComponent(rest.slice(colon + 1)) };
  } catch {
    return null;
  }
}

/** The file names an answer cites (to fetch signed links for). */
export function citedFiles(text: string): string[] {
  return [...new Set([...text.matchAll(CITATION_PATTERN)].map((m) => m[1]!))];
}

/** A PDF link that opens at a page: the viewer reads `#page=N`. */
export const pdfAtPage = (url: string, page: number) => `${url.split("#")[0]}#page=${page}`;

/** The history panel's preview: the answer as plain words (no Markdown marks, no citations), 100 characters. */
export function previewText(answer: string): string {
  const plain = answer
    .replace(CITATION_PATTERN, "")
    .replace(/[*_`>#]+/g, "")
    .replace(/^\s*[-•]\s+/gm, "")
    .replace(/\s+/g, " ")
    .trim();
  return plain.length > HISTORY_PREVIEW_CHARS ? `${plain.slice(0, HISTORY_PREVIEW_CHARS)}…` : plain;
}

/** The database to start with: the one in the URL, else the last one used, else the handbook, else the first. */
export function initialDb(names: string[], fromUrl?: string, lastUsed?: string | null): string {
  for (const candidate of [fromUrl, lastUsed, "employee_handbook.db"]) {
    if (candidate && names.includes(candidate)) return candidate;
  }
  return names[0] ?? "";
}
