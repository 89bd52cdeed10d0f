import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { CORE_BOX_MESSAGES } from "@shared/core-boxes";
import { DEMO, startTestApp, type TestApp, trpcCall } from "../helpers/app";
import { callerAs } from "../helpers/caller";
import { auditActions, historyOf, uniqueWo } from "../helpers/core-boxes";

let t: TestApp;
let user: Awaited<ReturnType<typeof callerAs>>;
let cookie: string;
beforeAll(async () => {
  t = await startTestApp();
  user = await callerAs(t, DEMO.user);
  cookie = await t.login(DEMO.user);
});

/** Input errors as the browser sees them: over HTTP, through the error formatter. */
const createOverHttp = async (input: unknown) => {
  const r = await trpcCall(t, cookie, "coreBoxes.create", input, "mutation");
  return { status: r.status, code: r.error?.data?.code, message: r.error?.message };
};
afterAll(() => t.close());

const message = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (err) {
    return { code: (err as { code?: string }).code, message: (err as Error).message };
  }
  throw new Error("expected the call to fail");
};

describe("the demo seed", () => {
  test("a few hundred boxes across the islands and years, some expired", async () => {
    const all = await user.coreBoxes.list({ page_size: 10 });
    expect(all.total).toBeGreaterThanOrEqual(300);
    const { islands } = await user.coreBoxes.islands();
    expect(islands).toEqual(["Hawaii", "Kauai", "Lanai", "Maui", "Molokai", "Oahu"]);
    expect((await user.coreBoxes.years()).years.length).toBeGreaterThan(10);
    const expired = await user.coreBoxes.list({ expired: true, page_size: 100 });
    expect(expired.total).toBeGreaterThan(0);
    expect(expired.total).toBeLessThan(all.total);
    expect(expired.rows.every((r) => r.status === "Expired")).toBe(true);
  });
});

