import type { ImageBox } from "@shared/ocr";
import { useMediaQuery } from "@/lib/use-media-query";
import { cn } from "@/lib/utils";

export interface OverlayItem {
  id: number;
  label: string;
  box: ImageBox | null;
  /** Read with low confidence: a dashed box marked "?", not numbered. */
  unsure?: boolean;
}

/**
 * The uploaded image with a box around each recognised work order, numbered like the list, so a person can check
 * the reading against the paper. Boxes are placed in percent of the image, so they follow any display size.
 */
export function ImageOverlay({
  src,
  size,
  items,
  active,
  onActive,
}: {
  src: string;
  size: { width: number; height: number };
  items: OverlayItem[];
  active: number | null;
  onActive(id: number | null): void;
}) {
  const pct = (v: number, of: number) => `${(v / of) * 100}%`;
  // A phone or tablet cannot hover: its people tap.
  const touch = useMediaQuery("(hover: none)");
  // Numbered like the list: the listed work orders only.
  const numbers = new Map(items.filter((i) => !i.unsure).map((item, i) => [item.id, i + 1]));
  return (
    <figure className="space-y-2">
      <div className="relative w-full overflow-hidden rounded-lg border bg-muted/30">
        <img src={src} alt="Uploaded page with the work orders marked" className="block h-auto w-full" />
        {items.map((item) =>
          item.box ? (
            <button
              type="button"
              key={item.id}
              data-testid={item.unsure ? "unsure-box" : "wo-box"}
              aria-label={`${item.unsure ? "Unsure reading" : "Work order"} ${item.label} on the image`}
              title={item.label}
              onMouseEnter={() => onActive(item.id)}
              onMouseLeave={() => onActive(null)}
              onFocus={() => onActive(item.id)}
              onBlur={() => onActive(null)}
              className={cn(
                "absolute rounded-sm border-2 transition-colors",
                active === item.id
                  ? "border-primary bg-primary/25 ring-2 ring-primary/40"
                  : item.unsure
                    ? "border-dashed border-slate-500 bg-slate-400/10 dark:border-slate-300"
                    : "border-amber-500 bg-amber-400/15 dark:border-amber-400",
              )}
              style={{
                left: pct(item.box.x - 3, size.width),
                top: pct(item.box.y - 3, size.height),
                width: pct(item.box.w + 6, size.width),
                height: pct(item.box.h + 6, size.height),
              }}
            >
              <span
                className={cn(
                  "absolute flex size-5 items-center justify-center rounded-full text-[10px] font-bold text-white",
                  badgeSide(item.box, size),
                  item.unsure
                    ? "bg-slate-500 dark:bg-slate-300 dark:text-black"
                    : "bg-amber-500 dark:bg-amber-400 dark:text-black",
                )}
              >
                {item.unsure ? "?" : numbers.get(item.id)}
              </span>
            </button>
          ) : null,
        )}
      </div>
      <figcaption className="text-xs text-muted-foreground">
        Boxes show where each work order was read (dashed: an unsure reading). {touch ? "Tap" : "Hover"} one
        here or in the list to find its partner.
      </figcaption>
    </figure>
  );
}

/**
 * Where a box's number sits: outside the box, so it never covers the reading's first digit, and level with it,
 * so it never covers the line above or below (a printed list's readings sit close one under another). After the
 * reading when the image has room there, else before it, else above it.
 */
function badgeSide(box: ImageBox, size: { width: number; height: number }) {
  const room = 0.08;
  if ((box.x + box.w) / size.width <= 1 - room) return "top-1/2 left-full ml-1 -translate-y-1/2";
  if (box.x / size.width >= room) return "top-1/2 right-full mr-1 -translate-y-1/2";
  return "bottom-full left-0 mb-0.5";
}
