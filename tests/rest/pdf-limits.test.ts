import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BULK_INDEX_MAX_FILES } from "@shared/reports";
import { startServer } from "../../bench/lib";
import { DEMO, startTestApp } from "../helpers/app";
import { blankPagesPdf, giantPagePdf, lockedPdf, streamBombPdf } from "../helpers/costly-pdfs";
import { processFile as processFileIn } from "../helpers/documents";
import { buildPdf, corruptPdf, textPdf } from "../helpers/pdfs";

/**
 * What a PDF may cost, on the real server: each limit answers a 422 in words, the server's memory (its PDF
 * processes included) stays within bounds, and a refused file leaves nothing behind.
 */
let s: Awaited<ReturnType<typeof startServer>>;
let cookie: string;
const dataDir = mkdtempSync(join(tmpdir(), "geolabs-pdf-limits-"));
beforeAll(async () => {
  s = await startServer({ DATA_DIR: dataDir, SEED_DEMO: "true" });
  cookie = await s.login(DEMO.owner);
}, 60_000);
afterAll(async () => {
  await s?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function processFile(db: string, bytes: Uint8Array<ArrayBuffer>, name = "costly.pdf") {
  const form = new FormData();
  form.set("db_name", db);
  form.set("action", "new");
  form.set("file", new File([bytes], name, { type: "application/pdf" }));
  const res = await fetch(`${s.base}/api/process-file`, { method: "POST", headers: { cookie }, body: form });
  return { status: res.status, body: (await res.json()) as { error?: string; steps?: string[] } };
}

/** Run `fn` while sampling the server's memory (all its processes): the highest rise seen, in MB. */
async function peakRise<T>(fn: () => Promise<T>): Promise<{ value: T; riseMb: number }> {
  const base = s.rssMb();
  let peak = base;
  let going = true;
  const sampler = (async () => {
    while (going) {
      peak = Math.max(peak, s.rssMb());
      await Bun.sleep(20);
    }
  })();
  try {
    const value = await fn();
    return { value, riseMb: peak - base };
  } finally {
    going = false;
    await sampler;
  }
}

const dbs = async () =>
  ((await (await fetch(`${s.base}/api/list-dbs`, { headers: { cookie } })).json()) as { dbs: string[] }).dbs;
const staging = () => {
  const dir = join(dataDir, "objects", "_incoming");
  return existsSync(dir) ? readdirSync(dir) : [];
};

describe("what one PDF may cost", () => {
  test("a 2 MB PDF of 20,000 blank pages is refused quickly, naming the page limit", async () => {
    const t0 = performance.now();
    const r = await processFile("twenty_thousand.db", blankPagesPdf(20_000));
    expect(r.status).toBe(422);
    expect(r.body.error).toBe(
      "costly.pdf has 20,000 pages; a PDF may have at most 2,000. Split it into smaller files.",
    );
    // The figure (within 5 s) is measured by `bun run bench hardening`; this bound only catches a hang.
    expect(performance.now() - t0).toBeLessThan(30_000);
  });

  test("a 1.2 MB stream bomb (a page's content inflating to 400 MB) is refused within +400 MB", async () => {
    const bomb = await streamBombPdf(400);
    const { value: r, riseMb } = await peakRise(() => processFile("bomb.db", bomb));
    expect(r.status).toBe(422);
    expect(r.body.error).toContain("has a page whose content expands to more than 64 MB");
    expect(riseMb).toBeLessThan(400);
  });

  test("a 3000 × 3000 pt blank page is read (at a bounded resolution) within +400 MB", async () => {
    const { value: r, riseMb } = await peakRise(() => processFile("poster.db", giantPagePdf(3000)));
    expect(r.body.error).toBeUndefined();
    expect(r.status).toBe(200);
    expect(r.body.steps?.join("\n")).toContain("OCR page 1 (1 of 1): blank.");
    expect(riseMb).toBeLessThan(400);
  });

  test("an ordinary ten-page scan is read within the default limits", async () => {
    const scans = Array.from({ length: 10 }, (_, i) => ({
      scan: [`Boring log B-${i + 1}`, "W.O. 4821-07B"],
    }));
    const r = await processFile("ten_scans.db", await buildPdf(scans), "scans.pdf");
    expect(r.body.error).toBeUndefined();
    expect(r.body.steps?.join("\n")).toContain("10 page(s) (10 by OCR)");
  }, 120_000);

  test("a damaged, a locked or a refused file given to 'new' leaves no database behind", async () => {
    const damaged = await processFile("damaged_new.db", corruptPdf() as Uint8Array<ArrayBuffer>, "d.pdf");
    expect(damaged.status).toBe(422);
    expect(damaged.body.error).toContain("could not be read");
    const locked = await processFile("locked_new.db", lockedPdf(), "l.pdf");
    expect(locked.status).toBe(422);
    expect(locked.body.error).toBe(
      "l.pdf is password-protected (encrypted). Remove the password and upload it again.",
    );
    const after = await dbs();
    for (const name of ["damaged_new.db", "locked_new.db", "twenty_thousand.db", "bomb.db"]) {
      expect(after).not.toContain(name);
    }
    expect(staging()).toEqual([]);
  });

  test(`a bulk index of more than ${BULK_INDEX_MAX_FILES} files is refused and leaves no staging file`, async () => {
    const pdf = await textPdf(["Report page."]);
    const form = new FormData();
    form.set("upload_to_s3", "false");
    for (let i = 0; i <= BULK_INDEX_MAX_FILES; i++) {
      form.append(
        "files",
        new File([pdf], `${1000 + (i % 8000)}-01.Report ${i}.pdf`, { type: "application/pdf" }),
      );
    }
    const res = await fetch(`${s.base}/api/reports/bulk-index`, {
      method: "POST",
      headers: { cookie },
      body: form,
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toContain(
      `at most ${BULK_INDEX_MAX_FILES} files`,
    );
    expect(staging()).toEqual([]);
  }, 60_000);
});

describe("staging is swept at start", () => {
  test("upload copies no job refers to, left by a process that died, are removed when the portal starts", async () => {
    const dir = join(dataDir, "objects", "_incoming");
    mkdirSync(dir, { recursive: true });
    const orphan = join(dir, "left-behind.pdf");
    writeFileSync(orphan, "%PDF-1.4 orphan");
    const old = new Date(Date.now() - 3600_000);
    utimesSync(orphan, old, old);
    await s.stop();
    s = await startServer({ DATA_DIR: dataDir, SEED_DEMO: "false" });
    for (let i = 0; i < 100 && existsSync(orphan); i++) await Bun.sleep(50);
    expect(existsSync(orphan)).toBe(false);
  }, 60_000);
});

describe("each limit is a setting with its own words", () => {
  const index = async (env: Record<string, string>, pdf: Uint8Array<ArrayBuffer>) => {
    const t = await startTestApp({ SEED_DEMO: "true", ...env });
    try {
      const admin = await t.login(DEMO.admin);
      return await processFileIn(
        t,
        admin,
        { db_name: "limited.db", action: "new", mode: "default" },
        { name: "limited.pdf", content: pdf },
      );
    } finally {
      await t.close();
    }
  };

  test("PDF_MAX_PAGES", async () => {
    const r = await index({ PDF_MAX_PAGES: "2" }, await textPdf(["one", "two", "three"]));
    expect(r.status).toBe(422);
    expect(r.body.error).toBe(
      "limited.pdf has 3 pages; a PDF may have at most 2. Split it into smaller files.",
    );
  });

  test("PDF_MAX_TEXT_MB: the text of all pages (OCR included) together", async () => {
    const page = Array.from(
      { length: 12 },
      () => "Boring logs and laboratory results for the Kalihi site.",
    ).join("\n");
    const r = await index({ PDF_MAX_TEXT_MB: "0.001" }, await textPdf([page, page]));
    expect(r.status).toBe(422);
    expect(r.body.error).toBe("limited.pdf holds more than 0 MB of text; split it into smaller files.");
  });

  test("PDF_JOB_TIMEOUT_S: a scan that takes longer is stopped where it is", async () => {
    const scan = await buildPdf([{ scan: ["W.O. 1234-56 boring log", "Depth 12.5 ft"] }]);
    const r = await index({ PDF_JOB_TIMEOUT_S: "0.3" }, scan);
    expect(r.status).toBe(422);
    expect(r.body.error).toBe(
      "limited.pdf took longer than 0.3 seconds to read and was stopped; split it into smaller files.",
    );
  });

  test("PDF_MEMORY_MB: a process that needs more is stopped", async () => {
    const r = await index({ PDF_MEMORY_MB: "128", PDF_OCR_MAX_PIXELS: "400000000" }, giantPagePdf(3000));
    expect(r.status).toBe(422);
    expect(r.body.error).toContain("limited.pdf needed more than 128 MB of memory to read and was stopped");
  });
});
