import {
  type FoundGroup,
  SEARCH_KIND_LABELS,
  type SearchGroup,
  type SearchInput,
  type SearchKind,
  type SearchResult,
} from "@shared/search";
import { AppError } from "../../lib/errors";
import type { ServiceCtx } from "../../lib/service-ctx";
import { findBoxes } from "../core-boxes/service";
import { findPeople } from "../directory/service";
import { findDocumentPages } from "../documents/service";
import { findWorkOrders } from "../projects/service";
import { findReportNames, findReports } from "../reports/service";
import { findBinderRows } from "../reports-binder/service";
import { findTickets } from "../tickets/service";

type Finder = (ctx: ServiceCtx, input: { q: string; limit: number }) => Promise<FoundGroup>;

/**
 * Each group from its own domain's read service (the one behind that domain's screen), so a person sees here
 * exactly what each screen would show them: a User's tickets are their own, whatever they type.
 */
const FINDERS: Record<SearchKind, Finder> = {
  work_orders: findWorkOrders,
  reports: findReports,
  documents: findDocumentPages,
  people: findPeople,
  tickets: findTickets,
  core_boxes: findBoxes,
  binder: findBinderRows,
};

/**
 * As-you-type: the groups a suggestion list shows, and their cheapest reads (reports by file name; the document
 * databases and report pages wait for the submitted search).
 */
const SUGGESTED: SearchKind[] = ["work_orders", "reports", "people", "tickets", "core_boxes", "binder"];
const SUGGEST_FINDERS: Partial<Record<SearchKind, Finder>> = { reports: findReportNames };

async function group(
  ctx: ServiceCtx,
  kind: SearchKind,
  input: SearchInput,
  finders: Partial<Record<SearchKind, Finder>>,
): Promise<SearchGroup> {
  try {
    const find = finders[kind] ?? FINDERS[kind];
    return { kind, label: SEARCH_KIND_LABELS[kind], ...(await find(ctx, input)) };
  } catch (err) {
    // Text one screen's search refuses (too short for it, say) means "nothing there", not a failed search.
    if (err instanceof AppError && err.code === "BAD_REQUEST")
      return { kind, label: SEARCH_KIND_LABELS[kind], count: 0, capped: false, hits: [], more: "" };
    throw err;
  }
}

/** The groups, searched side by side, in SEARCH_KINDS order. */
async function searchGroups(
  ctx: ServiceCtx,
  input: SearchInput,
  kinds: SearchKind[],
  finders: Partial<Record<SearchKind, Finder>> = {},
): Promise<SearchResult> {
  const groups = await Promise.all(kinds.map((kind) => group(ctx, kind, input, finders)));
  return {
    q: input.q,
    groups,
    total: groups.reduce((n, g) => n + g.count, 0),
    capped: groups.some((g) => g.capped),
  };
}

/** GET /api/search, search.all: every kind, up to `limit` results each. */
export const searchAll = (ctx: ServiceCtx, input: SearchInput) =>
  searchGroups(ctx, input, Object.keys(FINDERS) as SearchKind[]);

/** search.suggest: the header's list as you type (fewer rows; the document databases wait for "See all"). */
export const suggest = (ctx: ServiceCtx, input: SearchInput) =>
  searchGroups(ctx, input, SUGGESTED, SUGGEST_FINDERS);

/** The Work Orders finder: the register by number prefix, client or project name. */
export const findWorkOrderLines = (ctx: ServiceCtx, input: SearchInput) => findWorkOrders(ctx, input);
