import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

/**
 * The layers inside src/server, checked on every import (static, re-export and dynamic):
 * - the composition (index.ts, app.ts, create-deps.ts and compose/) wires everything and may import anything;
 * - a domain (domains/<name>/) imports the lower layers, and another domain only through its `service.ts`;
 * - the lower layers (db/, auth/, ai/, trpc/, http/, lib/, jobs/, ocr/, pdf/, storage/, deps.ts, env.ts…)
 *   never import a domain or the composition;
 * - the domains' arrows (service imports included) form no cycle.
 */

const ROOT = resolve(import.meta.dir, "../..");
const SERVER = join(ROOT, "src/server");
const COMPOSITION = new Set(["index.ts", "app.ts", "create-deps.ts"]);

type Layer = { kind: "composition" } | { kind: "domain"; name: string } | { kind: "lower"; name: string };

function layerOf(file: string): Layer {
  const parts = relative(SERVER, file).split("/");
  if (parts[0] === "compose" || (parts.length === 1 && COMPOSITION.has(parts[0]!)))
    return { kind: "composition" };
  if (parts[0] === "domains") return { kind: "domain", name: parts[1]! };
  return { kind: "lower", name: parts.length === 1 ? parts[0]!.replace(/\.ts$/, "") : parts[0]! };
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(e.name) ? [path] : [];
  });
}

const IMPORT =
  /(?:^|\n)\s*(?:import|export)\b[^'"]*?\bfrom\s*["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']\s*\)/g;

/** Every import of a file that lands inside src/server, as the file it names (without extension). */
export function serverImports(file: string, source = readFileSync(file, "utf8")): string[] {
  const out: string[] = [];
  for (const m of source.matchAll(IMPORT)) {
    const spec = m[1] ?? m[2]!;
    let target: string | null = null;
    if (spec.startsWith(".")) target = resolve(dirname(file), spec);
    else if (spec.startsWith("@server/")) target = join(SERVER, spec.slice("@server/".length));
    if (target?.startsWith(`${SERVER}/`)) out.push(target.replace(/\.tsx?$/, ""));
  }
  return out;
}

interface Arrow {
  from: string;
  to: string;
}

/** What the layer rules say about one import arrow; null when it is allowed. */
export function ruleBroken(arrow: Arrow): string | null {
  const from = layerOf(arrow.from);
  const to = layerOf(`${arrow.to}.ts`);
  const where = `${relative(ROOT, arrow.from)} → ${relative(SERVER, arrow.to)}`;
  if (from.kind === "composition") return null;
  if (to.kind === "composition") return `${where}: only the composition imports the composition`;
  if (from.kind === "lower" && to.kind === "domain") return `${where}: a lower layer imports a domain`;
  if (from.kind === "domain" && to.kind === "domain" && from.name !== to.name) {
    if (relative(join(SERVER, "domains", to.name), arrow.to) !== "service")
      return `${where}: another domain is reached only through its service.ts`;
  }
  return null;
}

/** The domains' import graph: which domain imports which. */
function domainGraph(arrows: Arrow[]) {
  const graph = new Map<string, Set<string>>();
  for (const a of arrows) {
    const from = layerOf(a.from);
    const to = layerOf(`${a.to}.ts`);
    if (from.kind !== "domain" || to.kind !== "domain" || from.name === to.name) continue;
    if (!graph.has(from.name)) graph.set(from.name, new Set());
    graph.get(from.name)!.add(to.name);
  }
  return graph;
}

/** A cycle of the graph as "a → b → a", or null: a depth-first walk that meets a domain still on its path. */
export function findCycle(graph: Map<string, Set<string>>): string | null {
  const state = new Map<string, "open" | "done">();
  const path: string[] = [];
  const visit = (node: string): string | null => {
    if (state.get(node) === "done") return null;
    if (state.get(node) === "open") return [...path.slice(path.indexOf(node)), node].join(" → ");
    state.set(node, "open");
    path.push(node);
    for (const next of graph.get(node) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    path.pop();
    state.set(node, "done");
    return null;
  };
  for (const node of graph.keys()) {
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return null;
}

const arrows: Arrow[] = sourceFiles(SERVER).flatMap((from) =>
  serverImports(from).map((to) => ({ from, to })),
);

describe("src/server layers", () => {
  test("no lower layer imports a domain or the composition; domains meet only through service.ts", () => {
    const broken = arrows.map(ruleBroken).filter(Boolean);
    const graph = domainGraph(arrows);
    const crossings = [...graph.values()].reduce((n, s) => n + s.size, 0);
    console.log(
      `server boundaries: ${arrows.length} imports checked, ${crossings} domain → domain arrows (all to a service.ts), ` +
        `${broken.length} broken`,
    );
    expect(broken).toEqual([]);
  });

  test("the domains import each other in no cycle", () => {
    const graph = domainGraph(arrows);
    const order = [...graph.entries()].map(([d, to]) => `${d} → ${[...to].sort().join(", ")}`).sort();
    console.log(`domain arrows:\n  ${order.join("\n  ")}`);
    expect(findCycle(graph)).toBeNull();
  });

  test("the check catches what it is for", () => {
    const at = (path: string) => join(SERVER, path);
    const arrow = (from: string, to: string) => ({ from: at(from), to: at(to) });
    expect(ruleBroken(arrow("db/seed-anything.ts", "domains/users/service"))).toContain("lower layer");
    expect(ruleBroken(arrow("domains/chat/ask.ts", "domains/reports/collection"))).toContain("service.ts");
    expect(ruleBroken(arrow("domains/chat/ask.ts", "domains/reports/service"))).toBeNull();
    expect(ruleBroken(arrow("domains/chat/ask.ts", "compose/router"))).toContain("composition");
    expect(ruleBroken(arrow("compose/router.ts", "domains/chat/router"))).toBeNull();
    expect(
      serverImports(at("x/y.ts"), `import { a } from "../domains/z/q";\nconst m = await import("./w");`),
    ).toEqual([at("domains/z/q"), at("x/w")]);
    const cyclic = new Map([
      ["a", new Set(["b"])],
      ["b", new Set(["c"])],
      ["c", new Set(["a"])],
    ]);
    expect(findCycle(cyclic)).toBe("a → b → c → a");
    expect(findCycle(new Map([["a", new Set(["b"])]]))).toBeNull();
  });
});
