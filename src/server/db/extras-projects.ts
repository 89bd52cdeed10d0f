import { contentFts } from "./content-fts";
import type { DbExtra } from "./extras";

/**
 * Word-prefix search over the project register's client and project names (the one search and the Work Orders
 * finder): "kapolei sch" finds "Kapolei Middle School" without reading the register's lines. Numbers go
 * through the work-order key's unique index instead. External content, so the text is stored once.
 */
export const PROJECT_EXTRAS: DbExtra[] = [
  contentFts({
    name: "project register search",
    table: "projects",
    columns: ["work_order", "client", "project"],
    options: "tokenize='unicode61 remove_diacritics 2', prefix='2 3'",
  }),
];
