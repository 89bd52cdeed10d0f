import { dashboardRouter } from "../domains/dashboard/router";
import { storageRouter } from "../domains/storage/router";
import { usersRouter } from "../domains/users/router";
import { router } from "./init";

export const appRouter = router({
  dashboard: dashboardRouter,
  users: usersRouter,
  storage: storageRouter,
});

export type AppRouter = typeof appRouter;
