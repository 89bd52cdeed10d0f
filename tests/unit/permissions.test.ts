import { describe, expect, test } from "bun:test";
import {
  type Actor,
  can,
  checkPasswordReset,
  checkRemoval,
  checkRoleChange,
  isRowLocked,
  REFUSED,
} from "@shared/permissions";

const superOwner: Actor = { email: "super@x.test", role: "Owner", isSuperOwner: true };
const owner: Actor = { email: "owner@x.test", role: "Owner", isSuperOwner: false };
const owner2: Actor = { email: "owner2@x.test", role: "Owner", isSuperOwner: false };
const admin: Actor = { email: "admin@x.test", role: "Admin", isSuperOwner: false };
const user: Actor = { email: "user@x.test", role: "User", isSuperOwner: false };

describe("can()", () => {
  test("admin console: Owners and Admins allowed, Users and anonymous denied", () => {
    expect(can(owner, "admin.view")).toBe(true);
    expect(can(admin, "admin.view")).toBe(true);
    expect(can(user, "admin.view")).toBe(false);
    expect(can(null, "admin.view")).toBe(false);
  });
  test("register and reinstate: Owners allowed, Admins denied", () => {
    expect(can(owner, "users.register")).toBe(true);
    expect(can(superOwner, "users.reinstate")).toBe(true);
    expect(can(admin, "users.register")).toBe(false);
    expect(can(admin, "users.reinstate")).toBe(false);
  });
  test("content writes: Admins allowed, Users denied", () => {
    expect(can(admin, "content.write")).toBe(true);
    expect(can(user, "content.write")).toBe(false);
  });
  test("feedback review: Admins allowed, Users denied; metrics: Owners allowed, Admins denied", () => {
    expect(can(admin, "feedback.review")).toBe(true);
    expect(can(user, "feedback.review")).toBe(false);
    expect(can(owner, "metrics.read")).toBe(true);
    expect(can(superOwner, "metrics.read")).toBe(true);
    expect(can(admin, "metrics.read")).toBe(false);
  });
});

describe("REFUSED: the sentence each rule answers with", () => {
  test("a refusal says who may, in a sentence a person reads (never the old generic text)", () => {
    for (const sentence of Object.values(REFUSED)) {
      expect(sentence).toMatch(/^Only (Owners|Admins and Owners) can .+\.$/);
    }
    expect(REFUSED["users.register"]).toBe("Only Owners can register accounts.");
    expect(REFUSED["projects.import"]).toBe("Only Admins and Owners can import the project register.");
  });
  test("the target rules start from the same sentences the services throw", () => {
    expect(checkRoleChange(user, admin, "User")).toEqual({ ok: false, reason: REFUSED.roleChange });
    expect(checkRemoval(admin, user)).toEqual({ ok: false, reason: REFUSED.removal });
    expect(checkPasswordReset(admin, user)).toEqual({ ok: false, reason: REFUSED.passwordReset });
  });
});

describe("role changes", () => {
  test("an Owner switches a User to Admin and back", () => {
    expect(checkRoleChange(owner, user, "Admin").ok).toBe(true);
    expect(checkRoleChange(owner, admin, "User").ok).toBe(true);
  });
  test("an Owner cannot promote to Owner, touch another Owner, or change themself", () => {
    expect(checkRoleChange(owner, user, "Owner")).toEqual({
      ok: false,
      reason: "Only the super-owner can make someone an Owner.",
    });
    expect(checkRoleChange(owner, owner2, "Admin").ok).toBe(false);
    expect(checkRoleChange(owner, owner, "Admin").ok).toBe(false);
  });
  test("the super-owner changes anyone else to any role; nobody changes the super-owner", () => {
    expect(checkRoleChange(superOwner, owner, "User").ok).toBe(true);
    expect(checkRoleChange(superOwner, user, "Owner").ok).toBe(true);
    expect(checkRoleChange(owner, superOwner, "Admin").ok).toBe(false);
    expect(checkRoleChange(superOwner, superOwner, "Admin").ok).toBe(false);
  });
  test("Admins and Users change nothing", () => {
    expect(checkRoleChange(admin, user, "Admin")).toEqual({
      ok: false,
      reason: "Only Owners can change roles.",
    });
    expect(checkRoleChange(user, user, "Admin").ok).toBe(false);
  });
});

describe("removal and locked rows", () => {
  test("an Owner removes a User; an Admin may not", () => {
    expect(checkRemoval(owner, user).ok).toBe(true);
    expect(checkRemoval(admin, user).ok).toBe(false);
  });
  test("nobody removes themself or the super-owner", () => {
    expect(checkRemoval(owner, owner).ok).toBe(false);
    expect(checkRemoval(superOwner, superOwner).ok).toBe(false);
    expect(checkRemoval(owner, superOwner).ok).toBe(false);
  });
  test("rows an actor can neither re-role nor remove are locked", () => {
    expect(isRowLocked(owner, superOwner)).toBe(true);
    expect(isRowLocked(owner, owner2)).toBe(true);
    expect(isRowLocked(owner, user)).toBe(false);
    expect(isRowLocked(admin, user)).toBe(true);
    expect(isRowLocked(superOwner, owner)).toBe(false);
  });
  test("emails compare case-insensitively", () => {
    expect(checkRemoval(owner, { ...owner, email: "OWNER@X.TEST" }).ok).toBe(false);
  });
});

describe("checkPasswordReset()", () => {
  const reason = (actor: Actor | null, target: Actor) => {
    const v = checkPasswordReset(actor, target);
    return v.ok ? "ok" : v.reason;
  };
  test("Owners reset Users and Admins; the super-owner also Owners", () => {
    expect(reason(owner, user)).toBe("ok");
    expect(reason(owner, admin)).toBe("ok");
    expect(reason(superOwner, owner)).toBe("ok");
  });
  test("nobody resets the super-owner or their own; Owners not another Owner; Admins and Users nobody", () => {
    expect(reason(owner, superOwner)).toBe(
      "The super-owner's password is set on the server (bun run user:add).",
    );
    expect(reason(superOwner, superOwner)).toBe(
      "The super-owner's password is set on the server (bun run user:add).",
    );
    expect(reason(owner, owner)).toBe("Change your own password from your account menu.");
    expect(reason(owner, owner2)).toBe("Only the super-owner can reset an Owner's password.");
    expect(reason(admin, user)).toBe("Only Owners can reset passwords.");
    expect(reason(user, admin)).toBe("Only Owners can reset passwords.");
    expect(reason(null, user)).toBe("Sign in first.");
  });
});
