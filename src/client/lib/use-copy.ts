import { useCallback, useEffect, useRef, useState } from "react";

/** Copy text and report "copied" for `ms` (2 s by the spec's default). Failures are silent (the spec's rule). */
export function useCopy(ms = 2000) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = useCallback(
    async (text: string) => {
      try {
        await navigator.clipboard.writeText(text);
        setCopied(true);
        clearTimeout(timer.current);
        timer.current = setTimeout(() => setCopied(false), ms);
        return true;
      } catch {
        return false;
      }
    },
    [ms],
  );
  return { copied, copy };
}
