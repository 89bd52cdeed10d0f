import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { DEMO, startTestApp, type TestApp } from "../helpers/app";
import { healthWhile, IMPORT_DOORS, sendImport } from "../helpers/import-doors";
import { oneCellBomb, sheetBomb } from "../helpers/xlsx-bombs";

/**
 * Zip bombs sent to every spreadsheet import, on every door: each is refused in a sentence, in about the time a
 * small file takes, and the portal answers everyone else meanwhile. The serving process never unpacks them.
 */
let t: TestApp;
const cookies = new Map<string, string>();
beforeAll(async () => {
  // The bombs come one after another from the same people: the per-person import rate is not under test here.
  t = await startTestApp({ RATE_IMPORTS_PER_MIN: "1000" });
  for (const email of [DEMO.user, DEMO.admin]) cookies.set(email, await t.login(email));
}, 30_000);
afterAll(() => t.close());

const cellBomb = oneCellBomb(1000);
const bigSheet = sheetBomb(2048);
/** The directory says the shared strings unpack to 100 KB; they unpack to 1,000 MiB. */
const understated = oneCellBomb(1000, 100_000);

describe("a workbook that would unpack to gigabytes", () => {
  test("the bombs are small files: what the upload caps let through", () => {
    expect(cellBomb.length).toBeLessThan(1.1 * 1024 * 1024);
    expect(bigSheet.length).toBeLessThan(2.5 * 1024 * 1024);
  });

  for (const door of IMPORT_DOORS) {
    test(`${door.name}: one cell of 1,000 MiB of text is refused at once (413, in words); /api/health answers`, async () => {
      const t0 = performance.now();
      const { value: r, slowest } = await healthWhile(
        t,
        sendImport(t, door, cookies.get(door.as)!, cellBomb, "one-cell.xlsx"),
      );
      expect(r.status).toBe(413);
      expect(r.error).toBe(
        "This spreadsheet unpacks to 1,000 MB, more than the 150 MB one sheet (or its text) may hold here: split it into smaller files.",
      );
      expect(performance.now() - t0).toBeLessThan(2000);
      expect(slowest).toBeLessThan(500);
    });

    test(`${door.name}: a sheet of 2 GB is refused at once`, async () => {
      const t0 = performance.now();
      const r = await sendImport(t, door, cookies.get(door.as)!, bigSheet, "big-sheet.xlsx");
      expect(r.status).toBe(413);
      expect(r.error).toStartWith("This spreadsheet unpacks to 2,048 MB, more than the 150 MB");
      expect(performance.now() - t0).toBeLessThan(2000);
    });

    test(`${door.name}: a part that unpacks to more than the directory says is stopped there (422); the portal answers meanwhile`, async () => {
      const {
        value: r,
        slowest,
        answered,
      } = await healthWhile(t, sendImport(t, door, cookies.get(door.as)!, understated, "understated.xlsx"));
      expect(r.status).toBe(422);
      expect(r.error).toBe(
        "This spreadsheet unpacks to more than its own table of contents says; it is damaged or built to be costly, and was not read.",
      );
      // It was read in another process: health was asked and answered, quickly, while it was.
      expect(answered).toBeGreaterThan(0);
      expect(slowest).toBeLessThan(500);
    });
  }
});
