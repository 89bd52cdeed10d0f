import { MESSAGES } from "@shared/auth";
import { initTRPC, TRPCError } from "@trpc/server";
import { ZodError } from "zod";
import { AppError, formatZodError, outageError } from "../lib/errors";
import type { Context } from "./context";

const INTERNAL = "Something went wrong on our side. Please try again.";

const t = initTRPC.context<Context>().create({
  errorFormatter({ shape, error, ctx }) {
    const cause = error.cause;
    let message = error.message;
    if (cause instanceof ZodError) message = formatZodError(cause);
    else if (error.code === "INTERNAL_SERVER_ERROR" && !(cause instanceof AppError)) {
      ctx?.deps.log.error("trpc procedure failed", { reqId: ctx.reqId, err: cause ?? error });
      ctx?.countUnhandled?.();
      message = INTERNAL;
    }
    // Never send a stack trace to the client.
    return { ...shape, message, data: { code: shape.data.code, httpStatus: shape.data.httpStatus } };
  },
});

/** Services throw AppError; map it to the tRPC code of the same name (the names are the same on purpose). */
const mapAppErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok) {
    const raw = result.error.cause;
    const cause = raw instanceof AppError ? raw : outageError(raw);
    if (cause) throw new TRPCError({ code: cause.code, message: cause.message, cause });
  }
  return result;
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

export const publicProcedure = t.procedure.use(mapAppErrors);

/**
 * The only gate a procedure has: a signed-in caller. Who may do what is the service's to say (src/shared/permissions
 * rules and their REFUSED sentences), so tRPC and REST refuse with the same status and the same words.
 */
export const authedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.user) throw new TRPCError({ code: "UNAUTHORIZED", message: MESSAGES.signInRequired });
  return next({ ctx: { ...ctx, user: ctx.user } });
});
