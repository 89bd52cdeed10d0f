import { type MatchSort, matchedWorkOrder, NOT_FOUND, type WorkOrderMatch } from "@shared/ocr";

/** One row of the Matches list: the lookup answer plus its place in the original list. */
export interface MatchRow extends WorkOrderMatch {
  index: number;
  /** What the photo reader read, when the register corrected it or a suggestion was taken. */
  read_as?: string;
}

export interface MatchView {
  filter: string;
  notFoundOnly: boolean;
  sort: MatchSort;
  dir: "asc" | "desc";
}

const collator = new Intl.Collator("en", { numeric: true, sensitivity: "base" });

/** Filter (any column, ignoring case), "not found only", then the toolbar's sort. Misses sort last. */
export function viewMatches(rows: MatchRow[], view: MatchView): MatchRow[] {
  const q = view.filter.trim().toLowerCase();
  const kept = rows.filter((r) => {
    if (view.notFoundOnly && r.project_wo !== NOT_FOUND) return false;
    if (!q) return true;
    return [r.work_order, r.project_wo, r.client, r.project, r.pr, r.date].some((v) =>
      v.toLowerCase().includes(q),
    );
  });
  const sign = view.dir === "asc" ? 1 : -1;
  const key = (r: MatchRow): string | number => {
    switch (view.sort) {
      case "original":
        return r.index;
      case "work_order":
        return r.work_order;
      default:
        return r[view.sort];
    }
  };
  return [...kept].sort((a, b) => {
    if (view.sort !== "original") {
      const missA = a.project_wo === NOT_FOUND || key(a) === "";
      const missB = b.project_wo === NOT_FOUND || key(b) === "";
      if (missA !== missB) return missA ? 1 : -1;
    }
    const ka = key(a);
    const kb = key(b);
    const c =
      typeof ka === "number" && typeof kb === "number" ? ka - kb : collator.compare(String(ka), String(kb));
    return (c || a.index - b.index) * sign;
  });
}

export const MATCH_COLUMNS: { header: string; value(r: MatchRow): string }[] = [
  { header: "Work Order", value: (r) => r.work_order },
  { header: "Matched WO", value: matchedWorkOrder },
  { header: "PR", value: (r) => r.pr },
  { header: "Client", value: (r) => r.client },
  { header: "Project", value: (r) => r.project },
  { header: "Date", value: (r) => r.date },
  { header: "Read As", value: (r) => r.read_as ?? "" },
];

/** Tab-separated with a header line: pastes straight into a spreadsheet. Tabs and newlines inside become spaces. */
export function matchesToTsv(rows: MatchRow[]): string {
  const clean = (s: string) => s.replace(/[\t\r\n]+/g, " ");
  const lines = [
    MATCH_COLUMNS.map((c) => c.header),
    ...rows.map((r) => MATCH_COLUMNS.map((c) => clean(c.value(r)))),
  ];
  return lines.map((l) => l.join("\t")).join("\n");
}
