import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { users } from "@server/db/schema";
import { eq } from "drizzle-orm";
import { DEMO, startTestApp, type TestApp, trpcCall } from "../helpers/app";

/**
 * The permission matrix of the Admin Console, written out by hand from the spec (part 2 §6) rather than derived
 * from src/shared/permissions.ts, and asserted at both doors: the spec's REST paths and the tRPC procedures. Both
 * doors must give every case the same status and, when refused, the same sentence (the service's, not the door's).
 */
type ActorKind = "super" | "owner" | "admin" | "user" | "anon";
type TargetKind = "User" | "Admin" | "Owner" | "super" | "self";
type Verdict = 200 | 401 | 403;

const ACTOR_EMAIL: Record<Exclude<ActorKind, "anon">, string> = {
  super: DEMO.superOwner,
  owner: DEMO.owner,
  admin: DEMO.admin,
  user: DEMO.user,
};

function expectRoleChange(actor: ActorKind, target: TargetKind, next: "User" | "Admin" | "Owner"): Verdict {
  if (actor === "anon") return 401;
  if (actor === "user" || actor === "admin") return 403;
  if (target === "super" || target === "self") return 403;
  if (actor === "super") return 200;
  // An Owner: User <-> Admin only, for User/Admin accounts.
  if (target === "Owner" || next === "Owner") return 403;
  return 200;
}
function expectRemoval(actor: ActorKind, target: TargetKind): Verdict {
  if (actor === "anon") return 401;
  if (actor === "user" || actor === "admin") return 403;
  if (target === "super" || target === "self") return 403;
  if (actor === "super") return 200;
  return target === "Owner" ? 403 : 200;
}
const expectOwnerOnly = (actor: ActorKind): Verdict =>
  actor === "anon" ? 401 : actor === "super" || actor === "owner" ? 200 : 403;
const expectList = (actor: ActorKind): Verdict => (actor === "anon" ? 401 : actor === "user" ? 403 : 200);

/** What an Admin or a User reads when refused before any account is looked at (spec part 2 §6, in words). */
const NOT_AN_OWNER: Record<string, string> = {
  setRole: "Only Owners can change roles.",
  remove: "Only Owners can remove accounts.",
  register: "Only Owners can register accounts.",
  reinstate: "Only Owners can reinstate accounts.",
  list: "Only Admins and Owners can see the staff accounts.",
};
/** The sentence a refusal must carry, where the actor alone decides it (the target's own rules: unit tests). */
function expectSentence(actor: ActorKind, op: string, status: number): string | undefined {
  if (actor === "anon") return "Sign in to continue.";
  if (status === 403 && (actor === "user" || actor === "admin")) return NOT_AN_OWNER[op];
  return undefined;
}

let t: TestApp;
const cookies: Partial<Record<ActorKind, string>> = {};
let seq = 0;

beforeAll(async () => {
  t = await startTestApp();
  for (const [kind, email] of Object.entries(ACTOR_EMAIL)) cookies[kind as ActorKind] = await t.login(email);
});
afterAll(() => t.close());

/** A fresh account of the given kind (so allowed changes never disturb the next case). */
async function targetOf(kind: TargetKind, actor: ActorKind): Promise<string> {
  if (kind === "super") return DEMO.superOwner;
  if (kind === "self") return actor === "anon" ? DEMO.user : ACTOR_EMAIL[actor];
  const email = `target${++seq}@geolabs.example`;
  await t.deps.db.insert(users).values({ email, name: "Target", role: kind, source: "test" });
  return email;
}

interface Answer {
  status: number;
  sentence?: string;
}
type Door = (actor: ActorKind, op: string, input: Record<string, unknown>) => Promise<Answer>;
const REST_PATH: Record<string, string> = {
  setRole: "/api/update-role",
  remove: "/api/delete-user",
  register: "/api/register-user",
  reinstate: "/api/reinstate-user",
};
async function restAnswer(res: Response): Promise<Answer> {
  const body = (await res.json()) as { error?: string };
  return { status: res.status, sentence: body.error };
}
const restDoor: Door = async (actor, op, input) =>
  restAnswer(await t.request(REST_PATH[op]!, { method: "POST", json: input, cookie: cookies[actor] }));
