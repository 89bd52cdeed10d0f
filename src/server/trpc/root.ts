import { dashboardRouter } from "../domains/dashboard/router";
import { directoryRouter } from "../domains/directory/router";
import { ticketsRouter } from "../domains/tickets/router";
import { usersRouter } from "../domains/users/router";
import { router } from "./init";

export const appRouter = router({
  dashboard: dashboardRouter,
  directory: directoryRouter,
  tickets: ticketsRouter,
  users: usersRouter,
});

export type AppRouter = typeof appRouter;
