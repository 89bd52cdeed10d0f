/**
 * Cuts an answer that stalls: aborts when nothing arrives for `idleMs` (the first token included: a server
 * that never sends its headers is caught too, which the SDK's own chunk timeouts do not see) or when the whole
 * answer takes longer than `totalMs`. `fired` tells a timeout from the asker's own abort.
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
