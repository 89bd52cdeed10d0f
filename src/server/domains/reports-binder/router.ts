import {
  binderBulkDeleteInput,
  binderChangesInput,
  binderCreateInput,
  binderEditInput,
  binderIdInput,
  binderListInput,
  binderLocateInput,
  binderRestoreInput,
} from "@shared/reports-binder";
import { trpcServiceCtx } from "../../lib/service-ctx";
import { authedProcedure, router } from "../../trpc/init";
import {
  binderChanges,
  binderPage,
  binderPlace,
  binderStatus,
  createRow,
  removeRow,
  removeRows,
  restoreRow,
  updateRow,
} from "./service";

/** The reports binder: every signed-in staff member reads and edits it (docs/decisions/0019-reports-binder.md). */
export const reportsBinderRouter = router({
  health: authedProcedure.query(({ ctx }) => binderStatus(trpcServiceCtx(ctx))),
  list: authedProcedure
    .input(binderListInput)
    .query(({ ctx, input }) => binderPage(trpcServiceCtx(ctx), input)),
  /** The page of a list (as the screen shows it) that holds a row: where a saved row went. */
  locate: authedProcedure
    .input(binderLocateInput)
    .query(({ ctx, input }) => binderPlace(trpcServiceCtx(ctx), input)),
  create: authedProcedure
    .input(binderCreateInput)
    .mutation(({ ctx, input }) => createRow(trpcServiceCtx(ctx), input)),
  update: authedProcedure
    .input(binderEditInput)
    .mutation(({ ctx, input }) => updateRow(trpcServiceCtx(ctx), input)),
  remove: authedProcedure
    .input(binderIdInput)
    .mutation(({ ctx, input }) => removeRow(trpcServiceCtx(ctx), input)),
  bulkRemove: authedProcedure
    .input(binderBulkDeleteInput)
    .mutation(({ ctx, input }) => removeRows(trpcServiceCtx(ctx), input)),
  restore: authedProcedure
    .input(binderRestoreInput)
    .mutation(({ ctx, input }) => restoreRow(trpcServiceCtx(ctx), input)),
  changes: authedProcedure
    .input(binderChangesInput)
    .query(({ ctx, input }) => binderChanges(trpcServiceCtx(ctx), input)),
});