/** A tRPC answer; signed out, the app's guard answers before tRPC does, in the REST shape. */
function trpcAnswer(res: Awaited<ReturnType<typeof trpcCall>>): Answer {
  const error = res.error as { message?: string } | string | undefined;
  return { status: res.status, sentence: typeof error === "string" ? error : error?.message };
}
const trpcDoor: Door = async (actor, op, input) =>
  trpcAnswer(await trpcCall(t, cookies[actor], `users.${op}`, input, "mutation"));

/** Each case's answer at each door, compared once both doors have answered (the last describe below). */
const answered: Record<string, Partial<Record<"REST" | "tRPC", Answer>>> = {};
function check(
  door: "REST" | "tRPC",
  name: string,
  actor: ActorKind,
  op: string,
  got: Answer,
  status: Verdict,
) {
  expect(got.status).toBe(status);
  const sentence = expectSentence(actor, op, got.status);
  if (sentence) expect(got.sentence).toBe(sentence);
  answered[name] = { ...answered[name], [door]: got.status === 200 ? { status: 200 } : got };
}

const ACTORS: ActorKind[] = ["super", "owner", "admin", "user", "anon"];
const TARGETS: TargetKind[] = ["User", "Admin", "Owner", "super", "self"];

for (const [doorName, door] of [
  ["REST", restDoor],
  ["tRPC", trpcDoor],
] as const) {
  describe(`${doorName} door`, () => {
    for (const actor of ACTORS) {
      test(`${actor}: list accounts`, async () => {
        const got =
          doorName === "REST"
            ? await restAnswer(await t.request("/api/users", { cookie: cookies[actor] }))
            : trpcAnswer(await trpcCall(t, cookies[actor], "users.list", {}));
        check(doorName, `${actor}: list accounts`, actor, "list", got, expectList(actor));
      });
      for (const target of TARGETS) {
        for (const next of ["User", "Admin", "Owner"] as const) {
          if (next === target) continue;
          const name = `${actor}: set ${target} to ${next}`;
          test(name, async () => {
            const email = await targetOf(target, actor);
            const roleOf = async () =>
              (await t.deps.db.select().from(users).where(eq(users.email, email)))[0]!.role;
            const before = await roleOf();
            const got = await door(actor, "setRole", { email, role: next });
            const status = got.status;
            check(doorName, name, actor, "setRole", got, expectRoleChange(actor, target, next));
            // Allowed: the role is the new one. Refused: nothing changed.
            expect(await roleOf()).toBe(status === 200 ? next : before);
          });
        }
        test(`${actor}: remove ${target}`, async () => {
          const email = await targetOf(target, actor);
          const got = await door(actor, "remove", { email });
          const status = got.status;
          check(doorName, `${actor}: remove ${target}`, actor, "remove", got, expectRemoval(actor, target));
          const [row] = await t.deps.db.select().from(users).where(eq(users.email, email));
          expect(row!.status).toBe(status === 200 ? "deactivated" : "active");
        });
      }
      test(`${actor}: register a new email`, async () => {
        const got = await door(actor, "register", { email: `new${++seq}@geolabs.example` });
        check(doorName, `${actor}: register`, actor, "register", got, expectOwnerOnly(actor));
      });
      test(`${actor}: reinstate a removed account`, async () => {
        const email = `gone${++seq}@geolabs.example`;
        await t.deps.db
          .insert(users)
          .values({ email, role: "User", source: "test", status: "deactivated", deactivatedAt: new Date() });
        const got = await door(actor, "reinstate", { email });
        check(doorName, `${actor}: reinstate`, actor, "reinstate", got, expectOwnerOnly(actor));
      });
    }
  });
}

describe("both doors", () => {
  test("every case got the same status and, when refused, the same sentence at REST and tRPC", () => {
    const cases = Object.entries(answered);
    expect(cases.length).toBe(ACTORS.length * 20); // list, 12 role changes, 5 removals, register, reinstate
    const differ = cases
      .filter(([, a]) => !a.REST || JSON.stringify(a.REST) !== JSON.stringify(a.tRPC))
      .map(([k]) => k);
    expect(differ).toEqual([]);
  });
});
