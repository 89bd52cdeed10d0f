import { z } from "zod";
import { type Access, contractOf, type RegisteredRoute, type RouteDoc } from "./route-doc";

/** Who may call, in words (the x-access value names the rule for machines). */
const ACCESS: Record<Access, string> = {
  public: "Anyone, signed in or not.",
  "signed-in": "Any signed-in member of staff.",
  admin: "Admins and Owners (Users get 403).",
  owner: "Owners (Users and Admins get 403); row rules of src/shared/permissions.ts apply.",
  "owner-or-token": "Owners with their session, or a scraper sending Authorization: Bearer METRICS_TOKEN.",
  "signed-link":
    "Whoever holds the signed link (its signature is the authority; an altered or expired link is 403).",
};

const ERRORS: Record<number, string> = {
  400: "The input is not valid; the message names the field.",
  401: "Sign in first.",
  403: "Not allowed for this account (or a cross-site write).",
  404: "Not found.",
  409: "Conflicts with what is there.",
  413: "The body or file is too large.",
  415: "Wrong content type (JSON paths take application/json; uploads multipart/form-data).",
  416: "The range cannot be served.",
  422: "The file or rows could not be used; the message says why.",
  429: "Too many attempts; try again later.",
  503: "A part the portal depends on is unavailable or busy.",
  504: "The answer took too long.",
};

const jsonSchema = (schema: z.ZodType) => {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" });
  return rest;
};

/** `/api/core-boxes/:id` → `/api/core-boxes/{id}`; `/files/*` → `/files/{key}`. */
export const openApiPath = (path: string) => path.replace(/:(\w+)/g, "{$1}").replace(/\*$/, "{key}");

/** A path parameter's schema: the route's `params` names it, else it is a positive integer id (idParam). */
const pathParamSchema = (route: RouteDoc, name: string): object => {
  const declared = route.params
    ? (jsonSchema(route.params) as { properties?: Record<string, object> }).properties?.[name]
    : undefined;
  return declared ?? { type: "integer", minimum: 1 };
};

function parameters(path: string, route: RouteDoc) {
  const inPath = [...path.matchAll(/:(\w+)/g)].map((m) => ({
    name: m[1]!,
    in: "path",
    required: true,
    schema: pathParamSchema(route, m[1]!),
  }));
  if (path.endsWith("*"))
    inPath.push({ name: "key", in: "path", required: true, schema: { type: "string" } as never });
  if (!route.query) return inPath;
  const q = jsonSchema(route.query) as { properties?: Record<string, object>; required?: string[] };
  const inQuery = Object.entries(q.properties ?? {}).map(([name, schema]) => ({
    name,
    in: "query",
    required: q.required?.includes(name) ?? false,
    schema,
  }));
  return [...inPath, ...inQuery];
}

function requestBody(route: RouteDoc) {
  if (route.body)
    return { required: true, content: { "application/json": { schema: jsonSchema(route.body) } } };
  if (!route.form) return undefined;
  const fields = route.form.fields
    ? (jsonSchema(route.form.fields) as { properties?: object; required?: string[] })
    : {};
  const files = Object.fromEntries(
    Object.entries(route.form.files).map(([name, description]) => [
      name,
      { type: "string", contentMediaType: "application/octet-stream", description },
    ]),
  );
  return {
    required: true,
    content: {
      "multipart/form-data": {
        schema: {
          type: "object",
          properties: { ...(fields.properties ?? {}), ...files },
          required: [...(fields.required ?? []), ...Object.keys(route.form.files)],
        },
      },
    },
  };
}

function responses(path: string, route: RouteDoc) {
  const type = route.type ?? "application/json";
  const out: Record<string, object> = {
    [String(route.status ?? 200)]: {
      description: route.returns,
      content: {
        [type]: { schema: type === "application/json" ? { type: ["object", "array"] } : { type: "string" } },
      },
    },
  };
  const codes = new Set(route.errors ?? []);
  if (route.query || route.body || route.form || path.includes(":")) codes.add(400);
  if (route.body) codes.add(415).add(413);
  if (route.access !== "public") codes.add(route.access === "signed-link" ? 403 : 401);
  if (route.access === "admin" || route.access === "owner" || route.access === "owner-or-token")
    codes.add(403);
  for (const code of [...codes].sort()) {
    out[String(code)] = {
      description: ERRORS[code] ?? "Refused.",
      content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
    };
  }
  return out;
}

/** `GET /api/tickets`, as the parity test and a report of undocumented routes name a route. */
const routeName = (route: RegisteredRoute) => `${route.method} ${route.path}`;

/** The routes of an app declared without a contract (the document leaves them out). */
export const undocumentedRoutes = (routes: readonly RegisteredRoute[]) => [
  ...new Set(routes.filter((r) => !contractOf(r)).map(routeName)),
];

function operation(path: string, route: RouteDoc) {
  const body = requestBody(route);
  return {
    summary: route.summary,
    tags: [route.tag],
    description: `Who: ${ACCESS[route.access]}`,
    "x-access": route.access,
    ...(route.access === "public" || route.access === "signed-link" ? { security: [] } : {}),
    parameters: parameters(path, route),
    ...(body ? { requestBody: body } : {}),
    responses: responses(path, route),
  };
}

/**
 * The OpenAPI 3.1 document of the REST door, generated from the contracts the app's routes were declared with
 * (`app.routes`; the routes do not change once the app is built, so callers build it once).
 */
export function openApiDocument(version: string, routes: readonly RegisteredRoute[]) {
  const paths: Record<string, Record<string, object>> = {};
  for (const route of routes) {
    const contract = contractOf(route);
    if (!contract) continue;
    const path = openApiPath(route.path);
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = operation(route.path, contract);
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Geolabs staff portal: REST door",
      version,
      description:
        "The spec's REST paths and the portal's additions. Identity is the session (cookie `geolabs_session` from " +
        "POST /api/auth/login), an Entra ID bearer token, or a trusted proxy's header, never a body field. Every " +
        "error answers `{ error }` in words. Enum values are read in any case; blank optional fields are unset.",
    },
    servers: [{ url: "/" }],
    security: [{ session: [] }, { entra: [] }],
    components: {
      securitySchemes: {
        session: { type: "apiKey", in: "cookie", name: "geolabs_session" },
        entra: { type: "http", scheme: "bearer", bearerFormat: "JWT" },
      },
      schemas: {
        Error: { type: "object", properties: { error: { type: "string" } }, required: ["error"] },
      },
    },
    paths,
  };
}
