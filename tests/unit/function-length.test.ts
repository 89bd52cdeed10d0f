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

/**
 * Functions not yet split, keyed `file name` (file relative to the repository), with their length when
 * listed. The list only shrinks: an entry fails the test once its function is MAX_LINES lines or fewer,
 * or no longer exists, so it stays true. Split one, then delete its line here.
 */
const NOT_YET_SPLIT: Record<string, number> = {
  "src/client/routes/db-admin/-components/use-db-actions.ts useDbActions": 86,
  "src/client/routes/db-admin/-components/use-index-queue.ts useIndexQueue": 113,
  "src/client/routes/db-viewer/-components/db-list.tsx DbList": 94,
  "src/client/routes/db-viewer/-components/explorer-screen.tsx ExplorerScreen": 92,
  "src/client/routes/db-viewer/-components/files-panel.tsx FilesPanel": 121,
  "src/client/routes/it-terminated/route.tsx Terminated": 81,
  "src/client/routes/ocr-lookup/-components/results-toolbar.tsx ResultsToolbar": 93,
  "src/client/routes/ocr-lookup/-components/upload-step.tsx UploadStep": 129,
  "src/client/routes/ocr-lookup/-components/use-recognition.ts useRecognition": 118,
  "src/client/routes/ocr-lookup/route.tsx OcrLookup": 114,
  "src/client/routes/reports/-components/files-panel.tsx FilesPanel": 114,
  "src/client/routes/reports/-components/index-panel.tsx IndexPanel": 156,
  "src/client/routes/reports/-components/reports-screen.tsx ReportsIndexer": 134,
  "src/client/routes/reports/-components/use-bulk-index.ts useBulkIndex": 117,
  "src/client/routes/reports/-components/use-bulk-index.ts useCallback callback": 87,
  "src/client/routes/s3-admin/-components/admin-screen.tsx AdminScreen": 143,
  "src/client/routes/s3-admin/-components/file-columns.tsx fileColumns": 82,
  "src/client/routes/s3-admin/-components/file-groups.tsx FileGroups": 86,
  "src/client/routes/s3-admin/-components/move-dialog.tsx MoveDialog": 87,
  "src/client/routes/s3-admin/-components/upload-settings.tsx UploadSettingsForm": 111,
  "src/client/routes/s3-admin/-components/use-storage-actions.ts useStorageActions": 93,
};

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
  test(`no function in src is over ${MAX_LINES} lines, except those listed as not yet split`, async () => {
    const functions = await allFunctions();
    expect(functions.length).toBeGreaterThan(100);
    const long = functions.filter((f) => f.lines > MAX_LINES);
    const tooLong = long
      .filter((f) => !(`${f.file} ${f.name}` in NOT_YET_SPLIT))
      .map((f) => `${f.file}:${f.line} ${f.name} ${f.lines} lines`);
    expect(tooLong).toEqual([]);
  }, 60_000);

  test("every function listed as not yet split still exists and is still over the limit", async () => {
    const functions = await allFunctions();
    const stale = Object.keys(NOT_YET_SPLIT).flatMap((key) => {
      const found = functions.filter((f) => `${f.file} ${f.name}` === key);
      if (!found.length) return [`${key}: no longer exists`];
      const longest = Math.max(...found.map((f) => f.lines));
      return longest > MAX_LINES ? [] : [`${key}: now ${longest} lines, take it off the list`];
    });
    expect(stale).toEqual([]);
  }, 60_000);
});
