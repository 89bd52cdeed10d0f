import { useEffect, useState } from "react";

/**
 * Rows chosen by key. When the list reloads (a refresh, an upload, a delete), keys no longer present are dropped,
 * so a bulk action never names a file the person can no longer see.
 */
export function useKeySelection(rows: readonly { key: string }[]) {
  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  useEffect(() => {
    setSelected((prev) => {
      if (!prev.size) return prev;
      const present = new Set(rows.map((r) => r.key));
      const kept = [...prev].filter((k) => present.has(k));
      return kept.length === prev.size ? prev : new Set(kept);
    });
  }, [rows]);
  return [selected, setSelected] as const;
}
