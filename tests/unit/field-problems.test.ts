import { describe, expect, test } from "bun:test";
import { binderCreateInput } from "@shared/reports-binder";
import { fieldProblems, hasProblems, UNREADABLE_DATE } from "@/lib/field-problems";

const LABELS = {
  work_order: "Work order",
  engineer_initials: "Engineer initials",
  billing: "Billing",
  date: "Date",
};

describe("field problems: one sentence per field, from the server's schema", () => {
  test("each invalid field gets its own sentence; never two joined with '.;'", () => {
    const problems = fieldProblems(
      binderCreateInput,
      { work_order: "1000-01", engineer_initials: "a1", billing: "12x", date: "2026-02-30" },
      LABELS,
    );
    expect(problems).toEqual({
      engineer_initials: "Initials must look like GS:AT:TT (letters separated by colons).",
      billing: "Billing accepts digits only.",
      date: "Date is not a real calendar date.",
    });
    for (const sentence of Object.values(problems)) expect(sentence).not.toContain(";");
  });

  test("a date the browser could not read is the field's problem, even though its value is empty", () => {
    const problems = fieldProblems(binderCreateInput, { work_order: "1000-01", date: "" }, LABELS, [
      "date",
      "other",
    ]);
    expect(problems).toEqual({ date: UNREADABLE_DATE });
    expect(hasProblems(problems)).toBe(true);
    expect(hasProblems(fieldProblems(binderCreateInput, { work_order: "1000-01" }, LABELS))).toBe(false);
  });
});
