import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

/**
 * A route's `-components` folder is private to that route. A piece two screens share lives in
 * `src/client/features/<domain>/` (or `src/client/components/`), so no file reaches into another route's
 * `-components`: src/client/routes/<X>/-components/... may be imported only by files under src/client/routes/<X>/.
 */
const ROOT = join(import.meta.dir, "../..");
const CLIENT = join(ROOT, "src/client");
const ROUTES = join(CLIENT, "routes");

/** Every .ts/.tsx file under src/client, as absolute paths. */
function clientFiles(): string[] {
  return readdirSync(CLIENT, { recursive: true, encoding: "utf8" })
    .filter((f) => /\.tsx?$/.test(f) && !f.includes("node_modules"))
    .map((f) => join(CLIENT, f));
}

/** Module specifiers: `from "x"`, `import "x"`, `import("x")` (static, re-export, side-effect, dynamic). */
export function specifiersIn(source: string): string[] {
  const found = [
    ...source.matchAll(/\bfrom\s*["']([^"']+)["']/g),
    ...source.matchAll(/\bimport\s*["']([^"']+)["']/g),
    ...source.matchAll(/\bimport\s*\(\s*["']([^"']+)["']\s*\)/g),
  ];
  return found.map((m) => m[1]!);
}

/** Where a specifier points inside the repository (relative or the `@/` alias), or null for a package. */
function resolveSpecifier(fromFile: string, spec: string): string | null {
  if (spec.startsWith("./") || spec.startsWith("../")) return resolve(dirname(fromFile), spec);
  if (spec.startsWith("@/")) return join(CLIENT, spec.slice(2));
  return null;
}

/** The route folder a path belongs to (first segment under src/client/routes), or null outside routes. */
function routeOf(path: string): string | null {
  const rel = relative(ROUTES, path);
  if (rel.startsWith("..") || rel === "") return null;
  return rel.split(/[\\/]/)[0]!;
}

/** The route whose private `-components` folder a path is inside, or null. */
function privateRouteOf(path: string): string | null {
  const rel = relative(ROUTES, path);
  if (rel.startsWith("..")) return null;
  const parts = rel.split(/[\\/]/);
  return parts[1] === "-components" ? parts[0]! : null;
}

/** `file: import` for each import of another route's `-components`. */
export function crossings(file: string, source: string): string[] {
  const own = routeOf(file);
  return specifiersIn(source).flatMap((spec) => {
    const target = resolveSpecifier(file, spec);
    if (!target) return [];
    const owner = privateRouteOf(target);
    return owner && owner !== own ? [`${relative(ROOT, file)}: ${spec}`] : [];
  });
}

describe("client boundaries", () => {
  test("no file imports another route's -components folder", () => {
    const files = clientFiles();
    expect(files.length).toBeGreaterThan(50);
    const bad = files.flatMap((f) => crossings(f, readFileSync(f, "utf8")));
    expect(bad).toEqual([]);
  });

  test("the check catches a crossing and allows a route's own pieces", () => {
    const page = join(ROUTES, "work-orders/-components/page.tsx");
    const source = [
      'import { a } from "../../reports/-components/search-panel";',
      'import { b } from "@/routes/core-box-inventory/-components/box-columns";',
      'const c = import("../../reports-binder/-components/binder-columns");',
      'export { d } from "./section";',
      'import { e } from "@/features/reports/search-panel";',
      'import { f } from "@/routes/work-orders/-components/section";',
      'import { g } from "react";',
    ].join("\n");
    expect(crossings(page, source)).toEqual([
      "src/client/routes/work-orders/-components/page.tsx: ../../reports/-components/search-panel",
      "src/client/routes/work-orders/-components/page.tsx: @/routes/core-box-inventory/-components/box-columns",
      "src/client/routes/work-orders/-components/page.tsx: ../../reports-binder/-components/binder-columns",
    ]);
    // Outside the routes (a shared feature) every route's -components is out of reach.
    expect(
      crossings(join(CLIENT, "features/x/y.tsx"), 'import { a } from "@/routes/reports/-components/a";'),
    ).toEqual(["src/client/features/x/y.tsx: @/routes/reports/-components/a"]);
  });
});
