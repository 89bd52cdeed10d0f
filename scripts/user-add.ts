import { parseArgs } from "node:util";
import { upsertLocalAccount } from "../src/server/domains/users/local-accounts";
import { ConfigError, loadEnv } from "../src/server/env";
import { runAsOperator } from "../src/server/compose/command-ctx";
import { AppError } from "../src/server/lib/errors";

// bun run user:add <email> --role <Owner|Admin|User> --password <password> [--name "Full Name"]
const usage =
  'Usage: bun run user:add <email> --role <Owner|Admin|User> --password <password> [--name "Full Name"]';

async function main() {
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: process.argv.slice(2),
      options: { role: { type: "string" }, password: { type: "string" }, name: { type: "string" } },
      allowPositionals: true,
    });
  } catch (err) {
    console.error(`${(err as Error).message}\n${usage}`);
    return 1;
  }
  const [email] = parsed.positionals;
  const { role, password, name } = parsed.values as { role?: string; password?: string; name?: string };
  if (!email || !role || !password) {
    console.error(usage);
    return 1;
  }
  try {
    const result = await runAsOperator(loadEnv(), "cli", (ctx) =>
      upsertLocalAccount(ctx, { email, role: role as never, password, name }),
    );
    console.log(`${result.created ? "Created" : "Updated"} ${result.email} (${result.role}).`);
    return 0;
  } catch (err) {
    if (err instanceof AppError) {
      console.error(`Cannot add user: ${err.message}`);
      return 1;
    }
    throw err;
  }
}

try {
  process.exit(await main());
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : `Cannot add user: ${(err as Error).message}`);
  process.exit(1);
}
