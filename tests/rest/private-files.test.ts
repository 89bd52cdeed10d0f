import { afterAll, describe, expect, test } from "bun:test";
import { chmodSync, existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEMO, startTestApp } from "../helpers/app";
import { PDF, upload } from "../helpers/storage";

/**
 * The data folder holds password and session hashes (portal.db), the key that signs download links and every
 * stored original: nobody but the portal's own user may read any of it, on a fresh install or an older one.
 */
const parents: string[] = [];
afterAll(() => {
  for (const p of parents) rmSync(p, { recursive: true, force: true });
});

/** A DATA_DIR the portal has to create itself (mkdtemp's own folder would already be private). */
function freshDataDir() {
  const parent = mkdtempSync(join(tmpdir(), "geolabs-private-"));
  parents.push(parent);
  return join(parent, "data");
}

const modeOf = (path: string) => (statSync(path).mode & 0o777).toString(8);

type Paths = { db: string; key: string; objects: string; original: string };

/** Start on `dataDir`, sign in (a session row: a database write), upload into a nested folder, and stop. */
async function useOnce(dataDir: string, check: (paths: Paths) => void) {
  const t = await startTestApp({ DATA_DIR: dataDir });
  try {
    const cookie = await t.login(DEMO.admin);
    const r = await upload(
      t,
      cookie,
      { db_name: "proj.db", prefix: "reports/2026", index: "0" },
      { name: "plan.pdf", content: PDF("plan") },
      // File before the fields: it waits in DATA_DIR/tmp first.
      { fileFirst: true },
    );
    expect(r.status).toBe(200);
    const objects = join(dataDir, "objects");
    check({
      db: join(dataDir, "portal.db"),
      key: join(dataDir, "storage-signing.key"),
      objects,
      original: join(objects, "proj.db/reports/2026/plan.pdf"),
    });
  } finally {
    await t.close();
  }
}

describe("the data folder is private to the portal's user", () => {
  test("a fresh install: database, its WAL files, signing key and originals 0600, their folders 0700", async () => {
    const dataDir = freshDataDir();
    await useOnce(dataDir, ({ db, key, objects, original }) => {
      const files = [db, `${db}-wal`, `${db}-shm`, `${db}-journal`, `${db}-changes`].filter(existsSync);
      expect(files).toContain(`${db}-wal`);
      for (const file of [...files, key, original]) expect([file, modeOf(file)]).toEqual([file, "600"]);
      const folders = [dataDir, objects, join(objects, "proj.db"), join(objects, "proj.db/reports/2026")];
      for (const dir of [...folders, `${objects}.tmp`, join(dataDir, "tmp")].filter(existsSync)) {
        expect([dir, modeOf(dir)]).toEqual([dir, "700"]);
      }
    });
  }, 30_000);

  test("an older install with open modes is tightened when the portal starts", async () => {
    const dataDir = freshDataDir();
    let paths: Paths | undefined;
    await useOnce(dataDir, (p) => {
      paths = p;
    });
    const { db, key, objects } = paths!;
    // As an earlier version (umask 022) left them.
    for (const dir of [dataDir, objects]) chmodSync(dir, 0o755);
    for (const file of [db, key]) chmodSync(file, 0o644);

    const t = await startTestApp({ DATA_DIR: dataDir });
    try {
      expect(modeOf(dataDir)).toBe("700");
      expect(modeOf(objects)).toBe("700");
      expect(modeOf(db)).toBe("600");
      expect(modeOf(key)).toBe("600");
      // The portal still works on it: the account signs in and the file is still there.
      await t.login(DEMO.admin);
      expect(await t.deps.store.head("proj.db/reports/2026/plan.pdf")).not.toBeNull();
    } finally {
      await t.close();
    }
  }, 30_000);
});
