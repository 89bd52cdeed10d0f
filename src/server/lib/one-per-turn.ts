/**
 * A turn of the event loop for heavy work on the serving thread (an answer's retrieval and scoring take
 * milliseconds of CPU; a list page takes a fraction of one). Callers wait here and are let through one per turn,
 * in arrival order, each after the requests the server has already received: under load the list pages and small
 * reads stay quick while answers queue behind them, and every answer still gets its turn (none is starved).
 * Idle, a caller waits one turn (microseconds). Memory: one callback per waiting request, so no more than the
 * requests in flight.
 */
const waiting: (() => void)[] = [];
let scheduled = false;

function letOneThrough() {
  waiting.shift()?.();
  if (waiting.length) setImmediate(letOneThrough);
  else scheduled = false;
}

export function heavyWorkTurn(): Promise<void> {
  return new Promise((resolve) => {
    waiting.push(resolve);
    if (!scheduled) {
      scheduled = true;
      setImmediate(letOneThrough);
    }
  });
}
