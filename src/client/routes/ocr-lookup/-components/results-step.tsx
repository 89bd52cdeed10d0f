import { NOT_FOUND, OCR_MESSAGES } from "@shared/ocr";
import { useMemo, useState } from "react";
import { errorMessage } from "@/lib/api";
import { dateStamp, downloadText, toCsv } from "@/lib/csv";
import { useCopy } from "@/lib/use-copy";
import { ImageOverlay } from "./image-overlay";
import { MATCH_COLUMNS, type MatchRow, type MatchView, matchesToTsv, viewMatches } from "./matches";
import { MatchesTable } from "./matches-table";
import { ResultsToolbar } from "./results-toolbar";
import { UnsureReadings } from "./unsure-readings";
import type { Recognition } from "./use-recognition";
import { WorkOrderList } from "./work-order-list";

const DEFAULT_VIEW: MatchView = { filter: "", notFoundOnly: false, sort: "original", dir: "asc" };

/**
 * Step 2: the toolbar, then the image with the readings marked beside the editable work orders, the unsure
 * readings and the matches. The view (filter, sort) starts afresh with every new image.
 */
export function ResultsStep({ r }: { r: Recognition }) {
  const [view, setView] = useState<MatchView>(DEFAULT_VIEW);
  const [active, setActive] = useState<number | null>(null);
  const { copy } = useCopy();
  const [copied, setCopied] = useState<"wos" | "matches" | null>(null);

  const visible = useMemo(() => (r.rows ? viewMatches(r.rows, view) : undefined), [r.rows, view]);
  const found = (r.rows ?? []).filter((m) => m.project_wo !== NOT_FOUND).length;

  const copyText = async (what: "wos" | "matches", text: string) => {
    if (await copy(text)) {
      setCopied(what);
      setTimeout(() => setCopied((c) => (c === what ? null : c)), 2000);
    }
  };

  return (
    <div className="space-y-4">
      <ResultsToolbar
        view={view}
        onView={(patch) => setView((v) => ({ ...v, ...patch }))}
        normalize={r.normalize}
        onNormalize={r.setNormalize}
        found={found}
        total={r.list.length}
        looking={r.lookup.isFetching}
        copied={copied}
        onNewImage={r.reset}
        onRerun={() => void r.lookup.refetch()}
        onCopyWos={() => void copyText("wos", r.list.join("\n"))}
        onCopyMatches={() => void copyText("matches", matchesToTsv(visible ?? []))}
        onCsv={() =>
          downloadText(`work-order-matches-${dateStamp()}.csv`, toCsv(visible ?? [], MATCH_COLUMNS))
        }
      />
      {r.items.length === 0 && (
        <p role="status" className="rounded-lg border border-warning/50 bg-warning/10 p-3 text-sm">
          {OCR_MESSAGES.noneFound}
        </p>
      )}
      <ResultsGrid r={r} visible={visible} active={active} onActive={setActive} />
    </div>
  );
}

/** The image with every reading marked (left), the lists and the matches (right); hovering one marks the other. */
function ResultsGrid({
  r,
  visible,
  active,
  onActive,
}: {
  r: Recognition;
  visible: MatchRow[] | undefined;
  active: number | null;
  onActive(id: number | null): void;
}) {
  const activeItem = r.items.find((i) => i.id === active);
  const activeRow = activeItem
    ? (r.rows ?? []).find((m) => m.work_order.toUpperCase() === r.display(activeItem).toUpperCase())?.index
    : undefined;
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
      <div className="space-y-4">
        {r.previewUrl && r.result && (
          <ImageOverlay
            src={r.previewUrl}
            size={r.result.image}
            items={[
              ...r.items.map((i) => ({
                id: i.id,
                label: r.display(i),
                box: i.box,
                register: i.readAs ? ("corrected" as const) : i.suggestions ? ("absent" as const) : undefined,
              })),
              ...r.unsure.map((i) => ({ id: i.id, label: i.text, box: i.box, unsure: true })),
            ]}
            active={active}
            onActive={onActive}
          />
        )}
      </div>
      <div className="space-y-6">
        <WorkOrderList
          items={r.items}
          display={r.display}
          active={active}
          onActive={onActive}
          onEdit={r.edit}
          onRemove={r.remove}
          onAdd={r.add}
          onTake={r.take}
        />
        <UnsureReadings
          items={r.unsure}
          active={active}
          onActive={onActive}
          onConfirm={r.confirm}
          onDismiss={r.dismiss}
          onTake={r.takeUnsure}
        />
        <MatchesTable
          rows={visible}
          loading={r.lookup.isFetching}
          error={r.lookup.error ? errorMessage(r.lookup.error, OCR_MESSAGES.lookupFailed) : null}
          onRetry={() => void r.lookup.refetch()}
          active={activeRow ?? null}
          emptyText={r.list.length === 0 ? "Add a work order to look it up." : "No matches for this filter."}
        />
      </div>
    </div>
  );
}
