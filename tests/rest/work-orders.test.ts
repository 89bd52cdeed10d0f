import { afterAll, beforeAll, describe, expect, spyOn, test } from "bun:test";
import { projects } from "@server/db/schema";
import { workOrderKey } from "@shared/work-orders";
import { DEMO, startTestApp, type TestApp, trpcCall } from "../helpers/app";
import { printedLabel } from "../helpers/drawn-photos";

let t: TestApp;
let user: string;

/** Register rows the lookup rules are checked against (numbers far above the demo register's). */
const FIXTURES = [
  ...["8801-01", "8801-02", "8802-05(A)", "8803-03B", "8804", "8804-01", "8805-02", "8805-01"],
  ...["8807-04", "8808-030"],
];

beforeAll(async () => {
  t = await startTestApp();
  user = await t.login(DEMO.user);
  await t.deps.db.insert(projects).values(
    FIXTURES.map((wo, i) => ({
      workOrder: wo,
      woKey: workOrderKey(wo),
      client: `Client ${i}`,
      project: `Project ${wo}`,
      pr: String(50000 + i),
      date: `2024-01-${String(i + 10)}`,
    })),
  );
});
afterAll(() => t.close());

const lookup = async (work_orders: unknown, cookie: string | null = user) =>
  t.request("/api/lookup-work-orders", {
    method: "POST",
    json: { work_orders },
    cookie: cookie ?? undefined,
  });
const matched = async (list: string[]) => {
  const res = await lookup(list);
  expect(res.status).toBe(200);
  const body = (await res.json()) as { matches: { work_order: string; project_wo: string }[] };
  return body.matches.map((m) => [m.work_order, m.project_wo]);
};

describe("POST /api/lookup-work-orders", () => {
  test("answers one match per work order in the spec's shape, Not Found for misses", async () => {
    const res = await lookup(["8801-01", "9999-99"]);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      matches: [
        {
          work_order: "8801-01",
          project_wo: "8801-01",
          client: "Client 0",
          project: "Project 8801-01",
          pr: "50000",
          date: "2024-01-10",
        },
        { work_order: "9999-99", project_wo: "Not Found", client: "", project: "", pr: "", date: "" },
      ],
    });
  });

  test("a trailing letter matches its parenthesised form, both ways, in any case", async () => {
    expect(await matched(["8802-05A", "8803-03(b)", "8802-05(a)"])).toEqual([
      ["8802-05A", "8802-05(A)"],
      ["8803-03(b)", "8803-03B"],
      ["8802-05(a)", "8802-05(A)"],
    ]);
  });

  test("four digits alone match the lowest NNNN-… work order (or the bare number when the register has it)", async () => {
    expect(await matched(["8805", "8801", "8804"])).toEqual([
      ["8805", "8805-01"],
      ["8801", "8801-01"],
      ["8804", "8804"],
    ]);
  });

  test("anything else is a case-insensitive prefix, with a W.O. label ignored", async () => {
    expect(await matched(["8801-0", "w.o. 8803-03b", "880", "8806"])).toEqual([
      ["8801-0", "8801-01"],
      ["w.o. 8803-03b", "8803-03B"],
      ["880", "8801-01"],
      ["8806", "Not Found"],
    ]);
  });

  test("a newline-separated string works too; blanks and duplicates go, order stays", async () => {
    expect(await matched("8805-02\n\n 8801-02 \n8805-02" as never)).toEqual([
      ["8805-02", "8805-02"],
      ["8801-02", "8801-02"],
    ]);
  });

  test("the whole list is resolved in one query", async () => {
    const list = Array.from({ length: 200 }, (_, i) => `${1000 + i * 7}-01`);
    const execute = spyOn(t.deps.database.client, "execute");
    const batch = spyOn(t.deps.database.client, "batch");
    try {
      const res = await lookup(list);
      expect(res.status).toBe(200);
      const body = (await res.json()) as { matches: unknown[] };
      expect(body.matches).toHaveLength(200);
      // Signing the caller in is a query of its own; the lookup is the one that reads projects.
      const reads = [...execute.mock.calls, ...batch.mock.calls].filter((c) =>
        JSON.stringify(c).includes("projects"),
      );
      expect(reads).toHaveLength(1);
    } finally {
      execute.mockRestore();
      batch.mockRestore();
    }
  });

  test("bad input is a 400 naming the field; no sign-in is a 401", async () => {
    const missing = await t.request("/api/lookup-work-orders", { method: "POST", json: {}, cookie: user });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { error: string }).error).toContain("work_orders");
    expect((await lookup(Array.from({ length: 501 }, (_, i) => String(i)))).status).toBe(400);
    expect((await lookup([{ wo: 1 }])).status).toBe(400);
    expect((await lookup(["8801-01"], null)).status).toBe(401);
  });

  test("the tRPC door answers the same", async () => {
    const res = await trpcCall(t, user, "workOrders.lookup", { work_orders: ["8802-05a"] }, "mutation");
    expect(res.status).toBe(200);
    expect((res.data as { matches: { project_wo: string }[] }).matches[0]!.project_wo).toBe("8802-05(A)");
    expect(
      (await trpcCall(t, undefined, "workOrders.lookup", { work_orders: ["1"] }, "mutation")).status,
    ).toBe(401);
  });
});