describe("create", () => {
  test("work order is trimmed and upper-cased; expiry defaults to submission + 24 months; year from the date", async () => {
    const wo = `${uniqueWo()}A`;
    const box = await user.coreBoxes.create({
      work_order: `  ${wo.toLowerCase()} `,
      report_submission_date: "2024-01-31",
    });
    expect(box.work_order).toBe(wo.toUpperCase());
    expect(box.storage_expiry_date).toBe("2026-01-31");
    expect(box.year).toBe(2024);
    expect(box.complete).toBe("No");
    expect(box.keep_or_dump).toBe("Keep");
    expect(box.created_by).toBe(DEMO.user);
  });
  test("month ends clamp (Dec 31 + 2 months is the end of February); a given expiry is kept", async () => {
    const t12 = await startTestApp({ CORE_BOX_EXPIRY_MONTHS: "2" });
    try {
      const c = await callerAs(t12, DEMO.user);
      const a = await c.coreBoxes.create({ work_order: uniqueWo(), report_submission_date: "2023-12-31" });
      expect(a.storage_expiry_date).toBe("2024-02-29");
      const b = await c.coreBoxes.create({
        work_order: uniqueWo(),
        report_submission_date: "2023-12-31",
        storage_expiry_date: "2030-06-30",
      });
      expect(b.storage_expiry_date).toBe("2030-06-30");
    } finally {
      await t12.close();
    }
  });
  test("a year sent that fits the dates is the year stored; left out, it is the submission date's, else the expiry date's", async () => {
    const typed = await user.coreBoxes.create({
      work_order: uniqueWo(),
      storage_expiry_date: "1999-01-01",
      year: 1996,
    });
    expect(typed.year).toBe(1996);
    const far = await message(
      user.coreBoxes.create({ work_order: uniqueWo(), storage_expiry_date: "1999-01-01", year: 2026 }),
    );
    expect(far.message).toMatch(/^Year 2026 is after the storage expiry date: use 1999 or earlier/);
    const fromExpiry = await user.coreBoxes.create({
      work_order: uniqueWo(),
      storage_expiry_date: "2019-05-01",
    });
    expect(fromExpiry.year).toBe(2019);
    const noDates = await user.coreBoxes.create({ work_order: uniqueWo(), year: 2001 });
    expect(noDates).toMatchObject({ year: 2001, storage_expiry_date: null, status: "Active" });
  });
  test("a year from the dates follows new dates; a year a person set stays until they send another or clear it", async () => {
    const derived = await user.coreBoxes.create({
      work_order: uniqueWo(),
      report_submission_date: "2020-03-01",
    });
    expect(derived.year).toBe(2020);
    const moved = await user.coreBoxes.update({ id: derived.id, report_submission_date: "2023-03-01" });
    expect(moved.year).toBe(2023);
    // Dates gone: the year they gave stays.
    const undated = await user.coreBoxes.update({
      id: derived.id,
      report_submission_date: null,
      storage_expiry_date: null,
    });
    expect(undated.year).toBe(2023);

    const set = await user.coreBoxes.create({ work_order: uniqueWo(), year: 2017 });
    const dated = await user.coreBoxes.update({ id: set.id, report_submission_date: "2019-06-01" });
    expect(dated.year).toBe(2017);
    const retyped = await user.coreBoxes.update({ id: set.id, year: 2018 });
    expect(retyped.year).toBe(2018);
    const cleared = await user.coreBoxes.update({ id: set.id, year: null });
    expect(cleared.year).toBe(2019);
  });
  test("Work Order is required, with the spec's message", async () => {
    for (const work_order of [undefined, "", "   ", null]) {
      const err = await createOverHttp({ work_order });
      expect(err).toEqual({ status: 400, code: "BAD_REQUEST", message: CORE_BOX_MESSAGES.workOrderRequired });
    }
  });
  test("a work order already in storage is a 409 naming the box", async () => {
    const wo = uniqueWo();
    const first = await user.coreBoxes.create({ work_order: wo, project: "Kailua Residence" });
    const err = await message(user.coreBoxes.create({ work_order: wo.toLowerCase() }));
    expect(err.code).toBe("CONFLICT");
    expect(err.message).toBe(`Work Order ${wo} is already in storage (box #${first.id}, Kailua Residence).`);
  });
  test("bad input is refused naming the field: dates, dispositions, sizes, order of dates", async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ report_submission_date: "2026-02-30" }, /report_submission_date is not a real calendar date/],
      [{ storage_expiry_date: "30/01/2026" }, /storage_expiry_date must be a date \(YYYY-MM-DD\)/],
      [{ keep_or_dump: "Toss" }, /keep_or_dump must be Keep, Dump or Save/],
      [{ complete: "Maybe" }, /complete must be Yes or No/],
      [{ project: "x".repeat(201) }, /project must be 200 characters or fewer/],
      [{ work_order: "W".repeat(41) }, /^A work order is four digits/],
      [{ year: 1850 }, /year must be a year like 2024/],
      [
        { report_submission_date: "2025-01-10", storage_expiry_date: "2024-01-10" },
        /Storage expiry date cannot be before the report submission date/,
      ],
    ];
    for (const [fields, pattern] of cases) {
      const err = await createOverHttp({ work_order: uniqueWo(), ...fields });
      expect(err.status).toBe(400);
      expect(err.message).toMatch(pattern);
    }
  });
  test("dispositions and Yes/No are accepted in any case and stored in one spelling; islands too", async () => {
    const box = await user.coreBoxes.create({
      work_order: uniqueWo(),
      complete: "yes",
      keep_or_dump: "SAVE",
      island: "o'ahu",
    } as never);
    expect(box).toMatchObject({ complete: "Yes", keep_or_dump: "Save", island: "Oahu" });
  });
});

