import { afterAll, describe, expect, test } from "bun:test";
import { readdirSync } from "node:fs";
import { join, relative } from "node:path";
import {
  isArrowFunction,
  isCallExpression,
  isFunctionDeclaration,
  isFunctionExpression,
  isIdentifier,
  isMethodDeclaration,
  isPropertyAccessExpression,
  isPropertyAssignment,
  isVariableDeclaration,
  type Node,
  type SourceFile,
} from "typescript/unstable/ast";
import { API } from "typescript/unstable/async";

/**
 * Functions are split by step: none in src/ is over MAX_LINES lines, counted from the first line of the
 * whole function node to its last (nested functions' lines count in their parent too, so a factory that
 * returns an object of closures counts all of them). The typescript package here is TypeScript 7, whose
 * compiler API lives in the tsgo process: the async API loads tsconfig.json and hands back each file's AST.
 */
const ROOT = join(import.meta.dir, "../..");
const SRC = join(ROOT, "src");
const MAX_LINES = 80;

interface FunctionLength {
  file: string;
  line: number;
  name: string;
  lines: number;
}

/** A readable name for a function node: its own name, the variable or property it is assigned to, or the call it is passed to. */
function nameOf(node: Node): string {
  if ((isFunctionDeclaration(node) || isMethodDeclaration(node) || isFunctionExpression(node)) && node.name) {
    return node.name.getText();
  }
  const parent = node.parent;
  if (isVariableDeclaration(parent) || isPropertyAssignment(parent)) return parent.name.getText();
  if (isCallExpression(parent)) {
    const callee = parent.expression;
    if (isIdentifier(callee)) return `${callee.text} callback`;
    if (isPropertyAccessExpression(callee)) return `${callee.name.getText()} callback`;
  }
  return isFunctionDeclaration(node) ? "default" : "<anonymous>";
}

/** Every function with a body in one file, with its length in lines. */
function functionsIn(sourceFile: SourceFile, file: string): FunctionLength[] {
  const found: FunctionLength[] = [];
  const visit = (node: Node): void => {
    const isFunction =
      isFunctionDeclaration(node) ||
      isFunctionExpression(node) ||
      isArrowFunction(node) ||
      isMethodDeclaration(node);
    if (isFunction && node.body) {
      const start = sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile)).line;
      const end = sourceFile.getLineAndCharacterOfPosition(node.end).line;
      found.push({ file, line: start + 1, name: nameOf(node), lines: end - start + 1 });
    }
    node.forEachChild(visit);
  };
  sourceFile.forEachChild(visit);
  return found;
}

/** Every .ts/.tsx file under src/, relative to the repository. */
function sourceFiles(): string[] {
  return readdirSync(SRC, { recursive: true, encoding: "utf8" })
    .filter((f) => /\.tsx?$/.test(f))
    .map((f) => relative(ROOT, join(SRC, f)))
    .sort();
}

const api = new API({ cwd: ROOT });
afterAll(async () => {
  await api.close();
});

/** All functions in src/, parsed once (both tests read them). */
let parsed: Promise<FunctionLength[]> | undefined;
const allFunctions = () => {
  parsed ??= parseFunctions();
  return parsed;
};

/** All functions in src/, parsed by the TypeScript compiler from the project's tsconfig.json. */
async function parseFunctions(): Promise<FunctionLength[]> {
  const snapshot = await api.updateSnapshot({ openProject: join(ROOT, "tsconfig.json") });
  const project = snapshot.getProjects()[0];
  if (!project) throw new Error("tsconfig.json did not load as a project");
  const functions: FunctionLength[] = [];
  for (const file of sourceFiles()) {
    const sourceFile = await project.program.getSourceFile(join(ROOT, file));
    if (!sourceFile) throw new Error(`${file} is not in the tsconfig.json program`);
    functions.push(...functionsIn(sourceFile, file));
  }
  return functions;
}

describe("functions by step", () => {
  test(`no function in src is over ${MAX_LINES} lines`, async () => {
    const functions = await allFunctions();
    expect(functions.length).toBeGreaterThan(100);
    const tooLong = functions
      .filter((f) => f.lines > MAX_LINES)
      .map((f) => `${f.file}:${f.line} ${f.name} ${f.lines} lines`);
    expect(tooLong).toEqual([]);
  }, 60_000);
});
