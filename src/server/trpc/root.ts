import { dashboardRouter } from "../domains/dashboard/router";
import { storageRouter } from "../domains/storage/router";
import { router } from "./init";

export const appRouter = router({
  dashboard: dashboardRouter,
  storage: storageRouter,
});

export type AppRouter = typeof appRouter;