describe("update", () => {
  test("changes only the fields sent and records before and after", async () => {
    const box = await user.coreBoxes.create({
      work_order: uniqueWo(),
      project: "Hilo Water Tank",
      engineer: "GS",
      report_submission_date: "2022-03-01",
    });
    const updated = await user.coreBoxes.update({ id: box.id, complete: "Yes" });
    expect(updated).toMatchObject({
      project: "Hilo Water Tank",
      engineer: "GS",
      complete: "Yes",
      keep_or_dump: "Keep",
    });
    const history = await historyOf(t, box.id);
    expect(history.map((h) => h.action)).toEqual(["create", "update"]);
    expect(history[1]!.before).toMatchObject({ complete: "No" });
    expect(history[1]!.after).toMatchObject({ complete: "Yes" });
    expect(history[1]!.user).toBe(DEMO.user);
  });
  test("a default expiry follows a new submission date; one the person chose stays", async () => {
    const a = await user.coreBoxes.create({ work_order: uniqueWo(), report_submission_date: "2020-01-15" });
    expect(
      (await user.coreBoxes.update({ id: a.id, report_submission_date: "2021-07-01" })).storage_expiry_date,
    ).toBe("2023-07-01");
    const b = await user.coreBoxes.create({
      work_order: uniqueWo(),
      report_submission_date: "2020-01-15",
      storage_expiry_date: "2035-01-01",
    });
    const moved = await user.coreBoxes.update({ id: b.id, report_submission_date: "2021-07-01" });
    expect(moved).toMatchObject({ storage_expiry_date: "2035-01-01", year: 2021 });
  });
  test("an edit that changes nothing writes no change record", async () => {
    const box = await user.coreBoxes.create({ work_order: uniqueWo(), project: "Same" });
    await user.coreBoxes.update({ id: box.id, project: " Same " });
    expect((await historyOf(t, box.id)).length).toBe(1);
  });
  test("renaming to a work order in storage is a 409; an unknown box is a 404", async () => {
    const a = await user.coreBoxes.create({ work_order: uniqueWo() });
    const b = await user.coreBoxes.create({ work_order: uniqueWo() });
    const err = await message(user.coreBoxes.update({ id: b.id, work_order: a.work_order }));
    expect(err.code).toBe("CONFLICT");
    expect(err.message).toContain(`box #${a.id}`);
    expect(await message(user.coreBoxes.update({ id: 99_999_999, project: "x" }))).toEqual({
      code: "NOT_FOUND",
      message: CORE_BOX_MESSAGES.notFound,
    });
  });
});

describe("remove, Mark Dumped & Remove, restore", () => {
  test("only boxes marked Dump can be removed", async () => {
    const box = await user.coreBoxes.create({ work_order: uniqueWo(), keep_or_dump: "Keep" });
    const err = await message(user.coreBoxes.remove({ id: box.id }));
    expect(err).toEqual({
      code: "CONFLICT",
      message: `Only boxes marked Dump can be removed. Box ${box.work_order} is marked Keep.`,
    });
    expect((await user.coreBoxes.byId({ id: box.id })).id).toBe(box.id);
  });
  test("removing a Dump box keeps a full copy in a delete record and the audit log", async () => {
    const box = await user.coreBoxes.create({
      work_order: uniqueWo(),
      keep_or_dump: "Dump",
      project: "Lahaina Bypass",
    });
    const { change_id } = await user.coreBoxes.remove({ id: box.id });
    expect((await message(user.coreBoxes.byId({ id: box.id }))).code).toBe("NOT_FOUND");
    const { changes } = await user.coreBoxes.changes({ limit: 5, core_box_id: box.id });
    expect(changes[0]).toMatchObject({ id: change_id, action: "delete", restorable: true, user: DEMO.user });
    expect(changes[0]!.before).toMatchObject({ work_order: box.work_order, project: "Lahaina Bypass" });
    const audit = await auditActions(t, "core_box.delete");
    expect(audit.some((a) => a.target === box.work_order && a.actor === DEMO.user)).toBe(true);
  });
  test("Mark Dumped & Remove is one action: two records in one batch; restore brings the box back", async () => {
    const box = await user.coreBoxes.create({ work_order: uniqueWo(), keep_or_dump: "Save" });
    const result = await user.coreBoxes.dumpAndRemove({ id: box.id });
    expect(result.dump_change_id).toBeNumber();
    const history = await historyOf(t, box.id);
    expect(history.map((h) => h.action)).toEqual(["create", "update", "delete"]);
    expect(history[1]!.batchId).toBe(history[2]!.batchId!);
    expect(history[1]!.after).toMatchObject({ keep_or_dump: "Dump" });
    // Activity names what was done: its own action, not a plain delete.
    const own = await auditActions(t, "core_box.dump_remove");
    expect(own.some((a) => a.target === box.work_order && a.actor === DEMO.user)).toBe(true);
    const plain = await auditActions(t, "core_box.delete");
    expect(plain.some((a) => a.target === box.work_order)).toBe(false);
    const restored = await user.coreBoxes.restore({ change_id: result.change_id });
    expect(restored.box).toMatchObject({ id: box.id, work_order: box.work_order, keep_or_dump: "Dump" });
  });
  test("a box that is already Dump is removed with a single record", async () => {
    const box = await user.coreBoxes.create({ work_order: uniqueWo(), keep_or_dump: "Dump" });
    expect((await user.coreBoxes.dumpAndRemove({ id: box.id })).dump_change_id).toBeNull();
    expect((await historyOf(t, box.id)).map((h) => h.action)).toEqual(["create", "delete"]);
  });
  test("a delete record restores exactly once", async () => {
    const box = await user.coreBoxes.create({ work_order: uniqueWo(), keep_or_dump: "Dump" });
    const { change_id } = await user.coreBoxes.remove({ id: box.id });
    const admin = await callerAs(t, DEMO.admin);
    const first = await admin.coreBoxes.restore({ change_id });
    expect(first.box.updated_by).toBe(DEMO.admin);
    const err = await message(user.coreBoxes.restore({ change_id }));
    expect(err.code).toBe("CONFLICT");
    expect(err.message).toMatch(
      /^This change was already restored by admin@geolabs\.example on \d{4}-\d\d-\d\d/,
    );
    expect((await audit(t, "core_box.restore")).length).toBeGreaterThan(0);
  });
  test("a live box with the same work order blocks a restore, which stays possible afterwards", async () => {
    const box = await user.coreBoxes.create({ work_order: uniqueWo(), keep_or_dump: "Dump" });
    const { change_id } = await user.coreBoxes.remove({ id: box.id });
    const twin = await user.coreBoxes.create({ work_order: box.work_order });
    const err = await message(user.coreBoxes.restore({ change_id }));
    expect(err.code).toBe("CONFLICT");
    expect(err.message).toBe(
      `Cannot restore: Work Order ${box.work_order} is already in storage (box #${twin.id}). Remove or rename that box first.`,
    );
    await user.coreBoxes.update({ id: twin.id, work_order: `${box.work_order}B` });
    expect((await user.coreBoxes.restore({ change_id })).box.work_order).toBe(box.work_order);
  });
  test("only delete records restore; unknown records are 404", async () => {
    const box = await user.coreBoxes.create({ work_order: uniqueWo() });
    const [create] = await historyOf(t, box.id);
    expect(await message(user.coreBoxes.restore({ change_id: create!.id }))).toEqual({
      code: "BAD_REQUEST",
      message: CORE_BOX_MESSAGES.onlyDeleteRestorable,
    });
    expect((await message(user.coreBoxes.restore({ change_id: 987_654_321 }))).code).toBe("NOT_FOUND");
  });
  test("Delete Selected removes the Dump boxes and says which were skipped and why", async () => {
    const dump = await user.coreBoxes.create({ work_order: uniqueWo(), keep_or_dump: "Dump" });
    const keep = await user.coreBoxes.create({ work_order: uniqueWo(), keep_or_dump: "Keep" });
    const result = await user.coreBoxes.removeMany({ ids: [dump.id, keep.id, 99_999_998] });
    expect(result.removed.map((r) => r.id)).toEqual([dump.id]);
    expect(result.skipped).toEqual([
      {
        id: keep.id,
        work_order: keep.work_order,
        reason: `Only boxes marked Dump can be removed. Box ${keep.work_order} is marked Keep.`,
      },
      { id: 99_999_998, work_order: null, reason: CORE_BOX_MESSAGES.notFound },
    ]);
  });
});

