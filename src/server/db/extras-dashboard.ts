import type { DbExtra } from "./extras";

/** activity_counts' time unit (schema/dashboard.ts). */
export const QUARTER_HOUR_MS = 900_000;

/** Core box change actions that put a box into storage; "delete" takes one out. */
const BOX_ACTIONS = "('create', 'import', 'restore', 'delete')";
const boxNet = (row: string) => `CASE WHEN ${row}.action = 'delete' THEN -1 ELSE 1 END`;

const bump = (metric: string, ts: string, by: string) =>
  `INSERT INTO activity_counts(metric, quarter, n) VALUES ('${metric}', ${ts} / ${QUARTER_HOUR_MS}, ${by})
     ON CONFLICT(metric, quarter) DO UPDATE SET n = n + excluded.n;`;

/**
 * The dashboard's activity counters follow the answer log and the core box change history in the same
 * transaction as the row that changes them; `populate` rebuilds them from those tables.
 */
export const DASHBOARD_EXTRAS: DbExtra[] = [
  {
    name: "dashboard activity counts",
    marker: "activity_core_boxes_ad",
    create: [
      `CREATE TRIGGER IF NOT EXISTS activity_ai_answers_ai AFTER INSERT ON chat_answers BEGIN
         ${bump("ai_answers", "new.ts", "1")}
       END`,
      `CREATE TRIGGER IF NOT EXISTS activity_ai_answers_ad AFTER DELETE ON chat_answers BEGIN
         ${bump("ai_answers", "old.ts", "-1")}
       END`,
      `CREATE TRIGGER IF NOT EXISTS activity_core_boxes_ai AFTER INSERT ON change_records
         WHEN new.kind = 'core_box' AND new.action IN ${BOX_ACTIONS} BEGIN
         ${bump("core_boxes_net", "new.ts", boxNet("new"))}
       END`,
      `CREATE TRIGGER IF NOT EXISTS activity_core_boxes_ad AFTER DELETE ON change_records
         WHEN old.kind = 'core_box' AND old.action IN ${BOX_ACTIONS} BEGIN
         ${bump("core_boxes_net", "old.ts", `-(${boxNet("old")})`)}
       END`,
    ],
    populate: [
      "DELETE FROM activity_counts",
      `INSERT INTO activity_counts(metric, quarter, n)
         SELECT 'ai_answers', ts / ${QUARTER_HOUR_MS}, count(*) FROM chat_answers GROUP BY 2`,
      `INSERT INTO activity_counts(metric, quarter, n)
         SELECT 'core_boxes_net', ts / ${QUARTER_HOUR_MS}, sum(${boxNet("change_records")}) FROM change_records
         WHERE kind = 'core_box' AND action IN ${BOX_ACTIONS} GROUP BY 2`,
    ],
  },
];
