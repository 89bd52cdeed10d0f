import { authedProcedure, router } from "../../trpc/init";
import { projectStats } from "./queries";

/** The project register's figures (import itself is a multipart upload: POST /api/projects/import). */
export const projectsRouter = router({
  stats: authedProcedure.query(({ ctx }) => projectStats(ctx.deps.db)),
});
