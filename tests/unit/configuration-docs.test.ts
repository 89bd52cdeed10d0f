import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { envKeys } from "@server/env";

/** Every setting env.ts reads is documented, where an operator looks for it. */
const root = join(import.meta.dir, "../..");
describe("configuration documents", () => {
  test("every setting of env.ts is in docs/configuration.md and .env.example", () => {
    const docs = readFileSync(join(root, "docs/configuration.md"), "utf8");
    const example = readFileSync(join(root, ".env.example"), "utf8");
    expect(envKeys().length).toBeGreaterThan(50);
    expect(envKeys().filter((k) => !docs.includes(`\`${k}\``))).toEqual([]);
    expect(envKeys().filter((k) => !new RegExp(`^#? ?${k}=`, "m").test(example))).toEqual([]);
  });
});
