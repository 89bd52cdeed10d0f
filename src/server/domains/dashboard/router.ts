import { authedProcedure, router } from "../../trpc/init";
import { getKpis } from "./service";

export const dashboardRouter = router({
  kpis: authedProcedure.query(({ ctx }) => getKpis({ db: ctx.deps.db })),
  repoSummary: authedProcedure.query(({ ctx }) => ctx.deps.github.get()),
});
