import type { CoreBoxRow } from "@shared/core-boxes";
import { useEffect, useState } from "react";
import { useConfirm } from "@/components/confirm";
import { plural } from "@/features/core-boxes/box-model";
import type { useBoxActions } from "./use-box-actions";

/**
 * The selected boxes (by work order: unique among boxes in storage, and what the checkbox's label reads) and
 * their removal, each asked first: one box, one marked Dump on the way out, or the selected ones.
 */
export function useBoxRemoval(
  actions: ReturnType<typeof useBoxActions>,
  rows: CoreBoxRow[] | undefined,
  view: string,
) {
  const confirm = useConfirm();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [skipped, setSkipped] = useState<string[] | null>(null);
  // A new page or filter shows other rows: never delete boxes the person can no longer see.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the view changes
  useEffect(() => setSelected(new Set()), [view]);
  const selectedRows = (rows ?? []).filter((r) => selected.has(r.work_order));

  const askDelete = async (box: CoreBoxRow) => {
    const ok = await confirm({
      title: "Confirm removal",
      description: `Remove ${box.work_order}${box.project ? ` (${box.project})` : ""} from storage? You can undo it from the notice that follows, or restore it from the history.`,
      confirmLabel: "Remove",
      destructive: true,
    });
    if (ok) await actions.removeOne(box);
  };
  const askDumpAndRemove = async (box: CoreBoxRow) => {
    const ok = await confirm({
      title: "Mark Dumped & Remove",
      description:
        box.keep_or_dump === "Dump"
          ? `Remove ${box.work_order} from storage? It is already marked Dump.`
          : `Mark ${box.work_order} as Dump (it is marked ${box.keep_or_dump}) and remove it from storage? Undo puts it back as ${box.keep_or_dump}.`,
      confirmLabel: "Mark Dumped & Remove",
      destructive: true,
    });
    if (ok) await actions.dumpAndRemove(box);
  };
  const deleteSelected = async () => {
    const notDump = selectedRows.filter((r) => r.keep_or_dump !== "Dump");
    const dump = selectedRows.length - notDump.length;
    // Nothing would be removed: no question to ask, the server's answer says why each was skipped.
    const ok =
      dump === 0 ||
      (await confirm({
        title: "Confirm removal",
        description: (
          <>
            <p>Remove {plural(dump, "box", "boxes")} marked Dump from storage?</p>
            {notDump.length > 0 && (
              <p className="mt-2">
                Only boxes marked Dump can be removed, so {plural(notDump.length, "box", "boxes")} will be
                skipped: {notDump.map((r) => `${r.work_order} (${r.keep_or_dump})`).join(", ")}.
              </p>
            )}
          </>
        ),
        confirmLabel: "Remove",
        destructive: true,
      }));
    if (!ok) return;
    const lines = await actions.removeSelected(selectedRows.map((r) => r.id));
    if (lines) {
      setSkipped(lines.length ? lines : null);
      setSelected(new Set());
    }
  };
  return { selected, setSelected, skipped, setSkipped, askDelete, askDumpAndRemove, deleteSelected };
}
