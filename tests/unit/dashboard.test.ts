import { describe, expect, test } from "bun:test";
import {
  firstName,
  greeting,
  highlightParts,
  initials,
  nextCardSize,
  parseStored,
  relativeDay,
  searchCategories,
  toggleFavorite,
} from "@shared/dashboard";
import { CATEGORIES, NAV_GROUPS } from "@shared/navigation";

const at = (h: number, m = 0) => new Date(2026, 10, 22, h, m);

describe("greeting", () => {
  test("switches at 05:00, 12:00 and 18:00", () => {
    expect(greeting(at(4, 59))).toBe("Good night");
    expect(greeting(at(5))).toBe("Good morning");
    expect(greeting(at(11, 59))).toBe("Good morning");
    expect(greeting(at(12))).toBe("Good afternoon");
    expect(greeting(at(17, 59))).toBe("Good afternoon");
    expect(greeting(at(18))).toBe("Good evening");
  });
  test("first name comes from the name, else from the email", () => {
    expect(firstName("Leilani Adams")).toBe("Leilani");
    expect(firstName("", "noah.kealoha@geolabs.example")).toBe("Noah");
    expect(firstName(null, null)).toBe("there");
  });
});

describe("initials", () => {
  test("first letters of the first two words, else from the email, else ??", () => {
    expect(initials("Leilani Mae Adams")).toBe("LM");
    expect(initials("", "noah.kealoha@x.test")).toMatch(/^N/);
    expect(initials(null, null)).toBe("??");
  });
});

describe("relativeDay", () => {
  const now = new Date(2026, 10, 22, 15);
  test("today, yesterday, days, weeks", () => {
    expect(relativeDay(new Date(2026, 10, 22, 1), now)).toBe("today");
    expect(relativeDay(new Date(2026, 10, 21, 23), now)).toBe("yesterday");
    expect(relativeDay(new Date(2026, 10, 18), now)).toBe("4 days ago");
    expect(relativeDay(new Date(2026, 10, 8), now)).toMatch(/weeks? ago/);
  });
});

describe("dashboard search", () => {
  test("empty query shows every category with all its subpages", () => {
    const all = searchCategories(CATEGORIES, "  ");
    expect(all.length).toBe(CATEGORIES.length);
  });
  test("a subpage match shows only the matching subpages, case-insensitively", () => {
    const hits = searchCategories(CATEGORIES, "BINDER");
    const tiles = hits.flatMap((h) => h.subpages.map((s) => s.path));
    expect(tiles).toContain("/reports-binder");
    expect(tiles).not.toContain("/ask-ai");
  });
  test("nonsense finds nothing", () => {
    expect(searchCategories(CATEGORIES, "zzqxv")).toEqual([]);
  });
  test("every category carries one of the spec's tags and every tile is a real route", () => {
    const paths = new Set(NAV_GROUPS.flatMap((g) => g.items.map((i) => i.path)));
    for (const c of CATEGORIES) {
      expect(["AI", "Data", "Ops", "Analytics", "Admin", "IT"]).toContain(c.tag);
      for (const s of c.subpages) expect(paths.has(s.path)).toBe(true);
    }
  });
  test("highlight splits around every occurrence", () => {
    expect(highlightParts("Core boxes and core logs", "core")).toEqual([
      { text: "Core", match: true },
      { text: " boxes and ", match: false },
      { text: "core", match: true },
      { text: " logs", match: false },
    ]);
  });
});

describe("favorites, recents and layout", () => {
  const page = (path: string, timestamp = 1) => ({ path, name: path, parent: "Main", timestamp });
  // Recents (newest first, one per page, at most 8) are kept by the server: tests/api/pinned.test.ts.
  test("toggling a favorite adds then removes it", () => {
    const once = toggleFavorite([], page("/contacts"));
    expect(once.map((e) => e.path)).toEqual(["/contacts"]);
    expect(toggleFavorite(once, page("/contacts"))).toEqual([]);
  });
  test("card sizes cycle normal → wide → tall → big → normal", () => {
    expect(nextCardSize("normal")).toBe("wide");
    expect(nextCardSize("big")).toBe("normal");
  });
  test("corrupt stored JSON falls back to the default", () => {
    const isArr = (v: unknown) => Array.isArray(v);
    expect(parseStored("{not json", [], isArr)).toEqual([]);
    expect(parseStored('{"a":1}', [], isArr)).toEqual([]);
    expect(parseStored<number[]>("[1]", [], isArr)).toEqual([1]);
  });
});
