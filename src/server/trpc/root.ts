import { dashboardRouter } from "../domains/dashboard/router";
import { router } from "./init";

export const appRouter = router({
  dashboard: dashboardRouter,
});

export type AppRouter = typeof appRouter;
