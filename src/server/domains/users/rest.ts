import { changePasswordInput } from "@shared/auth";
import { emailInput, updateRoleInput } from "@shared/users";
import { Elysia } from "elysia";
import type { ZodType, z } from "zod";
import type { AppDeps } from "../../deps";
import { jsonBodies } from "../../http/body-limit";
import { jsonBody } from "../../http/rest-helpers";
import { restServiceCtx, type ServiceCtx } from "../../lib/service-ctx";
import { changePassword, resetPassword } from "./passwords";
import { allAccounts, registerUser, reinstateUser, removeUser, updateRole } from "./service";

/** The spec's user-admin REST paths, on the same service as the tRPC `users` router. */
export function usersRest(deps: AppDeps) {
  /** The body is checked first (a 400 names the field), then the service judges the caller's rights (403). */
  const post =
    <S extends ZodType, R>(schema: S, service: (ctx: ServiceCtx, input: z.infer<S>) => Promise<R>) =>
    ({ request, body }: { request: Request; body: unknown }) => {
      const input = jsonBody(schema, body);
      return service(restServiceCtx(deps, request), input);
    };
  return (
    new Elysia()
      .use(jsonBodies())
      .get("/api/users", ({ request }) => allAccounts(restServiceCtx(deps, request)))
      .post("/api/update-role", post(updateRoleInput, updateRole))
      .post("/api/delete-user", post(emailInput, removeUser))
      .post("/api/register-user", post(emailInput, registerUser))
      .post("/api/reinstate-user", post(emailInput, reinstateUser))
      // Not in the spec: a person's own password, and an Owner's reset (each service checks who may).
      .post("/api/auth/change-password", ({ request, body }) =>
        changePassword(restServiceCtx(deps, request), jsonBody(changePasswordInput, body)),
      )
      .post("/api/reset-password", ({ request, body }) =>
        resetPassword(restServiceCtx(deps, request), jsonBody(emailInput, body)),
      )
  );
}
