import { existsSync, readFileSync } from "node:fs";
import { importRegister } from "../domains/projects/service";
import { loadEnv } from "../env";
import { AppError } from "../lib/errors";
import { runAsOperator } from "./command-ctx";

/**
 * `bun run projects:import <file.csv|file.xlsx> [--dry-run] [--replace] [--as email]`: load the project register
 * into DATABASE_URL, through the same service (and checks) as the screen's upload. Prints the report.
 */
const args = process.argv.slice(2);
const file = args.find((a) => !a.startsWith("--") && args[args.indexOf(a) - 1] !== "--as");
if (!file) {
  console.error("usage: bun run projects:import <file.csv|file.xlsx> [--dry-run] [--replace] [--as email]");
  process.exit(2);
}
if (!existsSync(file)) {
  console.error(`No such file: ${file}`);
  process.exit(2);
}
// Whoever can run this command on the server already holds the database: an Owner, named by --as.
const actorEmail = args.includes("--as") ? args[args.indexOf("--as") + 1]! : "cli";
try {
  const bytes = new Uint8Array(readFileSync(file));
  const report = await runAsOperator(loadEnv(), actorEmail, (ctx) =>
    importRegister(ctx, { bytes, dry_run: args.includes("--dry-run"), replace: args.includes("--replace") }),
  );
  console.log(
    `${report.dry_run ? "Dry run" : "Imported"}: ${report.rows} rows, ${report.accepted} accepted ` +
      `(${report.added} new, ${report.updated} updated${report.replace ? `, ${report.removed} removed` : ""}), ` +
      `${report.rejected_total} rejected.`,
  );
  for (const r of report.rejected)
    console.log(`  row ${r.row}${r.work_order ? ` (${r.work_order})` : ""}: ${r.reason}`);
  if (report.rejected_total > report.rejected.length) {
    console.log(`  …and ${report.rejected_total - report.rejected.length} more.`);
  }
} catch (err) {
  if (err instanceof AppError) {
    console.error(err.message);
    process.exitCode = 1;
  } else throw err;
}
