import { chatRouter } from "../domains/chat/router";
import { coreBoxesRouter } from "../domains/core-boxes/router";
import { dashboardRouter } from "../domains/dashboard/router";
import { directoryRouter } from "../domains/directory/router";
import { documentsRouter } from "../domains/documents/router";
import { notificationsRouter } from "../domains/notifications/router";
import { pinnedRouter } from "../domains/pinned/router";
import { projectsRouter } from "../domains/projects/router";
import { reportsRouter } from "../domains/reports/router";
import { reportsBinderRouter } from "../domains/reports-binder/router";
import { searchRouter } from "../domains/search/router";
import { storageRouter } from "../domains/storage/router";
import { ticketsRouter } from "../domains/tickets/router";
import { usersRouter } from "../domains/users/router";
import { workOrdersRouter } from "../domains/work-orders/router";
import { router } from "../trpc/init";

export const appRouter = router({
  chat: chatRouter,
  coreBoxes: coreBoxesRouter,
  dashboard: dashboardRouter,
  directory: directoryRouter,
  tickets: ticketsRouter,
  users: usersRouter,
  reportsBinder: reportsBinderRouter,
  reports: reportsRouter,
  storage: storageRouter,
  documents: documentsRouter,
  workOrders: workOrdersRouter,
  projects: projectsRouter,
  pinned: pinnedRouter,
  notifications: notificationsRouter,
  search: searchRouter,
});

export type AppRouter = typeof appRouter;
