import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { DEMO, startTestApp, type TestApp } from "../helpers/app";
import { REST_TABLE, ROLE_EMAIL, ROLE_ORDER, type RoleName, type Row } from "../helpers/permission-table";
import { TRPC_TABLE } from "../helpers/permission-table-trpc";
import { concretePath, restRoutes, sendMethod, trpcProcedures, trpcRequest } from "../helpers/surface";

/**
 * Every REST path and tRPC procedure, read from the app and the router, called as signed-out, User, Admin, Owner
 * and super-owner; the answers must be the table's (tests/helpers/permission-table*.ts).
 */
let t: TestApp;
const cookies: Partial<Record<RoleName, string>> = {};
beforeAll(async () => {
  t = await startTestApp({}, {});
  for (const role of ROLE_ORDER) if (role !== "anon") cookies[role] = await t.login(ROLE_EMAIL[role]);
});
afterAll(() => t.close());

function answerClass(status: number) {
  if (status === 401 || status === 403) return String(status);
  if (status === 501) return "501";
  if (status >= 500) return `${status}!`;
  return "ok";
}

/** The table's answers, with a pending row's 501 (nothing happens yet) accepted for signed-in callers. */
function compare(row: Row, got: string[]) {
  const want = row.answers.split(" ");
  return want.map((w, i) => (row.pending && i > 0 && got[i] === "501" ? w : got[i]!)).join(" ");
}

async function cookieFor(role: RoleName, row: Row) {
  if (role === "anon") return undefined;
  return row.fresh ? t.login(ROLE_EMAIL[role]) : cookies[role];
}

async function callRest(method: string, pattern: string, row: Row, role: RoleName) {
  const sample = row.sample ?? {};
  const path = sample.path ?? concretePath(pattern);
  const cookie = await cookieFor(role, row);
  const verb = sendMethod(method);
  if (sample.form) return t.request(path, { method: verb, body: sample.form(), cookie });
  const withBody = verb !== "GET" && verb !== "HEAD";
  return t.request(path, { method: verb, cookie, ...(withBody ? { json: sample.json ?? {} } : {}) });
}

describe("every path and procedure has a row", () => {
  test("REST paths registered on the app", () => {
    const missing = restRoutes(t)
      .map((r) => r.key)
      .filter((k) => !REST_TABLE[k]);
    expect(
      missing,
      `REST paths with no row in tests/helpers/permission-table.ts: ${missing.join(", ")}`,
    ).toEqual([]);
  });
  test("tRPC procedures of appRouter", () => {
    const missing = trpcProcedures()
      .map((p) => p.path)
      .filter((p) => !TRPC_TABLE[p]);
    expect(missing, `tRPC procedures with no row in permission-table-trpc.ts: ${missing.join(", ")}`).toEqual(
      [],
    );
  });
  test("no stale rows: a row names a real path or procedure, or the part that will add it", () => {
    const routes = new Set(restRoutes(t).map((r) => r.key));
    const procs = new Set(trpcProcedures().map((p) => p.path));
    const stale = [
      ...Object.entries(REST_TABLE).filter(([k, r]) => !routes.has(k) && !r.future),
      ...Object.entries(TRPC_TABLE).filter(([k, r]) => !procs.has(k) && !r.future),
    ].map(([k]) => k);
    expect(stale).toEqual([]);
  });
});

describe("REST answers match the table", () => {
  const keys = Object.keys(REST_TABLE);
  for (const key of keys) {
    const row = REST_TABLE[key]!;
    const [method, pattern] = key.split(" ") as [string, string];
    test(key, async () => {
      if (!restRoutes(t).some((r) => r.key === key)) return; // a `future` row: tested once its part lands
      const got: string[] = [];
      for (const role of ROLE_ORDER)
        got.push(answerClass((await callRest(method, pattern, row, role)).status));
      expect(compare(row, got), `${key} as ${ROLE_ORDER.join("/")}`).toBe(row.answers);
    });
  }
});

describe("tRPC answers match the table", () => {
  for (const proc of trpcProcedures()) {
    const row = TRPC_TABLE[proc.path];
    if (!row) continue; // reported by the coverage test above
    test(proc.path, async () => {
      const got: string[] = [];
      for (const role of ROLE_ORDER) {
        const res = await trpcRequest(t, proc, row.input, { cookie: await cookieFor(role, row) });
        got.push(answerClass(res.status));
      }
      expect(compare(row, got), `${proc.path} as ${ROLE_ORDER.join("/")}`).toBe(row.answers);
    });
  }
});

describe("the table's refusals change nothing", () => {
  test("an Owner cannot make themself or another Owner anything; the super-owner's row stays as it was", async () => {
    const res = await t.request("/api/update-role", {
      method: "POST",
      json: { email: DEMO.superOwner, role: "User" },
      cookie: cookies.owner,
    });
    expect(res.status).toBe(403);
    const me = await t.request("/api/auth/me", { cookie: cookies.super });
    expect(((await me.json()) as { role: string }).role).toBe("Owner");
  });
});
