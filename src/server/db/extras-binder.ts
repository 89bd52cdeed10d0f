import { contentFts } from "./content-fts";
import type { DbExtra } from "./extras";

/**
 * Substring search over the binder (file, work order, initials, billing): a trigram FTS5 index with external
 * content, so "q" of 3+ characters reads the index instead of scanning half a million rows.
 */
export const BINDER_EXTRAS: DbExtra[] = [
  contentFts({
    name: "reports binder search",
    table: "reports_binder",
    columns: ["pdf_file", "work_order", "engineer_initials", "billing"],
    options: "tokenize='trigram'",
  }),
];
