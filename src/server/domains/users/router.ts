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
import { adminProcedure, authedProcedure, ownerProcedure, router } from "../../trpc/init";
import { changePassword, demoPasswordAccounts, resetPassword } from "./passwords";
import { listActivity, listOnboarded, listTerminated, roleCounts } from "./queries";
import { bulkUpdate, registerUser, reinstateUser, removeUser, updateRole, userPage } from "./service";

/** Admin Console and IT administration. Reads: Admins and Owners. Writes: checked row by row in the service. */
export const usersRouter = router({
  list: adminProcedure.input(userListInput).query(({ ctx, input }) => userPage(trpcServiceCtx(ctx), input)),
  exportList: adminProcedure
    .input(userListInput)
    .query(({ ctx, input }) => userPage(trpcServiceCtx(ctx), input, { all: true })),
  counts: adminProcedure.query(({ ctx }) => roleCounts(ctx.deps.db)),
  setRole: adminProcedure
    .input(updateRoleInput)
    .mutation(({ ctx, input }) => updateRole(trpcServiceCtx(ctx), input)),
  remove: adminProcedure
    .input(emailInput)
    .mutation(({ ctx, input }) => removeUser(trpcServiceCtx(ctx), input)),
  register: ownerProcedure
    .input(emailInput)
    .mutation(({ ctx, input }) => registerUser(trpcServiceCtx(ctx), input)),
  reinstate: ownerProcedure
    .input(emailInput)
    .mutation(({ ctx, input }) => reinstateUser(trpcServiceCtx(ctx), input)),
  // Signed in is all the door asks: each service says who may, in the same words on both doors.
  changePassword: authedProcedure
    .input(changePasswordInput)
    .mutation(({ ctx, input }) => changePassword(trpcServiceCtx(ctx), input)),
  resetPassword: authedProcedure
    .input(emailInput)
    .mutation(({ ctx, input }) => resetPassword(trpcServiceCtx(ctx), input)),
  demoPasswordAccounts: authedProcedure.query(({ ctx }) => demoPasswordAccounts(trpcServiceCtx(ctx))),
  bulk: adminProcedure.input(bulkInput).mutation(({ ctx, input }) => bulkUpdate(trpcServiceCtx(ctx), input)),
  onboarded: adminProcedure
    .input(onboardedInput)
    .query(({ ctx, input }) => listOnboarded(ctx.deps.db, input)),
  terminated: adminProcedure
    .input(terminatedInput)
    .query(({ ctx, input }) => listTerminated(ctx.deps.db, input)),
  activity: adminProcedure.input(activityInput).query(({ ctx, input }) => listActivity(ctx.deps.db, input)),
  exportOnboarded: adminProcedure
    .input(onboardedInput)
    .query(({ ctx, input }) => listOnboarded(ctx.deps.db, input, { all: true })),
  exportTerminated: adminProcedure
    .input(terminatedInput)
    .query(({ ctx, input }) => listTerminated(ctx.deps.db, input, { all: true })),
});
