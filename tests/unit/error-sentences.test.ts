import { describe, expect, test } from "bun:test";
import { formatZodError } from "@server/lib/errors";
import { binderCreateInput } from "@shared/reports-binder";
import { z } from "zod";

describe("bad input in words", () => {
  test("several problems read as one sentence each, never joined as '.;'", () => {
    const result = binderCreateInput.safeParse({
      work_order: "1234-01",
      engineer_initials: "a1",
      billing: "12x",
    });
    expect(result.success).toBe(false);
    const text = formatZodError(result.error!);
    expect(text).toBe(
      "Initials must look like GS:AT:TT (letters separated by colons). Billing accepts digits only.",
    );
    expect(text).not.toContain(".;");
  });

  test("a problem that is not a sentence is named by its field and closed with a period", () => {
    const result = z.object({ email: z.string({ error: "must be text" }) }).safeParse({ email: 5 });
    expect(formatZodError(result.error!)).toBe("email must be text.");
  });
});
