import type { Logger } from "./lib/logger";

/** The server's exit code for a bad configuration: starting it again cannot help, so the supervisor stops too. */
export const EXIT_CONFIG = 78;
/** A server that ran at least this long before it died is started again at once. */
const STEADY_MS = 10_000;
const FIRST_DELAY_MS = 100;
const MAX_DELAY_MS = 30_000;

/**
 * `bun run start`: keep the server running. A server process that dies (killed, out of memory, a crash nothing
 * caught) is started again at once, so the portal is back within its start-up time; the jobs it held are taken
 * up by the new one (jobs/queue.ts, releaseOrphans). One that keeps dying right after start is started less and
 * less often; a bad configuration stops the supervisor with it. SIGTERM/SIGINT are passed on and waited for.
 * With WEB_CONCURRENCY the server's primary restarts its own workers (cluster.ts); this keeps the primary alive.
 */
export async function supervise(opts: {
  cmd: string[];
  log: Logger;
  env?: Record<string, string | undefined>;
}) {
  let stopping = false;
  let child: ReturnType<typeof Bun.spawn> | null = null;
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      stopping = true;
      child?.kill(signal);
    });
  }
  let delay = FIRST_DELAY_MS;
  for (;;) {
    const started = Date.now();
    child = Bun.spawn(opts.cmd, { stdio: ["inherit", "inherit", "inherit"], env: opts.env ?? process.env });
    const code = await child.exited;
    if (stopping) return code;
    if (code === EXIT_CONFIG) return code;
    const lived = Date.now() - started;
    delay = lived >= STEADY_MS ? FIRST_DELAY_MS : Math.min(delay * 2, MAX_DELAY_MS);
    opts.log.error("the server stopped; starting it again", {
      code,
      signal: child.signalCode,
      livedMs: lived,
      inMs: delay,
    });
    await Bun.sleep(delay);
    if (stopping) return code;
  }
}
