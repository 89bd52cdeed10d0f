import { NOT_FOUND, OCR_MESSAGES } from "@shared/ocr";
import { can } from "@shared/permissions";
import { createFileRoute } from "@tanstack/react-router";
import { useMemo, useState } from "react";
import { toast } from "sonner";
import { Screen } from "@/components/screen";
import { errorMessage } from "@/lib/api";
import { useAuth } from "@/lib/auth";
import { dateStamp, downloadText, toCsv } from "@/lib/csv";
import { trpc } from "@/lib/trpc";
import { useCopy } from "@/lib/use-copy";
import { ImageOverlay } from "./-components/image-overlay";
import { ImportDialog } from "./-components/import-dialog";
import { MATCH_COLUMNS, type MatchView, matchesToTsv, viewMatches } from "./-components/matches";
import { MatchesTable } from "./-components/matches-table";
import { ResultsToolbar } from "./-components/results-toolbar";
import { UnsureReadings } from "./-components/unsure-readings";
import { UploadStep } from "./-components/upload-step";
import { useRecognition } from "./-components/use-recognition";
import { WorkOrderList } from "./-components/work-order-list";

export const Route = createFileRoute("/ocr-lookup")({ component: OcrLookup });

const DEFAULT_VIEW: MatchView = { filter: "", notFoundOnly: false, sort: "original", dir: "asc" };

/** Work Order Recognition: step 1 uploads an image, step 2 edits the work orders read off it and shows matches. */
function OcrLookup() {
  const { me } = useAuth();
  const r = useRecognition();
  const limits = trpc.workOrders.limits.useQuery(undefined, { staleTime: Number.POSITIVE_INFINITY });
  const [view, setView] = useState<MatchView>(DEFAULT_VIEW);
  const [active, setActive] = useState<number | null>(null);
  const { copy } = useCopy();
  const [copied, setCopied] = useState<"wos" | "matches" | null>(null);

  const visible = useMemo(() => (r.rows ? viewMatches(r.rows, view) : undefined), [r.rows, view]);
  const found = (r.rows ?? []).filter((m) => m.project_wo !== NOT_FOUND).length;
  const activeItem = r.items.find((i) => i.id === active);
  const activeRow = activeItem
    ? (r.rows ?? []).find((m) => m.work_order.toUpperCase() === r.display(activeItem).toUpperCase())?.index
    : undefined;

  const copyText = async (what: "wos" | "matches", text: string) => {
    if (await copy(text)) {
      setCopied(what);
      setTimeout(() => setCopied((c) => (c === what ? null : c)), 2000);
    }
  };
  const newImage = () => {
    r.reset();
    setView(DEFAULT_VIEW);
  };

  return (
    <Screen path="/ocr-lookup" actions={can(me ?? null, "projects.import") ? <ImportDialog /> : undefined}>
      {!r.result ? (
        <UploadStep
          file={r.file}
          previewUrl={r.previewUrl}
          progress={r.progress}
          error={r.error}
          maxMb={limits.data?.maxMb}
          onFile={r.choose}
          onExtract={() => void r.extract()}
          onReset={r.reset}
          onRefuse={(message) => toast.error(message)}
        />
      ) : (
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
            onNewImage={newImage}
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
          <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
            <div className="space-y-4">
              {r.previewUrl && (
                <ImageOverlay
                  src={r.previewUrl}
                  size={r.result.image}
                  items={[
                    ...r.items.map((i) => ({ id: i.id, label: r.display(i), box: i.box })),
                    ...r.unsure.map((i) => ({ id: i.id, label: i.text, box: i.box, unsure: true })),
                  ]}
                  active={active}
                  onActive={setActive}
                />
              )}
            </div>
            <div className="space-y-6">
              <WorkOrderList
                items={r.items}
                display={r.display}
                active={active}
                onActive={setActive}
                onEdit={r.edit}
                onRemove={r.remove}
                onAdd={r.add}
              />
              <UnsureReadings
                items={r.unsure}
                active={active}
                onActive={setActive}
                onConfirm={r.confirm}
                onDismiss={r.dismiss}
              />
              <MatchesTable
                rows={visible}
                loading={r.lookup.isFetching}
                error={r.lookup.error ? errorMessage(r.lookup.error, OCR_MESSAGES.lookupFailed) : null}
                onRetry={() => void r.lookup.refetch()}
                active={activeRow ?? null}
                emptyText={
                  r.list.length === 0 ? "Add a work order to look it up." : "No matches for this filter."
                }
              />
            </div>
          </div>
        </div>
      )}
    </Screen>
  );
}
