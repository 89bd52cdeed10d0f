import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { openApiPath } from "@server/http/openapi/document";
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
        parameters: { name: string }[];
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

/** The app's own routes of the REST door (the SPA fallback, the tRPC door and the 404 catch-all aside). */
const appRoutes = () =>
  [...new Set(t.app.routes.map((r) => `${r.method} ${r.path}`))].filter(
    (r) => !["GET /*", "GET /trpc/*", "POST /trpc/*", "ALL /api/*"].includes(r),
  );
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
  });
});
