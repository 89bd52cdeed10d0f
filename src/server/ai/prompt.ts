import { CHAT_TEXTS, citation } from "@shared/chat";
import type { Passage } from "./retrieval";

/**
 * The one prompt both answer models get: instructions, the passages as <source> blocks of <page>s, the question.
 * The local model reads the same blocks back (parseSources), so the choice of model changes nothing upstream.
 */
const clean = (s: string) => s.replace(/<\/?(source|page|sources)\b/gi, (m) => m.replace("<", "‹"));
const attr = (s: string) => s.replace(/["<>&]/g, "_");

export function sourcesBlock(passages: Passage[]): string {
  if (!passages.length) return "<sources>\n</sources>";
  const blocks = passages.map((p) => {
    const pages = p.pages.map((pg) => `<page n="${pg.page}">\n${clean(pg.text)}\n</page>`).join("\n");
    return `<source n="${p.n}" file="${attr(p.file)}">\n${pages}\n</source>`;
  });
  return `<sources>\n${blocks.join("\n")}\n</sources>`;
}

export function systemPrompt(passages: Passage[], o: { dbLabel: string; useWeb: boolean }): string {
  const example = citation(passages[0]?.file ?? "Handbook.pdf", [passages[0]?.pages[0]?.page ?? 4]);
  const rules = [
    `You are Geolabs AI. You answer questions from Geolabs staff using the company documents in "${o.dbLabel}".`,
    "Answer only from the passages in <sources> below; for anything about Geolabs use nothing else. Cite each " +
      `claim with its file and page in square brackets, exactly as in the source, like ${example}; a claim from ` +
      "two pages cites both. Quote figures, names and forms as the passages write them.",
    "Lead with the sentence that answers the question. Give at most three points unless a list is asked for.",
    `If the passages do not answer the question, say exactly: "${CHAT_TEXTS.notFound(o.dbLabel)}" and nothing ` +
      "that could be taken for an answer (a passage on a nearby subject is not an answer).",
    o.useWeb
      ? "You may add general knowledge the sources lack. Put it in a separate final paragraph that starts with " +
        `${CHAT_TEXTS.generalKnowledge} and never cite a source there.`
      : "Do not add knowledge from outside the sources.",
    "Answer in Markdown, briefly and plainly. Do not invent page numbers, figures or policies.",
  ];
  return `${rules.join("\n")}\n\n${sourcesBlock(passages)}`;
}

export interface ParsedPage {
  n: number;
  file: string;
  page: number;
  text: string;
}

/** The <source>/<page> blocks of a prompt, in order. */
export function parseSources(system: string): ParsedPage[] {
  const out: ParsedPage[] = [];
  const sourceRe = /<source n="(\d+)" file="([^"]*)">([\s\S]*?)<\/source>/g;
  for (const s of system.matchAll(sourceRe)) {
    const pageRe = /<page n="(\d+)">\n?([\s\S]*?)\n?<\/page>/g;
    for (const p of s[3]!.matchAll(pageRe)) {
      out.push({ n: Number(s[1]), file: s[2]!, page: Number(p[1]), text: p[2]! });
    }
  }
  return out;
}
