import { useEffect, useState } from "react";
import { refocusRow } from "./focus";

/**
 * Which table row is being edited in place (a row's id, or "new" for the row being added), for screens with an
 * inline editor. Escape cancels an edit or a new row even when focus has left the editor. `tableLabel` names the
 * table (its aria-label): after a save, focus goes back to the saved row there, or to the table.
 */
export function useRowEditing(tableLabel: string) {
  const [editing, setEditing] = useState<number | "new" | null>(null);
  useEffect(() => {
    if (editing === null) return;
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && setEditing(null);
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [editing]);
  /**
   * Close the editor after a save: the editor held the focus, so it goes to the saved row (or the list). `rowId`
   * is the saved row's id in the table, when the table keys its rows by something else than the edited id.
   */
  const closeSaved = (rowId: string | null = typeof editing === "number" ? String(editing) : null) => {
    setEditing(null);
    refocusRow(tableLabel, rowId);
  };
  return { editing, setEditing, closeSaved };
}
