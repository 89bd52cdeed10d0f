import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/**
 * Which portal processes have an embedded database file open. Each server writes `<db>.instances/<pid>` on
 * start and removes it on exit; a SIGKILLed server leaves its file behind, so liveness is checked with signal 0.
 * `db:restore` uses it to refuse replacing a database under a running server.
 */
export function dbFilePath(url: string): string | null {
  if (!url.startsWith("file:") || url.includes(":memory:")) return null;
  return url.replace(/^file:(\/\/)?/, "").split("?")[0]!;
}

const dirOf = (dbPath: string) => `${dbPath}.instances`;

function alive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM"; // exists, owned by someone else
  }
}

/** Record this process as a user of the database; the record goes when the process exits. */
export function registerInstance(dbPath: string, pid = process.pid): () => void {
  const dir = dirOf(dbPath);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, String(pid));
  writeFileSync(file, `${new Date().toISOString()}\n`);
  const remove = () => rmSync(file, { force: true });
  process.once("exit", remove);
  return remove;
}

/** Live processes that have the database open (stale records of killed processes are cleared). */
export function runningInstances(dbPath: string): number[] {
  let names: string[];
  try {
    names = readdirSync(dirOf(dbPath));
  } catch {
    return [];
  }
  const pids: number[] = [];
  for (const name of names) {
    const pid = Number(name);
    if (!Number.isInteger(pid) || pid <= 0) continue;
    if (alive(pid)) pids.push(pid);
    else rmSync(join(dirOf(dbPath), name), { force: true });
  }
  return pids;
}
