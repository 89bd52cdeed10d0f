import { changePasswordInput } from "@shared/auth";
import {
  activityInput,
  bulkInput,
  emailInput,
  onboardedInput,
  terminatedInput,
  updateRoleInput,
  userListInput,
} from "@shared/users";
import { trpcServiceCtx } from "../../lib/service-ctx";
import { authedProcedure, router } from "../../trpc/init";
import { changePassword, demoPasswordAccounts, resetPassword } from "./passwords";
import {
  accountCounts,
  activityPage,
  bulkUpdate,
  onboardedPage,
  registerUser,
  reinstateUser,
  removeUser,
  terminatedPage,
  updateRole,
  userPage,
} from "./service";

/**
 * Admin Console and IT administration. The door asks only for a signed-in caller; each service says who may
 * (reads: Admins and Owners; writes: row by row), in the same words as the REST door.
 */
export const usersRouter = router({
  list: authedProcedure.input(userListInput).query(({ ctx, input }) => userPage(trpcServiceCtx(ctx), input)),
  exportList: authedProcedure
    .input(userListInput)
    .query(({ ctx, input }) => userPage(trpcServiceCtx(ctx), input, { all: true })),
  counts: authedProcedure.query(({ ctx }) => accountCounts(trpcServiceCtx(ctx))),
  setRole: authedProcedure
    .input(updateRoleInput)
    .mutation(({ ctx, input }) => updateRole(trpcServiceCtx(ctx), input)),
  remove: authedProcedure
    .input(emailInput)
    .mutation(({ ctx, input }) => removeUser(trpcServiceCtx(ctx), input)),
  register: authedProcedure
    .input(emailInput)
    .mutation(({ ctx, input }) => registerUser(trpcServiceCtx(ctx), input)),
  reinstate: authedProcedure
    .input(emailInput)
    .mutation(({ ctx, input }) => reinstateUser(trpcServiceCtx(ctx), input)),
  changePassword: authedProcedure
    .input(changePasswordInput)
    .mutation(({ ctx, input }) => changePassword(trpcServiceCtx(ctx), input)),
  resetPassword: authedProcedure
    .input(emailInput)
    .mutation(({ ctx, input }) => resetPassword(trpcServiceCtx(ctx), input)),
  demoPasswordAccounts: authedProcedure.query(({ ctx }) => demoPasswordAccounts(trpcServiceCtx(ctx))),
  bulk: authedProcedure.input(bulkInput).mutation(({ ctx, input }) => bulkUpdate(trpcServiceCtx(ctx), input)),
  onboarded: authedProcedure
    .input(onboardedInput)
    .query(({ ctx, input }) => onboardedPage(trpcServiceCtx(ctx), input)),
  terminated: authedProcedure
    .input(terminatedInput)
    .query(({ ctx, input }) => terminatedPage(trpcServiceCtx(ctx), input)),
  activity: authedProcedure
    .input(activityInput)
    .query(({ ctx, input }) => activityPage(trpcServiceCtx(ctx), input)),
  exportOnboarded: authedProcedure
    .input(onboardedInput)
    .query(({ ctx, input }) => onboardedPage(trpcServiceCtx(ctx), input, { all: true })),
  exportTerminated: authedProcedure
    .input(terminatedInput)
    .query(({ ctx, input }) => terminatedPage(trpcServiceCtx(ctx), input, { all: true })),
});
