/**
 * Beside a platform skip (`test.skipIf`, `describe.if`): when the skip applies, say so in one line of the run's
 * output, with the reason. A silent skip reads like a pass.
 */
export function sayWhySkipped(runs: boolean, what: string, why: string) {
  if (!runs) console.log(`skipped on ${process.platform}/${process.arch}: ${what} (${why})`);
}
