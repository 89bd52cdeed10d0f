import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { parse } from "csv-parse/sync";
import { DEMO, trpcCall } from "../helpers/app";
import { type BrowserEnv, startBrowserEnv } from "../helpers/browser";

/**
 * A CSV the browser builds (here the directory's Export CSV) defuses formulas like the server's exports: a
 * contact named =HYPERLINK(…) opens in Excel as text, not as a live link.
 */
const EVIL = '=HYPERLINK("http://evil.example")';
let env: BrowserEnv;
beforeAll(async () => {
  env = await startBrowserEnv({ SEED_DEMO: "true" });
});
afterAll(() => env?.close());

describe("CSV built in the browser", () => {
  test("Export CSV of contacts shows a formula as text: '=HYPERLINK…", async () => {
    const cookie = await env.t.login(DEMO.user);
    const added = await trpcCall(
      env.t,
      cookie,
      "directory.addContact",
      { name: EVIL, title: "+1 555 0100" },
      "mutation",
    );
    expect(added.error).toBeUndefined();

    const page = await env.newPage(DEMO.user);
    // The writer's browser build must load: a missing Node global would break the screen, not just the file.
    const pageErrors: string[] = [];
    page.on("pageerror", (e) => pageErrors.push(e.message));
    await page.goto("/contacts?source=contacts");
    await page.getByRole("table", { name: "People" }).getByText(EVIL).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Export CSV" }).click(),
    ]);
    const bytes = readFileSync((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // the BOM Excel needs for UTF-8
    const text = bytes.toString("utf8");
    expect(text).toContain("'=HYPERLINK");
    expect(text).not.toMatch(/(^|,)"?=HYPERLINK/m);

    // Read back as a spreadsheet would: the cells hold the apostrophe, so none is a formula.
    const [header, row] = parse(text, { bom: true }) as string[][];
    const cell = (name: string) => row![header!.indexOf(name)];
    expect(cell("Name")).toBe(`'${EVIL}`);
    expect(cell("Title")).toBe("'+1 555 0100");
    expect(pageErrors).toEqual([]);
    await page.context().close();
  });
});
