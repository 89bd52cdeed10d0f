import { coreBoxesRouter } from "../domains/core-boxes/router";
import { dashboardRouter } from "../domains/dashboard/router";
import { router } from "./init";

export const appRouter = router({
  coreBoxes: coreBoxesRouter,
  dashboard: dashboardRouter,
});

export type AppRouter = typeof appRouter;
