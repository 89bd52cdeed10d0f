import { ChevronLeftIcon, ChevronRightIcon, ChevronsLeftIcon, ChevronsRightIcon } from "lucide-react";
import { useId } from "react";
import { Button } from "@/components/ui/button";
import { NativeSelect } from "@/components/ui/select";

export interface PagerProps {
  page: number;
  pageSize: number;
  total: number;
  /** More rows match than `total` counts (long lists count up to 10,000): the range reads "of 10,000+". */
  capped?: boolean;
  /** The page-size choice; left out when there is none to make. */
  pageSizes?: readonly number[];
  onPageChange(page: number): void;
  onPageSizeChange?(size: number): void;
  /** Hide the page buttons when everything fits on one page (the tickets screen asks for this). */
  hideWhenSinglePage?: boolean;
  /** How the current page reads ("1 / 3" by default; the Database Explorer says "Page 1 of 3"). */
  pageLabel?(page: number, pages: number): string;
}

/** First / previous / "page N of M" / next / last, the row range, and the page-size choice. */
export function Pager({
  page,
  pageSize,
  total,
  capped,
  pageSizes,
  onPageChange,
  onPageSizeChange,
  hideWhenSinglePage,
  pageLabel = (p, n) => `${p} / ${n}`,
}: PagerProps) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  const showButtons = !(hideWhenSinglePage && pages <= 1);
  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center justify-between gap-3 py-3 text-sm">
      <span className="text-muted-foreground" aria-live="polite">
        {from.toLocaleString()}–{to.toLocaleString()} of {total.toLocaleString()}
        {capped ? "+" : ""}
      </span>
      <div className="flex items-center gap-3">
        {pageSizes && onPageSizeChange && (
          <PageSizeChoice pageSize={pageSize} pageSizes={pageSizes} onChange={onPageSizeChange} />
        )}
        {showButtons && (
          <PageButtons page={page} pages={pages} onPageChange={onPageChange} label={pageLabel} />
        )}
      </div>
    </nav>
  );
}

/** "Rows per page" and its choices. */
function PageSizeChoice({
  pageSize,
  pageSizes,
  onChange,
}: {
  pageSize: number;
  pageSizes: readonly number[];
  onChange(size: number): void;
}) {
  const sizeId = useId();
  return (
    <label htmlFor={sizeId} className="flex items-center gap-2 text-muted-foreground">
      Rows per page
      <NativeSelect
        id={sizeId}
        value={pageSize}
        onChange={(e) => onChange(Number(e.target.value))}
        className="h-8"
      >
        {pageSizes.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </NativeSelect>
    </label>
  );
}

/** First, previous, the current page, next, last. */
function PageButtons({
  page,
  pages,
  onPageChange,
  label,
}: {
  page: number;
  pages: number;
  onPageChange(page: number): void;
  label(page: number, pages: number): string;
}) {
  return (
    <div className="flex items-center gap-1">
      <Button
        variant="outline"
        size="icon-sm"
        aria-label="First page"
        disabled={page <= 1}
        onClick={() => onPageChange(1)}
      >
        <ChevronsLeftIcon />
      </Button>
      <Button
        variant="outline"
        size="icon-sm"
        aria-label="Previous page"
        disabled={page <= 1}
        onClick={() => onPageChange(page - 1)}
      >
        <ChevronLeftIcon />
      </Button>
      <span className="px-2 whitespace-nowrap tabular-nums">{label(page, pages)}</span>
      <Button
        variant="outline"
        size="icon-sm"
        aria-label="Next page"
        disabled={page >= pages}
        onClick={() => onPageChange(page + 1)}
      >
        <ChevronRightIcon />
      </Button>
      <Button
        variant="outline"
        size="icon-sm"
        aria-label="Last page"
        disabled={page >= pages}
        onClick={() => onPageChange(pages)}
      >
        <ChevronsRightIcon />
      </Button>
    </div>
  );
}
