import { format } from "date-fns";

/** Date and time to the second, in the viewer's time zone (the spec's history format). */
export function formatDateTime(iso: string | null | undefined) {
  if (!iso) return "—";
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? "—" : format(d, "yyyy-MM-dd HH:mm:ss");
}

export function formatDate(iso: string | null | undefined) {
  if (!iso) return "—";
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? "—" : format(d, "yyyy-MM-dd");
}
