import { emailInput, updateRoleInput } from "@shared/users";
import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { jsonBodies } from "../../http/body-limit";
import { requireAllowed } from "../../http/request-state";
import { jsonBody } from "../../http/rest-helpers";
import { allUsers } from "./queries";
import { createUsersService } from "./service";

/** The spec's user-admin REST paths, on the same service as the tRPC `users` router. */
export function usersRest(deps: AppDeps) {
  const service = (request: Request) =>
    createUsersService({
      db: deps.db,
      actor: requireAllowed(request, "admin.view"),
      superOwnerEmail: deps.env.SUPER_OWNER_EMAIL,
    });
  return new Elysia()
    .use(jsonBodies())
    .get("/api/users", async ({ request }) => {
      requireAllowed(request, "admin.view");
      return allUsers(deps.db);
    })
    .post("/api/update-role", ({ request, body }) => {
      const input = jsonBody(updateRoleInput, body);
      return service(request).updateRole(input.email, input.role);
    })
    .post("/api/delete-user", ({ request, body }) => {
      const input = jsonBody(emailInput, body);
      return service(request).removeUser(input.email);
    })
    .post("/api/register-user", ({ request, body }) => {
      const input = jsonBody(emailInput, body);
      return service(request).registerUser(input.email);
    })
    .post("/api/reinstate-user", ({ request, body }) => {
      const input = jsonBody(emailInput, body);
      return service(request).reinstateUser(input.email);
    });
}
