import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { STORAGE_MESSAGES } from "@shared/storage";
import { DEMO, startTestApp, type TestApp, trpcCall } from "../helpers/app";
import { callerAs } from "../helpers/caller";
import { PDF } from "../helpers/storage";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  await t.deps.store.put("api.db/one.pdf", PDF("one"));
  await t.deps.store.put("api.db/sub/two.pdf", PDF("two"));
});
afterAll(() => t.close());

const code = (p: Promise<unknown>) =>
  p.then(
    () => "OK",
    (e: { code?: string }) => e.code,
  );

describe("storage router", () => {
  test("list and links mirror /api/s3/files and /api/s3-files for every signed-in user", async () => {
    const caller = await callerAs(t, DEMO.user);
    const { files } = await caller.storage.list();
    expect(files.map((f) => f.Key)).toEqual(["api.db/one.pdf", "api.db/sub/two.pdf"]);
    expect(files[0]).toMatchObject({
      Size: PDF("one").length,
      url: expect.stringMatching(/^\/files\/api\.db\/one\.pdf\?/),
    });
    const links = await caller.storage.links();
    expect(links.files.map((f) => Object.keys(f).sort())).toEqual([
      ["Key", "url"],
      ["Key", "url"],
    ]);
  });

  test("signed out: UNAUTHORIZED", async () => {
    const anon = await callerAs(t, null);
    expect(await code(anon.storage.list())).toBe("UNAUTHORIZED");
    expect(await code(anon.storage.history({ limit: 5 }))).toBe("UNAUTHORIZED");
  });

  test("move and remove: Admin allowed, User FORBIDDEN", async () => {
    const user = await callerAs(t, DEMO.user);
    expect(await code(user.storage.move({ src_key: "api.db/one.pdf", dst_key: "api.db/uno.pdf" }))).toBe(
      "FORBIDDEN",
    );
    expect(await code(user.storage.remove({ key: "api.db/one.pdf" }))).toBe("FORBIDDEN");
    const admin = await callerAs(t, DEMO.admin);
    expect(await admin.storage.move({ src_key: "api.db/one.pdf", dst_key: "api.db/uno.pdf" })).toMatchObject({
      key: "api.db/uno.pdf",
    });
    expect(await admin.storage.remove({ keys: ["api.db/uno.pdf"] })).toEqual({
      deleted: ["api.db/uno.pdf"],
      missing: [],
    });
  });

  test("move rules give the same messages as REST", async () => {
    const admin = await callerAs(t, DEMO.admin);
    const err = await admin.storage
      .move({ src_key: "api.db/sub/two.pdf", dst_key: "other.db/two.pdf" })
      .catch((e) => e);
    expect(err.code).toBe("BAD_REQUEST");
    expect(err.message).toBe(STORAGE_MESSAGES.moveAcrossFolders("api.db"));
  });

  test("a PDF keeps its .pdf: refused with the REST sentence; kept, the rename goes through", async () => {
    const admin = await callerAs(t, DEMO.admin);
    await t.deps.store.put("ext.db/Lab Guide.pdf", PDF("guide"));
    const err = await admin.storage
      .move({ src_key: "ext.db/Lab Guide.pdf", dst_key: "ext.db/Lab Guide.txt" })
      .catch((e) => e);
    expect([err.code, err.message]).toEqual(["BAD_REQUEST", STORAGE_MESSAGES.movePdfExtension]);
    expect(await t.deps.store.head("ext.db/Lab Guide.txt")).toBeNull();
    expect(
      await admin.storage.move({ src_key: "ext.db/Lab Guide.pdf", dst_key: "ext.db/Guide.pdf" }),
    ).toMatchObject({ key: "ext.db/Guide.pdf" });
  });

  test("history lists the changes, newest first", async () => {
    const { events } = await (await callerAs(t, DEMO.user)).storage.history({ limit: 10, db: "api.db" });
    expect(events.map((e) => e.action)).toEqual(["delete", "move"]);
    expect(events[1]).toMatchObject({ file: "uno.pdf", from: "api.db/one.pdf", user: DEMO.admin });
  });

  test("reindex: Admin gets the reason an unreadable file was not indexed; User FORBIDDEN", async () => {
    const admin = await callerAs(t, DEMO.admin);
    const err = await admin.storage
      .reindex({ key: "api.db/sub/two.pdf", db_name: "api.db", mode: "chunks" })
      .catch((e) => e);
    expect(err.code).toBe("UNPROCESSABLE_CONTENT");
    expect(err.message).toBe("sub/two.pdf could not be read: the file is damaged or is not a valid PDF.");
    const user = await callerAs(t, DEMO.user);
    expect(
      await code(
        user.storage.reindexBatch({ keys: ["api.db/sub/two.pdf"], db_name: "api.db", mode: "general" }),
      ),
    ).toBe("FORBIDDEN");
  });

  test("over HTTP: a bad key is a 400 naming the field", async () => {
    const cookie = await t.login(DEMO.admin);
    const r = await trpcCall(t, cookie, "storage.remove", { key: "a/../../b" }, "mutation");
    expect(r.status).toBe(400);
    expect(r.error?.message).toBe("key must not contain . or .. path segments.");
    const limits = await trpcCall(t, cookie, "storage.limits");
    expect(limits.data).toMatchObject({ uploadMaxMb: 200, driver: "local", maxConcurrentUploads: 3 });
  });
});
