import { setPriority } from "node:os";
import type { Subprocess } from "bun";
import type { SheetReply } from "./protocol";

const ENTRY = new URL("./process.ts", import.meta.url).pathname;
/** Below the server's priority: a request always goes before a spreadsheet. */
const NICENESS = 10;
/** How long a started reading process waits for a workbook before it ends (its memory back to the system). */
const SPARE_IDLE_MS = 30_000;

export interface Reader {
  proc: Subprocess<"ignore", "inherit", "inherit">;
  /** Where its replies and its end go, once it is given a workbook. */
  listen(onReply: (reply: SheetReply) => void, onExit: () => void): void;
}

function spawnReader(): Reader {
  let handlers: { reply(r: SheetReply): void; exit(): void } | null = null;
  const proc = Bun.spawn([process.execPath, ENTRY], {
    stdio: ["ignore", "inherit", "inherit"],
    serialization: "advanced",
    ipc: (reply: SheetReply) => handlers?.reply(reply),
    onExit: () => {
      if (spare?.proc === proc) spare = null;
      handlers?.exit();
    },
  });
  try {
    setPriority(proc.pid, NICENESS);
  } catch {} // not permitted here: it runs at the server's priority
  return {
    proc,
    listen(reply, exit) {
      handlers = { reply, exit };
    },
  };
}

let spare: Reader | null = null;
let idle: ReturnType<typeof setTimeout> | null = null;

/**
 * A reading process for one workbook: the spare one if there is one (it has loaded exceljs already, which takes
 * 0.4–1.2 s), else a new one. Each process reads one workbook and is killed after, so nothing one file left
 * behind meets the next.
 */
export function takeReader(): Reader {
  if (idle) clearTimeout(idle);
  idle = null;
  const alive = spare && spare.proc.exitCode === null && !spare.proc.killed;
  const reader = alive && spare ? spare : spawnReader();
  spare = null;
  reader.proc.ref();
  return reader;
}

/** After a workbook is read: start the next one's process now, while the server works on the rows; ended when left idle. */
export function prepareSpare(): void {
  if (spare) return;
  spare = spawnReader();
  // An idle spare does not keep the server (or a test run) from ending.
  spare.proc.unref();
  idle = setTimeout(() => {
    spare?.proc.kill("SIGKILL");
    spare = null;
    idle = null;
  }, SPARE_IDLE_MS);
  idle.unref?.();
}
