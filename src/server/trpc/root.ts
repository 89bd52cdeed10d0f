import { dashboardRouter } from "../domains/dashboard/router";
import { projectsRouter } from "../domains/projects/router";
import { usersRouter } from "../domains/users/router";
import { workOrdersRouter } from "../domains/work-orders/router";
import { router } from "./init";

export const appRouter = router({
  dashboard: dashboardRouter,
  users: usersRouter,
  workOrders: workOrdersRouter,
  projects: projectsRouter,
});

export type AppRouter = typeof appRouter;