describe("one register rule for Recognition and the work order page", () => {
  type Line = { work_order: string; project: string; from_base?: boolean } | null;
  const pageLine = async (wo: string) => {
    const res = await t.request(`/api/work-orders/${encodeURIComponent(wo)}`, { cookie: user });
    expect(res.status).toBe(200);
    return ((await res.json()) as { project: Line }).project;
  };
  const matchOf = async (wo: string) => {
    const res = await lookup([wo]);
    return ((await res.json()) as { matches: Record<string, unknown>[] }).matches[0]!;
  };

  test("a lettered work order without its own line takes its base's, marked so, on both screens", async () => {
    expect(await matchOf("8807-04A")).toEqual({
      work_order: "8807-04A",
      project_wo: "8807-04",
      client: "Client 8",
      project: "Project 8807-04",
      pr: "50008",
      date: "2024-01-18",
      from_base: true,
    });
    expect(await pageLine("8807-04A")).toMatchObject({
      work_order: "8807-04",
      project: "Project 8807-04",
      from_base: true,
    });
    const trpcLookup = await trpcCall(
      t,
      user,
      "workOrders.lookup",
      { work_orders: ["8807-04(a)"] },
      "mutation",
    );
    expect((trpcLookup.data as { matches: Record<string, unknown>[] }).matches[0]).toMatchObject({
      project_wo: "8807-04",
      from_base: true,
    });
    const trpcPage = await trpcCall(t, user, "workOrders.page", { wo: "8807-04A" });
    expect((trpcPage.data as { project: Line }).project).toMatchObject({
      work_order: "8807-04",
      from_base: true,
    });
  });

  test("a work order with its own line (or none at all) is not marked from its base", async () => {
    for (const wo of ["8807-04", "8802-05A"]) {
      expect((await matchOf(wo)).from_base).toBeUndefined();
      expect((await pageLine(wo))?.from_base).toBeUndefined();
    }
    expect((await matchOf("8802-05A")).project_wo).toBe("8802-05(A)");
    expect((await matchOf("8809-01B")).project_wo).toBe("Not Found");
    expect(await pageLine("8809-01B")).toBeNull();
  });

  test("a whole number never takes a longer number that merely starts alike, on either screen", async () => {
    expect((await matchOf("8808-03")).project_wo).toBe("Not Found");
    expect(await pageLine("8808-03")).toBeNull();
    expect((await matchOf("8808-030")).project_wo).toBe("8808-030");
    expect((await pageLine("8808-030"))?.project).toBe("Project 8808-030");
  });
});

const upload = (
  bytes: Uint8Array | string,
  name = "scan.png",
  cookie: string | null = user,
  field = "image",
) => {
  const form = new FormData();
  form.append(field, new File([bytes as BlobPart], name, { type: "image/png" }));
  return t.request("/api/ocr-upload", { method: "POST", body: form, cookie: cookie ?? undefined });
};
const errorOf = async (res: Response) => ((await res.json()) as { error: string }).error;

/** A PNG declaring `w`×`h` pixels (valid CRCs) with no pixel data: a decompression bomb's first bytes. */
function pngHeader(w: number, h: number) {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const out = Buffer.alloc(8 + data.length + 4);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(Bun.hash.crc32(body) >>> 0, 8 + data.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 0, 0, 0, 0], 8);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    chunk("IHDR", ihdr),
    chunk("IDAT", Buffer.alloc(0)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

describe("POST /api/ocr-upload refusals", () => {
  test("a text file or a PDF named .png is refused by its content as not an image (415)", async () => {
    for (const [bytes, name] of [
      ["%PDF-1.7\n1 0 obj << >> endobj\n", "report.png"],
      ["8801-01 8801-02 — work orders typed in a note\n", "notes.png"],
    ]) {
      const res = await upload(bytes!, name);
      expect(res.status).toBe(415);
      expect(await errorOf(res)).toBe(
        "This file is not an image: its content is not a PNG, JPG or GIF picture.",
      );
    }
  });
  test("an image of another kind (WebP, BMP) named .png is told only PNG, JPG and GIF are accepted (415)", async () => {
    const webp = Buffer.concat([
      Buffer.from("RIFF"),
      Buffer.alloc(4),
      Buffer.from("WEBPVP8 "),
      Buffer.alloc(32),
    ]);
    const bmp = Buffer.concat([Buffer.from("BM"), Buffer.alloc(52)]);
    for (const bytes of [webp, bmp]) {
      const res = await upload(bytes, "scan.png");
      expect(res.status).toBe(415);
      expect(await errorOf(res)).toBe("Only PNG, JPG and GIF images are accepted.");
    }
  });
  test("an empty file (400)", async () => {
    const res = await upload(new Uint8Array(0));
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toBe("The image is empty.");
  });
  test("a huge image is refused from its header, before decoding (413)", async () => {
    const res = await upload(pngHeader(60_000, 60_000));
    expect(res.status).toBe(413);
    expect(await errorOf(res)).toContain("60000×60000 pixels");
  });
  test("a damaged image (422, saying so), a missing field (400) and a JSON body (415)", async () => {
    const damaged = await upload(pngHeader(100, 100));
    expect(damaged.status).toBe(422);
    expect(await errorOf(damaged)).toBe("The image could not be decoded: the file is damaged or cut short.");
    expect((await upload((await printedLabel()).png, "a.png", user, "file")).status).toBe(400);
    const json = await t.request("/api/ocr-upload", { method: "POST", json: { image: "x" }, cookie: user });
    expect(json.status).toBe(415);
  });
  test("no sign-in (401)", async () => {
    expect((await upload((await printedLabel()).png, "a.png", null)).status).toBe(401);
  });
  test("a file over OCR_MAX_MB (413)", async () => {
    const small = await startTestApp({ OCR_MAX_MB: "0.01", SEED_DEMO: "true" });
    try {
      const cookie = await small.login(DEMO.user);
      const form = new FormData();
      form.append("image", new File([new Uint8Array(200_000)], "big.png"));
      const res = await small.request("/api/ocr-upload", { method: "POST", body: form, cookie });
      expect(res.status).toBe(413);
      expect(await errorOf(res)).toBe("The image is larger than 0.01 MB.");
    } finally {
      await small.close();
    }
  });
});