const audit = auditActions;

describe("access", () => {
  test("every signed-in role may read and edit; anonymous callers are refused", async () => {
    for (const email of [DEMO.user, DEMO.admin, DEMO.owner]) {
      const c = await callerAs(t, email);
      const box = await c.coreBoxes.create({ work_order: uniqueWo() });
      expect(box.created_by).toBe(email);
    }
    const anon = await callerAs(t, null);
    for (const call of [
      () => anon.coreBoxes.list({}),
      () => anon.coreBoxes.years(),
      () => anon.coreBoxes.islands(),
      () => anon.coreBoxes.changes({}),
      () => anon.coreBoxes.create({ work_order: "X" }),
      () => anon.coreBoxes.restore({ change_id: 1 }),
    ]) {
      expect((await message(call())).code).toBe("UNAUTHORIZED");
    }
  });
  test("the dashboard's Core Boxes KPI is the live count", async () => {
    const before = (await user.dashboard.kpis()).coreBoxes.value;
    const box = await user.coreBoxes.create({ work_order: uniqueWo(), keep_or_dump: "Dump" });
    const kpis = await user.dashboard.kpis();
    expect(kpis.coreBoxes.value).toBe(before + 1);
    expect(kpis.coreBoxes.trend.at(-1)).toBe(before + 1);
    await user.coreBoxes.remove({ id: box.id });
    expect((await user.dashboard.kpis()).coreBoxes.value).toBe(before);
  });
});
