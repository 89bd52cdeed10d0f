import { useQuery } from "@tanstack/react-query";
import { cn } from "@/lib/utils";

export const HEALTH_INTERVAL_MS = 60_000;
export const HEALTH_TIMEOUT_MS = 4_000;

/** API status pill: "Checking…" until the first answer, then "Online" or "Offline"; re-checked every 60 s. */
export function ApiStatusPill() {
  const health = useQuery({
    queryKey: ["health"],
    queryFn: async () => {
      // The spec's health call. Its (tiny) body is read to the end: an answer left unread stays open and is
      // later logged as an aborted request.
      const res = await fetch("/api/core-boxes/_debug", { signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS) });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`health ${res.status}`);
      return true;
    },
    refetchInterval: HEALTH_INTERVAL_MS,
    refetchIntervalInBackground: true,
    retry: false,
    staleTime: 0,
  });
  const state = health.isPending ? "checking" : health.isError ? "down" : "ok";
  const label = state === "checking" ? "Checking…" : state === "ok" ? "Online" : "Offline";
  return (
    <span
      role="status"
      aria-label={`API status: ${label}`}
      data-state={state}
      className={cn(
        "inline-flex items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-xs font-medium",
        state === "ok" && "border-success/40 text-success",
        state === "down" && "border-destructive/40 text-destructive",
        state === "checking" && "text-muted-foreground",
      )}
    >
      <span
        aria-hidden
        className={cn(
          "size-2 rounded-full",
          state === "ok" && "bg-success",
          state === "down" && "bg-destructive",
          state === "checking" && "animate-pulse bg-muted-foreground",
        )}
      />
      {label}
    </span>
  );
}
