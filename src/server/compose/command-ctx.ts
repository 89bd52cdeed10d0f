import { createDeps } from "../create-deps";
import type { Env } from "../env";
import { createLogger } from "../lib/logger";
import { operatorIdentity, type ServiceCtx, serviceCtx } from "../lib/service-ctx";

/**
 * Run `fn` as a command on the server (user:add, projects:import) through the same services as the screens: the
 * app's parts built from configuration (the database migrated), acting as the operator `email`, all closed after.
 */
export async function runAsOperator<T>(
  env: Env,
  email: string,
  fn: (ctx: ServiceCtx) => Promise<T>,
): Promise<T> {
  const deps = await createDeps(env, { log: createLogger("warn") });
  try {
    return await fn(serviceCtx(deps, operatorIdentity(email)));
  } finally {
    await deps.jobs.stop();
    deps.pdf.close();
    deps.store.close?.();
    await deps.photos.terminate();
    deps.database.close();
  }
}
