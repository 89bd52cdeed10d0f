import { describe, expect, test } from "bun:test";
import { searchText, text } from "@shared/common";
import { hasInvisible, INVISIBLE_TEXT, stripInvisible } from "@shared/invisible-text";
import { parseReportFileName, reportFilesInput, reportSearchInput } from "@shared/reports";
import { localAccountInput } from "@shared/users";

describe("invisible and direction-changing characters", () => {
  test("every bidi control is refused", () => {
    const bidi = ["\u061c", "\u200e", "\u200f", "\u202a", "\u202b", "\u202c", "\u202d", "\u202e"];
    for (const c of [...bidi, "\u2066", "\u2067", "\u2068", "\u2069"]) {
      expect(hasInvisible(`Pier${c} 4`)).toBe(true);
    }
  });

  test("zero-width and other format characters are refused, soft hyphen included", () => {
    for (const c of ["\u200b", "\u2060", "\u2061", "\u2064", "\ufeff", "\u00ad", "\u180e", "\u{e0041}"]) {
      expect(hasInvisible(`ad${c}min`)).toBe(true);
    }
  });

  test("a joiner that joins nothing (inside a Latin word, at an edge, next to a space) is refused", () => {
    for (const s of ["ad\u200dmin", "\u200dx", "x\u200d", "a \u200c b", "caf\u00e9\u200d\u00e9"]) {
      expect(hasInvisible(s)).toBe(true);
    }
  });

  test("text that needs joiners or tags keeps them: emoji sequences, Persian, Devanagari, subdivision flags", () => {
    const scotland = "\u{1f3f4}\u{e0067}\u{e0062}\u{e0073}\u{e0063}\u{e0074}\u{e007f}";
    for (const s of ["👨‍👩‍👧", "🏳️‍🌈", "👩🏽‍💻", "می‌خواهم", "क्‍ष", scotland, "Kaʻaʻawa Valley", "Hello"]) {
      expect(hasInvisible(s)).toBe(false);
      expect(stripInvisible(s)).toBe(s);
    }
  });

  test("stripping drops only the refused characters", () => {
    expect(stripInvisible("Inv\u202eoice \u200b👩‍💻 ad\u200dmin")).toBe("Invoice 👩‍💻 admin");
  });
});

describe("the shared text schemas", () => {
  test("text() refuses them with the field's sentence, and trims a leading byte-order mark", () => {
    const r = text(50).safeParse("Kapolei\u202e Lot");
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(INVISIBLE_TEXT);
    expect(text(50).parse("\ufeffKapolei Lot")).toBe("Kapolei Lot");
  });

  test("search text drops them instead, so a pasted word still matches", () => {
    expect(searchText.parse(" Pier\u200b 4\u00ad ")).toBe("Pier 4");
    expect(reportSearchInput.parse({ q: "Ka\u200bpolei" }).q).toBe("Kapolei");
    expect(reportFilesInput.parse({ q: "\u202eKapolei" }).q).toBe("Kapolei");
  });

  test("account names and report project names use the same rule", () => {
    expect(
      localAccountInput.safeParse({
        email: "a@b.example",
        role: "User",
        password: "longenough",
        name: "A\u202eB",
      }).success,
    ).toBe(false);
    const parsed = parseReportFileName("1234-56.Invoice\u202efdp.exe.pdf");
    expect(parsed.ok ? "" : parsed.reason).toContain(INVISIBLE_TEXT);
  });
});
