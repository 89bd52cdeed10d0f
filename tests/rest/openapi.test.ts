import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { openApiDocument, openApiPath, undocumentedRoutes } from "@server/http/openapi/document";
import { rest } from "@server/http/openapi/route-doc";
import { Elysia } from "elysia";
import { startTestApp, type TestApp } from "../helpers/app";
import { ADMIN, OWNER, PUBLIC, REST_TABLE, SIGNED_IN, SUPER } from "../helpers/permission-table";

/** GET /api/openapi.json describes exactly the app's REST door, with who may call each path. */
let t: TestApp;
type Doc = {
  openapi: string;
  paths: Record<
    string,
    Record<
      string,
      {
        "x-access": string;
        parameters: { name: string; schema: { type?: string } }[];
        requestBody?: {
          content: Record<string, { schema: { properties?: Record<string, unknown>; required?: string[] } }>;
        };
      }
    >
  >;
};
let doc: Doc;
beforeAll(async () => {
  t = await startTestApp();
  const res = await t.request("/api/openapi.json");
  expect(res.status).toBe(200);
  doc = (await res.json()) as Doc;
});
afterAll(() => t.close());

/** Routes that are not the REST door: the SPA fallback, the tRPC door and the 404 catch-all. */
const NOT_REST = ["GET /*", "GET /trpc/*", "POST /trpc/*", "ALL /api/*"];
/** The app's own routes of the REST door. */
const appRoutes = () =>
  [...new Set(t.app.routes.map((r) => `${r.method} ${r.path}`))].filter((r) => !NOT_REST.includes(r));
const documented = () =>
  Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`),
  );

describe("GET /api/openapi.json", () => {
  test("an OpenAPI 3.1 document, public", async () => {
    expect(doc.openapi).toBe("3.1.0");
  });

  test("every route of the app is in it, and it lists no route the app lacks", () => {
    const app = appRoutes().map((r) => {
      const [method, path] = r.split(" ") as [string, string];
      return `${method} ${openApiPath(path)}`;
    });
    const missing = app.filter((r) => !documented().includes(r));
    const extra = documented().filter((r) => !app.includes(r));
    expect(missing).toEqual([]);
    expect(extra).toEqual([]);
  });

  test("who may call each path agrees with the permission table the gate is tested against", () => {
    const expected: Record<string, string[]> = {
      public: [PUBLIC],
      "signed-in": [SIGNED_IN],
      admin: [ADMIN],
      owner: [OWNER, SUPER],
      "owner-or-token": ["401 403 403 ok ok"],
      "signed-link": ["403 403 403 403 403"],
    };
    for (const r of appRoutes()) {
      const [method, path] = r.split(" ") as [string, string];
      const op = doc.paths[openApiPath(path)]![method.toLowerCase()]!;
      expect(expected[op["x-access"]], r).toContain(REST_TABLE[r]!.answers);
    }
  });

  test("bodies and parameters come from the shared schemas that validate them", () => {
    const create = doc.paths["/api/core-boxes"]!.post!;
    const body = create.requestBody!.content["application/json"]!.schema;
    expect(body.required).toEqual(["work_order"]);
    expect(Object.keys(body.properties ?? {})).toContain("keep_or_dump");
    const list = doc.paths["/api/core-boxes"]!.get!;
    expect(list.parameters.map((p) => p.name)).toEqual(
      expect.arrayContaining(["sort_by", "sort_dir", "page"]),
    );
    const upload = doc.paths["/api/process-file"]!.post!;
    const form = upload.requestBody!.content["multipart/form-data"]!.schema;
    expect(Object.keys(form.properties ?? {})).toEqual(expect.arrayContaining(["db_name", "action", "file"]));
    expect(doc.paths["/api/core-boxes/{id}"]!.put!.parameters.map((p) => p.name)).toEqual(["id"]);
    // A work order number is text (4321-07A), as its schema says, not an id.
    const wo = doc.paths["/api/work-orders/{wo}"]!.get!.parameters;
    expect(wo.map((p) => [p.name, p.schema.type])).toEqual([["wo", "string"]]);
    expect(doc.paths["/api/core-boxes/{id}"]!.put!.parameters[0]!.schema.type).toBe("integer");
  });

  test("a REST route declared without its contract is caught: only the non-REST routes lack one", () => {
    expect(undocumentedRoutes(t.app.routes).sort()).toEqual([...NOT_REST].sort());
  });

  test("every REST path the docs name is in it", () => {
    const root = join(import.meta.dir, "../..");
    const docs = [
      join(root, "README.md"),
      ...readdirSync(join(root, "docs"))
        .filter((f) => f.endsWith(".md"))
        .map((f) => join(root, "docs", f)),
    ];
    // `{wo}` and `{id}` alike; `/api/reports-binder` is the app's `/api/reports-binder/`.
    const norm = (r: string) => r.replace(/\{[^}]*\}/g, "{}").replace(/\/$/, "");
    const named = docs.flatMap((f) =>
      [
        ...readFileSync(f, "utf8").matchAll(/\b(GET|POST|PUT|DELETE|HEAD) (\/(?:api|files)\b[\w./{}*-]*)/g),
      ].map((m) => norm(`${m[1]} ${m[2]}`)),
    );
    expect(named.length).toBeGreaterThan(10);
    const inDoc = new Set(documented().map(norm));
    expect([...new Set(named)].filter((r) => !inDoc.has(r))).toEqual([]);
  });
});

describe("the document is generated from the routes' contracts", () => {
  const contract = rest({ summary: "A thing", tag: "Things", access: "signed-in", returns: "{ ok }" });
  const routes = new Elysia()
    .use(new Elysia({ prefix: "/api/things" }).get("/:id", () => "", { detail: contract }))
    .post("/api/bare", () => "").routes;

  test("a route's contract survives the plugins and prefixes it is declared in", () => {
    const doc = openApiDocument("0", routes) as {
      paths: Record<string, Record<string, { summary: string }>>;
    };
    expect(Object.keys(doc.paths)).toEqual(["/api/things/{id}"]);
    expect(doc.paths["/api/things/{id}"]!.get!.summary).toBe("A thing");
  });

  test("a route without one is left out and named", () => {
    expect(undocumentedRoutes(routes)).toEqual(["POST /api/bare"]);
  });
});
