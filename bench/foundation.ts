import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { firstPaintFigures } from "./first-paint";
import { commandOf, type Figure, processTree, ROOT, rssOf, startServer, timeIt } from "./lib";

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

/** Gzipped bytes of the JS the dashboard needs: the entry, the "/" route chunk and their static imports. */
export function dashboardJsGzKb() {
  const dir = join(ROOT, "dist/client");
  const manifest = JSON.parse(readFileSync(join(dir, ".vite/manifest.json"), "utf8")) as Record<
    string,
    ManifestChunk
  >;
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const i of manifest[key].imports ?? []) visit(i);
  };
  visit("index.html");
  visit("routes/index.tsx?tsr-split=component");
  let bytes = 0;
  for (const key of seen) bytes += statSync(join(dir, `${manifest[key]!.file}.gz`)).size;
  const screens = Object.keys(manifest).filter((k) => k.includes("tsr-split=component")).length;
  return { kb: bytes / 1024, screens };
}

export async function foundationBench(): Promise<Figure[]> {
  const server = await startServer();
  try {
    const cookie = await server.login("user@geolabs.example");
    const kpis = await timeIt(200, () =>
      fetch(`${server.base}/trpc/dashboard.kpis`, { headers: { cookie } }).then((r) => r.text()),
    );
    const me = await timeIt(200, () =>
      fetch(`${server.base}/api/auth/me`, { headers: { cookie } }).then((r) => r.text()),
    );
    await Bun.sleep(1500); // let the process settle before reading idle memory
    Bun.gc?.(true);
    // The photo reader (PP-OCRv4 models in their own process, kept warm: decision 0036) is reported apart.
    const reader = processTree(server.pid).filter((pid) => commandOf(pid).includes("ppocr/process.ts"));
    const readerMb = reader.reduce((sum, pid) => sum + rssOf(pid), 0);
    const rss = server.rssMb() - readerMb;
    const js = dashboardJsGzKb();
    const paint = await firstPaintFigures(server.base, "user@geolabs.example");
    return [
      {
        name: "server ready (fresh data dir: migrate + seed + listen)",
        value: server.readyMs,
        unit: "ms",
        target: 1500,
        better: "lower",
      },
      {
        name: "idle RSS after warm-up (server and PDF workers)",
        value: rss,
        unit: "MB",
        target: 150,
        better: "lower",
      },
      {
        name: "idle RSS of the warm photo reader",
        value: readerMb,
        unit: "MB",
        target: Number.POSITIVE_INFINITY,
        better: "lower",
      },
      { name: "dashboard JS (gzip)", value: js.kb, unit: "KB", target: 250, better: "lower" },
      {
        name: "screens split into their own chunks",
        value: js.screens,
        unit: "chunks",
        target: 15,
        better: "higher",
      },
      { name: "dashboard.kpis p95", value: kpis.p95, unit: "ms", target: 50, better: "lower" },
      { name: "GET /api/auth/me p95", value: me.p95, unit: "ms", target: 50, better: "lower" },
      ...paint,
    ];
  } finally {
    await server.stop();
  }
}
