import { parseStored } from "@shared/dashboard";
import { useCallback, useEffect, useState } from "react";

/** State persisted in localStorage; unparsable stored data falls back to the default (the spec's rule). */
export function useLocalStorage<T>(key: string, fallback: T, check: (v: unknown) => boolean) {
  const [value, setValue] = useState<T>(() => parseStored(localStorage.getItem(key), fallback, check));
  useEffect(() => {
    const onStorage = (e: StorageEvent) => {
      if (e.key === key) setValue(parseStored(e.newValue, fallback, check));
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, [key, fallback, check]);
  const update = useCallback(
    (next: T | ((prev: T) => T)) => {
      setValue((prev) => {
        const v = typeof next === "function" ? (next as (p: T) => T)(prev) : next;
        try {
          localStorage.setItem(key, JSON.stringify(v));
        } catch {
          // storage full or disabled: keep the in-memory value
        }
        return v;
      });
    },
    [key],
  );
  const reset = useCallback(() => {
    localStorage.removeItem(key);
    setValue(fallback);
  }, [key, fallback]);
  return [value, update, reset] as const;
}
