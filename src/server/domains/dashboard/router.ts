import { trpcServiceCtx } from "../../lib/service-ctx";
import { authedProcedure, router } from "../../trpc/init";
import { getKpis } from "./service";

export const dashboardRouter = router({
  kpis: authedProcedure.query(({ ctx }) => getKpis(trpcServiceCtx(ctx))),
  repoSummary: authedProcedure.query(({ ctx }) => ctx.deps.github.get()),
});
