import {
  activityInput,
  bulkInput,
  emailInput,
  onboardedInput,
  terminatedInput,
  updateRoleInput,
  userListInput,
} from "@shared/users";
import type { Context } from "../../trpc/context";
import { adminProcedure, ownerProcedure, router } from "../../trpc/init";
import { listActivity, listOnboarded, listTerminated, listUsers, roleCounts } from "./queries";
import { createUsersService } from "./service";

const service = (ctx: Context & { user: NonNullable<Context["user"]> }) =>
  createUsersService({ db: ctx.deps.db, actor: ctx.user, superOwnerEmail: ctx.deps.env.SUPER_OWNER_EMAIL });

/** Admin Console and IT administration. Reads: Admins and Owners. Writes: checked row by row in the service. */
export const usersRouter = router({
  list: adminProcedure
    .input(userListInput)
    .query(({ ctx, input }) => listUsers(ctx.deps.db, input, ctx.deps.env.SUPER_OWNER_EMAIL)),
  exportList: adminProcedure
    .input(userListInput)
    .query(({ ctx, input }) => listUsers(ctx.deps.db, input, ctx.deps.env.SUPER_OWNER_EMAIL, { all: true })),
  counts: adminProcedure.query(({ ctx }) => roleCounts(ctx.deps.db)),
  setRole: adminProcedure
    .input(updateRoleInput)
    .mutation(({ ctx, input }) => service(ctx).updateRole(input.email, input.role)),
  remove: adminProcedure.input(emailInput).mutation(({ ctx, input }) => service(ctx).removeUser(input.email)),
  register: ownerProcedure
    .input(emailInput)
    .mutation(({ ctx, input }) => service(ctx).registerUser(input.email)),
  reinstate: ownerProcedure
    .input(emailInput)
    .mutation(({ ctx, input }) => service(ctx).reinstateUser(input.email)),
  bulk: adminProcedure.input(bulkInput).mutation(({ ctx, input }) => service(ctx).bulk(input)),
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
