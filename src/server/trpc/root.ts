import { dashboardRouter } from "../domains/dashboard/router";
import { usersRouter } from "../domains/users/router";
import { router } from "./init";

export const appRouter = router({
  dashboard: dashboardRouter,
  users: usersRouter,
});

export type AppRouter = typeof appRouter;
