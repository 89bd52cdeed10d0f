import { MATCH_SORT_LABELS, MATCH_SORTS, type MatchSort } from "@shared/ocr";
import {
  ArrowDownWideNarrowIcon,
  ArrowUpNarrowWideIcon,
  CopyIcon,
  DownloadIcon,
  ImagePlusIcon,
  RefreshCwIcon,
} from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Checkbox } from "@/components/ui/misc";
import { NativeSelect } from "@/components/ui/select";
import type { MatchView } from "./matches";

/** Step 2's toolbar, in the spec's order. */
export function ResultsToolbar({
  view,
  onView,
  normalize,
  onNormalize,
  found,
  total,
  looking,
  copied,
  onNewImage,
  onRerun,
  onCopyWos,
  onCopyMatches,
  onCsv,
}: {
  view: MatchView;
  onView(patch: Partial<MatchView>): void;
  normalize: boolean;
  onNormalize(on: boolean): void;
  found: number;
  total: number;
  looking: boolean;
  copied: "wos" | "matches" | null;
  onNewImage(): void;
  onRerun(): void;
  onCopyWos(): void;
  onCopyMatches(): void;
  onCsv(): void;
}) {
  return (
    <div className="flex flex-wrap items-center gap-2 rounded-lg border bg-card p-2">
      <Button variant="outline" size="sm" onClick={onNewImage}>
        <ImagePlusIcon /> New Image
      </Button>
      <Button variant="outline" size="sm" onClick={onRerun} disabled={looking || total === 0}>
        <RefreshCwIcon className={looking ? "animate-spin" : undefined} /> Re-run Lookup
      </Button>
      <Label className="px-1 font-normal">
        <Checkbox checked={normalize} onCheckedChange={(v) => onNormalize(v === true)} />
        Normalize letters
      </Label>
      <Badge variant={found === total && total > 0 ? "success" : "secondary"} data-testid="found-count">
        Found: {found} / {total}
      </Badge>
      <MatchViewControls view={view} onView={onView} />
      <ExportButtons
        total={total}
        copied={copied}
        onCopyWos={onCopyWos}
        onCopyMatches={onCopyMatches}
        onCsv={onCsv}
      />
    </div>
  );
}

/** How the matches are shown: filter, not-found only, sort by and direction. */
function MatchViewControls({ view, onView }: { view: MatchView; onView(patch: Partial<MatchView>): void }) {
  return (
    <>
      <Input
        type="search"
        aria-label="Filter matches"
        placeholder="Filter…"
        className="h-8 w-40"
        value={view.filter}
        onChange={(e) => onView({ filter: e.target.value })}
      />
      <Label className="px-1 font-normal">
        <Checkbox checked={view.notFoundOnly} onCheckedChange={(v) => onView({ notFoundOnly: v === true })} />
        Show not found only
      </Label>
      <NativeSelect
        aria-label="Sort matches by"
        className="h-8"
        value={view.sort}
        onChange={(e) => onView({ sort: e.target.value as MatchSort })}
      >
        {MATCH_SORTS.map((s) => (
          <option key={s} value={s}>
            {MATCH_SORT_LABELS[s]}
          </option>
        ))}
      </NativeSelect>
      <Button
        variant="outline"
        size="icon-sm"
        aria-label={
          view.dir === "asc" ? "Ascending (press for descending)" : "Descending (press for ascending)"
        }
        title={view.dir === "asc" ? "Ascending" : "Descending"}
        onClick={() => onView({ dir: view.dir === "asc" ? "desc" : "asc" })}
      >
        {view.dir === "asc" ? <ArrowUpNarrowWideIcon /> : <ArrowDownWideNarrowIcon />}
      </Button>
    </>
  );
}

/** Copy WOs, Copy Matches (each says "Copied!" for a moment) and CSV, at the toolbar's end. */
function ExportButtons({
  total,
  copied,
  onCopyWos,
  onCopyMatches,
  onCsv,
}: {
  total: number;
  copied: "wos" | "matches" | null;
  onCopyWos(): void;
  onCopyMatches(): void;
  onCsv(): void;
}) {
  return (
    <div className="ml-auto flex flex-wrap gap-2">
      <Button variant="outline" size="sm" onClick={onCopyWos} disabled={total === 0}>
        <CopyIcon /> {copied === "wos" ? "Copied!" : "Copy WOs"}
      </Button>
      <Button variant="outline" size="sm" onClick={onCopyMatches} disabled={total === 0}>
        <CopyIcon /> {copied === "matches" ? "Copied!" : "Copy Matches"}
      </Button>
      <Button variant="outline" size="sm" onClick={onCsv} disabled={total === 0}>
        <DownloadIcon /> CSV
      </Button>
    </div>
  );
}
