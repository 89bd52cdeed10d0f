import type { DbExtra } from "./extras";

/**
 * Ask AI reads the terms of the chunk index (with how many chunks hold each) to complete a question's clipped words:
 * an fts5vocab view of doc_chunks_fts, which stores nothing of its own.
 */
export const CHAT_EXTRAS: DbExtra[] = [
  {
    name: "document chunk vocabulary",
    marker: "doc_chunks_fts_vocab",
    create: [
      `CREATE VIRTUAL TABLE IF NOT EXISTS doc_chunks_fts_vocab USING fts5vocab('doc_chunks_fts', 'row')`,
    ],
    populate: [],
  },
];
