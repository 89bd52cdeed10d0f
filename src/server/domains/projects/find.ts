import {
  countedRows,
  type FoundGroup,
  markWords,
  pathWith,
  SEARCH_COUNT_CAP,
  type SearchHit,
} from "@shared/search";
import { parseWorkOrder, WORK_ORDER_TEXTS, workOrderKey, workOrderPath } from "@shared/work-orders";
import { type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { wordPrefixMatch } from "../../lib/sql";

const CAP_PLUS_ONE = sql.raw(String(SEARCH_COUNT_CAP + 1));

interface Line {
  id: number;
  work_order: string;
  client: string;
  project: string;
}

/** Typed text that reads as (the start of) a work order number: "4321", "4321-0", "w.o. 4321-02a". */
const NUMBERISH = /^\d{1,4}(?:-\d{0,3}(?:\(?[A-Z]\)?)?)?$/;

/** The keys starting with `key`: a range of the work-order key's unique index. */
const keyRange = (key: string): SQL => sql`wo_key >= ${key} AND wo_key < ${`${key}\uffff`}`;

/**
 * The project register's lines for the one search and the Work Orders finder: a number (or its start) walks the
 * work-order key index in order ("4321" → 4321-01, 4321-02A…); words find client and project names through
 * projects_fts. Counted up to SEARCH_COUNT_CAP. A whole work order missing from the register still links to its
 * page, which gathers its binder rows, boxes and reports.
 */
export async function findRegisterLines(
  db: DbOrTx,
  input: { q: string; limit: number },
): Promise<FoundGroup> {
  const key = workOrderKey(input.q);
  const byNumber = NUMBERISH.test(key);
  const match = byNumber ? null : wordPrefixMatch(input.q);
  if (!byNumber && !match) return { count: 0, capped: false, hits: [], more: finderPath(input.q) };
  const from = byNumber
    ? sql`projects WHERE ${keyRange(key)}`
    : sql`projects WHERE id IN (SELECT rowid FROM projects_fts WHERE projects_fts MATCH ${match})`;
  const order = byNumber ? sql`wo_key` : sql`id DESC`;
  const { rows, ...total } = countedRows(
    await db.all<Line>(
      sql`SELECT id, work_order, client, project FROM ${from} ORDER BY ${order} LIMIT ${CAP_PLUS_ONE}`,
    ),
    input.limit,
  );
  const hits = rows.map((r) => lineHit(r, byNumber ? "" : input.q));
  const whole = parseWorkOrder(input.q);
  if (whole && !rows.some((r) => parseWorkOrder(r.work_order)?.base === whole.base)) {
    hits.unshift({
      key: `wo:${whole.work_order}`,
      title: whole.work_order,
      detail: WORK_ORDER_TEXTS.notInRegister,
      snippet: [],
      link: workOrderPath(whole.work_order),
    });
  }
  return {
    ...total,
    hits: hits.slice(0, input.limit),
    more: finderPath(input.q),
  };
}

function lineHit(r: Line, q: string): SearchHit {
  const wo = parseWorkOrder(r.work_order)?.work_order ?? r.work_order;
  const detail = [r.client, r.project].filter(Boolean).join(" · ");
  return {
    key: `wo:${r.id}`,
    title: r.work_order,
    detail,
    snippet: q ? markWords(detail, q) : [],
    link: workOrderPath(wo),
  };
}

const finderPath = (q: string) => pathWith("/work-orders", { q });
