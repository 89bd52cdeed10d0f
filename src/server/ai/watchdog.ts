/**
 * Cuts an answer that stalls: nothing for `idleMs` (the first token included, which the SDK's timeouts miss) or
 * longer than `totalMs` in all. `fired` tells a timeout from the asker's own abort.
 */
export function createWatchdog(idleMs: number, totalMs: number) {
  const controller = new AbortController();
  let fired: "idle" | "total" | null = null;
  const trip = (why: "idle" | "total") => {
    fired ??= why;
    controller.abort(new DOMException(`no answer within ${why}`, "TimeoutError"));
  };
  let idle = setTimeout(() => trip("idle"), idleMs);
  const total = setTimeout(() => trip("total"), totalMs);
  return {
    signal: controller.signal,
    get fired() {
      return fired;
    },
    /** Something arrived: the idle wait starts again. */
    alive() {
      clearTimeout(idle);
      idle = setTimeout(() => trip("idle"), idleMs);
    },
    stop() {
      clearTimeout(idle);
      clearTimeout(total);
    },
  };
}
