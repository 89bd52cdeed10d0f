import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";

/**
 * The README and docs/ send readers to files: every path they write in backticks must exist. A path may be
 * written whole (`src/server/ai/extractive.ts`) or from a folder a reader can tell (`ppocr/host.ts`).
 */
const ROOT = join(import.meta.dir, "../..");
const tracked = Bun.spawnSync(["git", "ls-files"], { cwd: ROOT })
  .stdout.toString()
  .split("\n")
  .filter(Boolean);
const folders = new Set(
  tracked.flatMap((f) =>
    f
      .split("/")
      .slice(0, -1)
      .map((_, i, parts) => parts.slice(0, i + 1).join("/")),
  ),
);
const TOP = /^(src|tests|bench|docs|scripts|drizzle)\//;
const FILE = /\.(ts|tsx|md|json|sql|sh|toml)$/;

/** Backticked tokens that name a file or folder of the repository. */
function pathsIn(text: string): string[] {
  return [...text.matchAll(/`([\w.\-/[\]]+)`/g)]
    .map((m) => m[1]!)
    .filter(
      (p) => p.includes("/") && !p.startsWith("/") && !p.includes("..") && (TOP.test(p) || FILE.test(p)),
    );
}

/** A location the repository ignores on purpose (a bench's work folder, the data folder) counts as named. */
const ignored = (p: string) => Bun.spawnSync(["git", "check-ignore", "-q", p], { cwd: ROOT }).exitCode === 0;

const exists = (p: string) => {
  const bare = p.replace(/^\.\//, "").replace(/\/$/, "");
  return (
    ignored(bare) ||
    tracked.some((f) => f === bare || f.endsWith(`/${bare}`)) ||
    folders.has(bare) ||
    [...folders].some((d) => d.endsWith(`/${bare}`))
  );
};

describe("docs say what is true", () => {
  test("every file or folder named in README.md and docs/ exists", () => {
    const docs = tracked.filter((f) => f === "README.md" || (f.startsWith("docs/") && f.endsWith(".md")));
    expect(docs.length).toBeGreaterThan(5);
    const missing = docs.flatMap((doc) =>
      pathsIn(readFileSync(join(ROOT, doc), "utf8"))
        .filter((p) => !exists(p))
        .map((p) => `${doc}: ${p}`),
    );
    expect(missing).toEqual([]);
  });

  test("the check catches a path that does not exist", () => {
    expect(pathsIn("see `src/server/nowhere/gone.ts` and `ppocr/host.ts`")).toEqual([
      "src/server/nowhere/gone.ts",
      "ppocr/host.ts",
    ]);
    expect(exists("src/server/nowhere/gone.ts")).toBe(false);
    expect(exists("ppocr/host.ts")).toBe(true);
  });
});
