import type { DocDb } from "@shared/documents";
import { useEffect, useState } from "react";

const flip = (set: Set<string>, name: string, on: boolean) => {
  const next = new Set(set);
  on ? next.add(name) : next.delete(name);
  return next;
};

/**
 * Which database rows are ticked and which are open. Names of databases that disappear (deleted, refreshed
 * away) are dropped from both.
 */
export function useRowSets(dbs: readonly DocDb[] | undefined) {
  const [ticked, setTicked] = useState<Set<string>>(new Set());
  const [open, setOpen] = useState<Set<string>>(new Set());

  useEffect(() => {
    const names = new Set((dbs ?? []).map((d) => d.name));
    const keep = (prev: Set<string>) =>
      [...prev].every((n) => names.has(n)) ? prev : new Set([...prev].filter((n) => names.has(n)));
    setTicked(keep);
    setOpen(keep);
  }, [dbs]);

  return {
    ticked,
    open,
    tick: (name: string, on: boolean) => setTicked((prev) => flip(prev, name, on)),
    toggle: (name: string) => setOpen((prev) => flip(prev, name, !prev.has(name))),
    /** Untick the databases that were deleted. */
    untick: (gone: string[]) => {
      if (gone.length) setTicked((prev) => new Set([...prev].filter((n) => !gone.includes(n))));
    },
  };
}
