import { changePasswordInput } from "@shared/auth";
import { emailInput, updateRoleInput } from "@shared/users";
import { Elysia } from "elysia";
import type { ZodType, z } from "zod";
import type { AppDeps } from "../../deps";
import { jsonBodies } from "../../http/body-limit";
import { rest, restArea } from "../../http/openapi/route-doc";
import { jsonBody } from "../../http/rest-helpers";
import { restServiceCtx, type ServiceCtx } from "../../lib/service-ctx";
import { changePassword, resetPassword } from "./passwords";
import { allAccounts, registerUser, reinstateUser, removeUser, updateRole } from "./service";

const doc = restArea({ tag: "Users", access: "owner" });

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
      .get("/api/users", ({ request }) => allAccounts(restServiceCtx(deps, request)), {
        detail: doc({
          summary: "Every active account",
          access: "admin",
          returns: "[{ email, role }], Owners first",
        }),
      })
      .post("/api/update-role", post(updateRoleInput, updateRole), {
        detail: doc({
          summary: "Change a role (the super-owner may grant Owner; nobody changes the super-owner)",
          body: updateRoleInput,
          returns: "{ email, role, changed }",
          errors: [404, 409],
        }),
      })
      .post("/api/delete-user", post(emailInput, removeUser), {
        detail: doc({
          summary: "Remove (deactivate) an account; reinstatable",
          body: emailInput,
          returns: "{ email, removed: true }",
          errors: [404, 409],
        }),
      })
      .post("/api/register-user", post(emailInput, registerUser), {
        detail: doc({
          summary:
            "Pre-register a staff email as User (an active account answers 200 with a message; local accounts: a temporary password, shown once)",
          body: emailInput,
          returns: "{ email, role, message, sign_in?, temporary_password? }",
          errors: [409],
        }),
      })
      .post("/api/reinstate-user", post(emailInput, reinstateUser), {
        detail: doc({
          summary: "Reinstate a removed account (local accounts: with a new temporary password, shown once)",
          body: emailInput,
          returns: "{ email, role, sign_in, temporary_password? }",
          errors: [404, 409],
        }),
      })
      // Not in the spec: a person's own password, and an Owner's reset (each service checks who may).
      .use(passwordsRest(deps))
  );
}

/** A person's own password, and an Owner's reset of someone's. */
const passwordsRest = (deps: AppDeps) =>
  new Elysia()
    .use(jsonBodies())
    .post(
      "/api/auth/change-password",
      ({ request, body }) =>
        changePassword(restServiceCtx(deps, request), jsonBody(changePasswordInput, body)),
      {
        detail: rest({
          summary:
            "Change one's own password (local accounts; at least 12 characters; throttled like sign-in). Ends the account's other sessions",
          tag: "Sign-in",
          access: "signed-in",
          body: changePasswordInput,
          returns: "{ ok, message }",
          errors: [400, 401, 409, 429],
        }),
      },
    )
    .post(
      "/api/reset-password",
      ({ request, body }) => resetPassword(restServiceCtx(deps, request), jsonBody(emailInput, body)),
      {
        detail: doc({
          summary:
            "Give an account a new temporary password (local accounts; shown once, must be changed at sign-in, expires in 7 days); ends its sessions",
          body: emailInput,
          returns: "{ email, message, sign_in, temporary_password }",
          errors: [400, 404],
        }),
      },
    );
