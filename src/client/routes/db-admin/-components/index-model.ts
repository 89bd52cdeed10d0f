/** The Index Manager's pure rules (target database, form fields, Run checks, history groups, filter), unit-tested. */
import {
  DOCUMENT_TEXTS,
  type DocDb,
  HISTORY_GROUP_MINUTES,
  type ProcessStreamLine,
  toDbName,
  type UploadHistoryEntry,
} from "@shared/documents";
import { fold, searchTerms } from "@shared/text-keys";
import type { LogEntry } from "@/components/log-panel";
import { errorField } from "@/lib/api";

export type DbAction = "new" | "append";

export interface IndexSettings {
  action: DbAction;
  general: boolean;
  title: string;
  /** The DB File field as typed (or as derived from the title). */
  dbFile: string;
  /** Once the person edits DB File it no longer follows the title (until they clear it). */
  dbFileEdited: boolean;
  /** Append mode's Select DB; "" is '-- choose --'. */
  selected: string;
}

export const DEFAULT_INDEX_SETTINGS: IndexSettings = {
  action: "new",
  general: false,
  title: "",
  dbFile: "",
  dbFileEdited: false,
  selected: "",
};

export const withTitle = (s: IndexSettings, title: string): IndexSettings => ({
  ...s,
  title,
  dbFile: s.dbFileEdited ? s.dbFile : toDbName(title),
});

/** Typing in DB File detaches it from the title; emptying it re-attaches it (from the next title change). */
export const withDbFile = (s: IndexSettings, dbFile: string): IndexSettings => ({
  ...s,
  dbFile,
  dbFileEdited: dbFile.trim() !== "",
});

/** The database a Run sends to: the DB File made a valid name (New DB), or the chosen one (Append). */
export const targetDbOf = (s: IndexSettings) => (s.action === "new" ? toDbName(s.dbFile) : s.selected);

/** Why Run cannot start, in the spec's words, or null. */
export function runBlocker(waiting: number, s: IndexSettings): string | null {
  if (waiting === 0) return DOCUMENT_TEXTS.queueEmpty;
  if (!targetDbOf(s)) return DOCUMENT_TEXTS.pickDb;
  return null;
}

/** What one file of a Run is sent with (captured at Run, so changing the form mid-run moves nothing). */
export interface RunTarget {
  db: string;
  action: DbAction;
  general: boolean;
  title: string;
}

/** The text fields of POST /api/process-file, before the file so the server can check them first. */
export function processFields(t: RunTarget, action: DbAction, user: string): [string, string][] {
  const fields: [string, string][] = [
    ["db_name", t.db],
    ["mode", t.general ? "general" : "default"],
    ["action", action],
  ];
  if (action === "new" && t.title.trim()) fields.push(["title", t.title.trim()]);
  fields.push(["user", user]);
  return fields;
}

/** The closing line of a streamed answer, or the plain `{ steps }` / `{ error, steps }` JSON answer. */
export function summaryOf(body: unknown): { ok: boolean; steps: string[]; error?: string } {
  const b = (body ?? {}) as Partial<Extract<ProcessStreamLine, { done: true }>>;
  const steps = Array.isArray(b.steps) ? b.steps.filter((s): s is string => typeof s === "string") : [];
  const error = errorField(body) || undefined;
  return { ok: b.ok !== false && !error, steps, error };
}

export interface HistoryGroup {
  key: string;
  user: string;
  db: string;
  /** Newest first. */
  entries: UploadHistoryEntry[];
  newest: string;
  oldest: string;
}

const timeOf = (iso: string) => {
  const t = Date.parse(iso);
  return Number.isNaN(t) ? 0 : t;
};

/**
 * Upload history grouped by user and database: an upload joins the group of the same user and database when it
 * came within 10 minutes of that group's oldest upload so far (a session of uploads reads as one group; another
 * person's uploads in between do not split it). Groups and their files are newest first.
 */
export function groupHistory(
  entries: readonly UploadHistoryEntry[],
  minutes = HISTORY_GROUP_MINUTES,
): HistoryGroup[] {
  const windowMs = minutes * 60_000;
  const sorted = [...entries].sort((a, b) => timeOf(b.time) - timeOf(a.time));
  const groups: HistoryGroup[] = [];
  const open = new Map<string, HistoryGroup>();
  for (const e of sorted) {
    const id = `${e.user}\u0000${e.db}`;
    const g = open.get(id);
    if (g && timeOf(g.oldest) - timeOf(e.time) <= windowMs) {
      g.entries.push(e);
      g.oldest = e.time;
      continue;
    }
    const fresh: HistoryGroup = {
      key: `${id}\u0000${e.time}`,
      user: e.user,
      db: e.db,
      entries: [e],
      newest: e.time,
      oldest: e.time,
    };
    groups.push(fresh);
    open.set(id, fresh);
  }
  return groups;
}

/** The Databases panel's filter: every word in the name or the title, any case. */
export function filterDbs(dbs: readonly DocDb[], q: string): readonly DocDb[] {
  const terms = searchTerms(q);
  if (!terms.length) return dbs;
  return dbs.filter((d) => {
    const hay = fold(`${d.name}\n${d.title}`);
    return terms.every((t) => hay.includes(t));
  });
}

/** A line of the Steps log; `file` is null for steps of other actions (Refresh embeddings). */
export interface Step extends LogEntry {
  failed?: boolean;
}

/** How a step reads: the server's texts are free-form, so its failures and skips are told by their words. */
export function stepTone(s: Step): "ok" | "failed" | "skipped" {
  if (s.failed || /\b(fail(ed|s|ure)?|error|cannot|could not)\b/i.test(s.text)) return "failed";
  if (/\b(skip(ped|ping)?|duplicate|already)\b/i.test(s.text)) return "skipped";
  return "ok";
}
