import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/**
 * Every decision record in docs/decisions starts with its title (`# …`) and then, as its first non-blank line, a
 * status: `Status: Accepted`, or `Status: Superseded by NNNN` naming a record that exists.
 */
const DIR = join(import.meta.dir, "../../docs/decisions");
const STATUS = /^Status: (?:Accepted|Superseded by (\d{4}))$/;

/** What is wrong with one record, given the numbers of all records (empty when nothing is). */
export function problemsOf(name: string, text: string, numbers: ReadonlySet<string>): string[] {
  const lines = text.split(/\r?\n/);
  if (!lines[0]?.startsWith("# ")) return [`${name}: the first line is not a "# Title"`];
  const first = lines.slice(1).find((l) => l.trim() !== "");
  const m = first === undefined ? null : STATUS.exec(first.trim());
  if (!m) return [`${name}: no "Status: Accepted" or "Status: Superseded by NNNN" after the title`];
  if (m[1] !== undefined && !numbers.has(m[1]))
    return [`${name}: superseded by ${m[1]}, which does not exist`];
  return [];
}

describe("decision records", () => {
  test("every record starts with a status, and a superseding record exists", () => {
    const names = readdirSync(DIR).filter((f) => f.endsWith(".md"));
    expect(names.length).toBeGreaterThan(40);
    const numbers = new Set(names.map((f) => f.slice(0, 4)).filter((n) => /^\d{4}$/.test(n)));
    const problems = names.flatMap((f) => problemsOf(f, readFileSync(join(DIR, f), "utf8"), numbers));
    expect(problems).toEqual([]);
  });

  test("the check catches a missing status and a superseding record that does not exist", () => {
    const numbers = new Set(["0001", "0002"]);
    expect(problemsOf("a.md", "# A\n\nStatus: Accepted\n\nText.", numbers)).toEqual([]);
    expect(problemsOf("a.md", "# A\n\nStatus: Superseded by 0002\n\nSee 0002.", numbers)).toEqual([]);
    expect(problemsOf("a.md", "# A\n\n## Context\n\nStatus: Accepted", numbers)).toEqual([
      'a.md: no "Status: Accepted" or "Status: Superseded by NNNN" after the title',
    ]);
    expect(problemsOf("a.md", "# A\n\nStatus: Proposed\n", numbers)).toHaveLength(1);
    expect(problemsOf("a.md", "# A\n\nStatus: Superseded by 0099\n", numbers)).toEqual([
      "a.md: superseded by 0099, which does not exist",
    ]);
    expect(problemsOf("a.md", "Status: Accepted\n", numbers)).toEqual([
      'a.md: the first line is not a "# Title"',
    ]);
  });
});
