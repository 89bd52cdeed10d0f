import { useEffect, useState } from "react";

/**
 * Which table row is being edited in place (a row's id, or "new" for the row being added), for screens with an
 * inline editor. Escape cancels an edit or a new row even when focus has left the editor.
 */
export function useRowEditing() {
  const [editing, setEditing] = useState<number | "new" | null>(null);
  useEffect(() => {
    if (editing === null) return;
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && setEditing(null);
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [editing]);
  return { editing, setEditing };
}
