import { trpcServiceCtx } from "../../lib/service-ctx";
import { authedProcedure, router } from "../../trpc/init";
import { registerStats } from "./service";

/** The project register's figures (import itself is a multipart upload: POST /api/projects/import). */
export const projectsRouter = router({
  stats: authedProcedure.query(({ ctx }) => registerStats(trpcServiceCtx(ctx))),
});
