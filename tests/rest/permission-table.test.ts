import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { REFUSED } from "@shared/permissions";
import { DEMO, startTestApp, type TestApp } from "../helpers/app";
import {
  ONE_DOOR,
  REST_TABLE,
  ROLE_EMAIL,
  ROLE_ORDER,
  type RoleName,
  type Row,
} from "../helpers/permission-table";
import { TRPC_TABLE } from "../helpers/permission-table-trpc";
import { concretePath, restRoutes, sendMethod, trpcProcedures, trpcRequest } from "../helpers/surface";

/**
 * Every REST path and tRPC procedure, read from the app and the router, called as signed-out, User, Admin, Owner
 * and super-owner; the answers must be the table's (tests/helpers/permission-table*.ts), and every 403 must say
 * the table's sentence, word for word.
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

/** The sentence each refused caller should read (the roles whose answer is 403). */
function refusalsOf(row: Row): Partial<Record<RoleName, string | undefined>> {
  const want = row.answers.split(" ");
  const refused = row.refused;
  const of = (role: RoleName) => (typeof refused === "string" ? refused : refused?.[role]);
  return Object.fromEntries(ROLE_ORDER.filter((_, i) => want[i] === "403").map((role) => [role, of(role)]));
}

/** The person-facing sentence of an error: REST's `{ error }`, tRPC's `{ error: { message } }`. */
async function sentenceOf(res: Response): Promise<string | undefined> {
  const body = (await res.json().catch(() => null)) as { error?: string | { message?: string } } | null;
  return typeof body?.error === "string" ? body.error : body?.error?.message;
}

/** Calls a row as each caller: the answer classes, and the sentence of each 403. */
async function answersOf(call: (role: RoleName) => Promise<Response>, readBody = true) {
  const got: string[] = [];
  const refusals: Partial<Record<RoleName, string | undefined>> = {};
  for (const role of ROLE_ORDER) {
    const res = await call(role);
    got.push(answerClass(res.status));
    if (res.status === 403) refusals[role] = readBody ? await sentenceOf(res) : undefined;
  }
  return { got, refusals };
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
      const head = method === "HEAD"; // no body to read the sentence from
      const { got, refusals } = await answersOf((role) => callRest(method, pattern, row, role), !head);
      expect(compare(row, got), `${key} as ${ROLE_ORDER.join("/")}`).toBe(row.answers);
      if (!head) expect(refusals, `${key}: the sentence of each 403`).toEqual(refusalsOf(row));
    });
  }
});

describe("tRPC answers match the table", () => {
  for (const proc of trpcProcedures()) {
    const row = TRPC_TABLE[proc.path];
    if (!row) continue; // reported by the coverage test above
    test(proc.path, async () => {
      const { got, refusals } = await answersOf(async (role) =>
        trpcRequest(t, proc, row.input, { cookie: await cookieFor(role, row) }),
      );
      expect(compare(row, got), `${proc.path} as ${ROLE_ORDER.join("/")}`).toBe(row.answers);
      expect(refusals, `${proc.path}: the sentence of each 403`).toEqual(refusalsOf(row));
    });
  }
});

describe("one check per action: both doors refuse alike", () => {
  const rows = (table: Record<string, Row>, skipHead = false) =>
    Object.entries(table).filter(([k]) => !(skipHead && k.startsWith("HEAD ")));
  const restRows = rows(REST_TABLE, true);
  const trpcRows = rows(TRPC_TABLE);

  test("every 403 in the table names the sentence a person reads", () => {
    const silent = [...restRows, ...trpcRows]
      .filter(([, row]) => Object.values(refusalsOf(row)).some((s) => !s))
      .map(([k]) => k);
    expect(silent, "rows answering 403 with no `refused` sentence").toEqual([]);
  });

  test("a REST path and its tRPC twin answer the same status and the same sentence", () => {
    const twins = restRows.filter(([, row]) => row.twin);
    expect(twins.length).toBeGreaterThan(0);
    for (const [key, row] of twins) {
      const twin = TRPC_TABLE[row.twin!];
      expect(twin, `${key}: twin ${row.twin} has no row`).toBeDefined();
      expect(twin!.answers, `${key} vs ${row.twin}`).toBe(row.answers);
      expect(refusalsOf(twin!), `${key} vs ${row.twin}`).toEqual(refusalsOf(row));
    }
  });

  test("every rule is shown let through and refused, at both doors unless it has one", () => {
    const shows = (entries: [string, Row][], sentence: string) =>
      entries.filter(([, row]) => Object.values(refusalsOf(row)).includes(sentence));
    const missing: string[] = [];
    for (const [rule, sentence] of Object.entries(REFUSED)) {
      const rest = shows(restRows, sentence);
      const trpc = shows(trpcRows, sentence);
      const both = [...rest, ...trpc];
      if (!both.some(([, r]) => r.answers.split(" ").includes("ok")))
        missing.push(`${rule}: no caller let through`);
      if (both.length === 0) missing.push(`${rule}: never refused`);
      const oneDoor = ONE_DOOR[rule as keyof typeof REFUSED];
      if (!oneDoor && (rest.length === 0 || trpc.length === 0)) missing.push(`${rule}: not at both doors`);
      if (oneDoor && rest.length > 0 && trpc.length > 0)
        missing.push(`${rule}: has both doors, drop ONE_DOOR`);
      const twinned = rest.some(([, r]) => r.twin && trpc.some(([k]) => k === r.twin));
      if (!oneDoor && !twinned) missing.push(`${rule}: no REST row names its tRPC twin`);
    }
    expect(missing).toEqual([]);
  });
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
