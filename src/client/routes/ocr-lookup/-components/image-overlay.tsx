import type { ImageBox } from "@shared/ocr";
import { useMediaQuery } from "@/lib/use-media-query";
import { cn } from "@/lib/utils";

export interface OverlayItem {
  id: number;
  label: string;
  box: ImageBox | null;
  /** Read with low confidence: a dashed box marked "?", not numbered. */
  unsure?: boolean;
  /** What the project register said: corrected into it (green), or not in it (red). */
  register?: "corrected" | "absent";
}

/** Box and badge colours by what is known of a reading. */
const TONES = {
  listed: [
    "border-amber-500 bg-amber-400/15 dark:border-amber-400",
    "bg-amber-500 dark:bg-amber-400 dark:text-black",
  ],
  corrected: [
    "border-emerald-600 bg-emerald-400/15 dark:border-emerald-400",
    "bg-emerald-600 dark:bg-emerald-400 dark:text-black",
  ],
  absent: [
    "border-rose-600 bg-rose-400/10 dark:border-rose-400",
    "bg-rose-600 dark:bg-rose-400 dark:text-black",
  ],
  unsure: [
    "border-dashed border-slate-500 bg-slate-400/10 dark:border-slate-300",
    "bg-slate-500 dark:bg-slate-300 dark:text-black",
  ],
} as const;
const toneOf = (item: OverlayItem) => TONES[item.unsure ? "unsure" : (item.register ?? "listed")];
const REGISTER_SAYS = { corrected: ", corrected against the register", absent: ", not in the register" };

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
              aria-label={`${item.unsure ? "Unsure reading" : "Work order"} ${item.label}${item.register ? REGISTER_SAYS[item.register] : ""} on the image`}
              title={item.label}
              onMouseEnter={() => onActive(item.id)}
              onMouseLeave={() => onActive(null)}
              onFocus={() => onActive(item.id)}
              onBlur={() => onActive(null)}
              className={cn(
                "absolute rounded-sm border-2 transition-colors",
                active === item.id ? "border-primary bg-primary/25 ring-2 ring-primary/40" : toneOf(item)[0],
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
                  toneOf(item)[1],
                )}
              >
                {item.unsure ? "?" : numbers.get(item.id)}
              </span>
            </button>
          ) : null,
        )}
      </div>
      <figcaption className="text-xs text-muted-foreground">
        Boxes show where each work order was read (dashed: an unsure reading; green: corrected against the
        project register; red: not in it). {touch ? "Tap" : "Hover"} one here or in the list to find its
        partner.
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
