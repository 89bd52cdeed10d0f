/**
 * Where keyboard focus goes when what held it leaves the page (a search box that closes as it opens a screen, an
 * inline editor replaced by its saved row): somewhere on the page it led to, never the page's <body>, so a
 * keyboard or screen-reader user goes on from there instead of from the top of the document.
 */

/** Calls `find` each frame until it answers an element (then focuses it) or `frames` pass (then `fallback`). */
function focusWhenThere(find: () => HTMLElement | null, fallback: () => HTMLElement | null, frames = 120) {
  let left = frames;
  const step = () => {
    const el = find();
    if (el) return el.focus();
    if (--left > 0) return void requestAnimationFrame(step);
    fallback()?.focus();
  };
  requestAnimationFrame(step);
}

const mainHeading = () => document.querySelector<HTMLElement>("#main h1");

/**
 * After a navigation: the new screen's heading (h1), once it is drawn (a screen's code may still be loading).
 * `before` is the heading the page had when the navigation began; the same element again means the screen is
 * not drawn yet, so the wait goes on until the frames run out and then settles for what is there.
 */
export function focusScreenHeading(before: Element | null) {
  focusWhenThere(
    () => {
      const h1 = mainHeading();
      return h1 && h1 !== before ? h1 : null;
    },
    () => mainHeading() ?? document.getElementById("main"),
  );
}

/** The heading the page has now (pass it to focusScreenHeading when a navigation begins). */
export const currentHeading = () => mainHeading();

/**
 * After a row's inline editor closes on a save: the row's Edit button (the row keeps its id), or the list itself
 * when the row is not on the page in view (a new row, or one the sort moved elsewhere). The list redraws its
 * rows as the saved data comes back (a cell may be drawn anew), so for a while focus that falls back to the body
 * is put back again; once the person has moved it elsewhere it is left alone.
 */
export function refocusRow(tableLabel: string, rowId: string | null, frames = 120) {
  const table = () => document.querySelector<HTMLElement>(`table[aria-label="${CSS.escape(tableLabel)}"]`);
  const button = () =>
    rowId === null
      ? null
      : (table()?.querySelector<HTMLElement>(
          `tr[data-row-id="${CSS.escape(rowId)}"] button[aria-label^="Edit "]`,
        ) ?? null);
  let left = frames;
  const step = () => {
    const active = document.activeElement;
    // Still in the editor's row (not yet gone from the page): wait for it to go.
    const inEditor = !!active?.closest("tr:not([data-row-id])") && !!table()?.contains(active);
    const lost = !active || active === document.body;
    if (!inEditor && !lost && active !== table() && active !== button()) return;
    // The row is looked for during the first three quarters of the wait; after that the list will do.
    const target = inEditor ? null : (button() ?? (rowId === null || left < frames / 4 ? table() : null));
    if (target && active !== target) target.focus();
    if (--left > 0) requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}
