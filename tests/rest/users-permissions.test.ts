import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { users } from "@server/db/schema";
import { eq } from "drizzle-orm";
import { DEMO, startTestApp, type TestApp, trpcCall } from "../helpers/app";

/**
 * The permission matrix of the Admin Console, written out by hand from the spec (part 2 §6) rather than derived
 * from src/shared/permissions.ts, and asserted at both doors: the spec's REST paths and the tRPC procedures.
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

type Door = (actor: ActorKind, op: string, input: Record<string, unknown>) => Promise<number>;
const REST_PATH: Record<string, string> = {
  setRole: "/api/update-role",
  remove: "/api/delete-user",
  register: "/api/register-user",
  reinstate: "/api/reinstate-user",
};
const restDoor: Door = async (actor, op, input) =>
  (await t.request(REST_PATH[op]!, { method: "POST", json: input, cookie: cookies[actor] })).status;
const trpcDoor: Door = async (actor, op, input) =>
  (await trpcCall(t, cookies[actor], `users.${op}`, input, "mutation")).status;

const ACTORS: ActorKind[] = ["super", "owner", "admin", "user", "anon"];
const TARGETS: TargetKind[] = ["User", "Admin", "Owner", "super", "self"];

for (const [doorName, door] of [
  ["REST", restDoor],
  ["tRPC", trpcDoor],
] as const) {
  describe(`${doorName} door`, () => {
    for (const actor of ACTORS) {
      test(`${actor}: list accounts`, async () => {
        const status =
          doorName === "REST"
            ? (await t.request("/api/users", { cookie: cookies[actor] })).status
            : (await trpcCall(t, cookies[actor], "users.list", {})).status;
        expect(status).toBe(expectList(actor));
      });
      for (const target of TARGETS) {
        for (const next of ["User", "Admin", "Owner"] as const) {
          if (next === target) continue;
          test(`${actor}: set ${target} to ${next}`, async () => {
            const email = await targetOf(target, actor);
            const roleOf = async () =>
              (await t.deps.db.select().from(users).where(eq(users.email, email)))[0]!.role;
            const before = await roleOf();
            const status = await door(actor, "setRole", { email, role: next });
            expect(status).toBe(expectRoleChange(actor, target, next));
            // Allowed: the role is the new one. Refused: nothing changed.
            expect(await roleOf()).toBe(status === 200 ? next : before);
          });
        }
        test(`${actor}: remove ${target}`, async () => {
          const email = await targetOf(target, actor);
          const status = await door(actor, "remove", { email });
          expect(status).toBe(expectRemoval(actor, target));
          const [row] = await t.deps.db.select().from(users).where(eq(users.email, email));
          expect(row!.status).toBe(status === 200 ? "deactivated" : "active");
        });
      }
      test(`${actor}: register a new email`, async () => {
        const status = await door(actor, "register", { email: `new${++seq}@geolabs.example` });
        expect(status).toBe(expectOwnerOnly(actor));
      });
      test(`${actor}: reinstate a removed account`, async () => {
        const email = `gone${++seq}@geolabs.example`;
        await t.deps.db
          .insert(users)
          .values({ email, role: "User", source: "test", status: "deactivated", deactivatedAt: new Date() });
        const status = await door(actor, "reinstate", { email });
        expect(status).toBe(expectOwnerOnly(actor));
      });
    }
  });
}
