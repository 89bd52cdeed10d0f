import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { contentWords, type QueryTerm, stem } from "./fts-query";

/**
 * Documents a question names. A report's name is often only in its file name (`4321-07.Project Name.pdf`) and on
 * its title page, in lines the answer never quotes; a question naming the project is about that report, however
 * many other reports share its common words. A document is named when the question holds every word of its name
 * (two words at least: one word names a subject more often than a document) or its work order.
 */
export interface NamedDocument {
  id: number;
  file: string;
  /** Stems of the words of its name. */
  stems: string[];
  /** Its work order, lower case ("4321-07a"), for a report. */
  order: string | null;
}

interface DocumentRow {
  id: number;
  file_name: string;
  project: string | null;
  work_order: string | null;
}

/** Candidates read per question: a name's words are searched in file names, the rest is checked here. */
const CANDIDATES = 500;
/** Question words searched in file names (the rarest first: a project's own name is rare). */
const SEARCHED_WORDS = 6;

/** The words a document is named by: a report's project, else its file name without the extension. */
export function nameStems(fileName: string, project?: string | null): string[] {
  const name = project?.trim() || fileName.replace(/\.[\p{L}\p{N}]{1,5}$/u, "");
  return [...new Set(contentWords(name.replace(/[_.]+/g, " ")).map(stem))];
}

const workOrderOf = (t: QueryTerm) => t.words.join("-");

/**
 * The documents of `collectionIds` (only `within`, when given) the question's terms name. Marks each term with
 * the files whose name holds it (`files`): every sentence of such a file holds it, the question being about it.
 */
export async function namedDocuments(
  db: Db,
  collectionIds: number[],
  terms: QueryTerm[],
  within?: number[],
): Promise<NamedDocument[]> {
  if (!collectionIds.length || within?.length === 0) return [];
  const orders = terms.filter((t) => t.words.length > 1 && /\d/.test(t.words[0]!)).map(workOrderOf);
  const asked = new Set(terms.flatMap((t) => (t.words.length === 1 ? t.stems : [])));
  const named = (
    within ? await scopeDocuments(db, within) : await candidates(db, collectionIds, terms, orders)
  )
    .map((r) => ({
      id: Number(r.id),
      file: r.file_name,
      stems: nameStems(r.file_name, r.project),
      order: r.work_order?.toLowerCase() ?? null,
    }))
    // A question scoped to documents is about them all: each of their names' words is held by them.
    .filter(
      (d) =>
        !!within ||
        (d.stems.length >= 2 && d.stems.every((s) => asked.has(s))) ||
        (!!d.order && orders.includes(d.order)),
    );
  markFiles(terms, named);
  return named;
}

/** The documents of a scope (a work order's reports: a few). */
const scopeDocuments = (db: Db, ids: number[]) =>
  db.all<DocumentRow>(sql`
    SELECT d.id, d.file_name, d.project, d.work_order FROM doc_documents d WHERE d.id IN ${ids}
    LIMIT ${CANDIDATES}`);

/** Documents whose file name holds one of the question's rarer words, or whose work order it names. */
function candidates(db: Db, collectionIds: number[], terms: QueryTerm[], orders: string[]) {
  const words = terms
    .filter((t) => t.words.length === 1 && !t.guessed && t.stems[0]!.length >= 3)
    .sort((a, b) => (a.df ?? 0) - (b.df ?? 0))
    .slice(0, SEARCHED_WORDS)
    .map((t) => `%${t.stems[0]}%`);
  if (!words.length && !orders.length) return Promise.resolve([]);
  const byName = words.map((w) => sql`d.file_name LIKE ${w}`);
  const byOrder = orders.length ? [sql`lower(d.work_order) IN ${orders}`] : [];
  return db.all<DocumentRow>(sql`
    SELECT d.id, d.file_name, d.project, d.work_order FROM doc_documents d
    WHERE d.collection_id IN ${collectionIds} AND d.status = 'indexed'
      AND (${sql.join([...byName, ...byOrder], sql` OR `)})
    LIMIT ${CANDIDATES}`);
}

/** Each term held by a named document's name (or its work order) is held by every sentence of that file. */
export function markFiles(terms: QueryTerm[], named: NamedDocument[]) {
  for (const t of terms) {
    const held = (d: NamedDocument) =>
      t.words.length > 1 ? workOrderOf(t) === d.order : t.stems.every((s) => d.stems.includes(s));
    const files = named.filter(held).map((d) => d.file);
    if (files.length) t.files = files;
  }
}
