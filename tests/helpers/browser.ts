import { existsSync } from "node:fs";
import { type Browser, chromium, type Page, type Request } from "playwright-core";
import { startTestApp, type TestApp } from "./app";

/** Flags that keep headless Chromium quiet and offline on these machines (see STACK-NOTES). */
const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-dev-shm-usage",
];

export function chromiumPath(): string {
  const candidates = [
    process.env.CHROMIUM_PATH,
    "/usr/bin/chromium",
    "/usr/bin/chromium-browser",
    "/usr/bin/google-chrome",
  ];
  const found = candidates.find((p) => p && existsSync(p));
  if (!found)
    throw new Error("Chromium not found: run ./scripts/test.sh (it installs it) or set CHROMIUM_PATH");
  return found;
}

export interface BrowserEnv {
  t: TestApp;
  browser: Browser;
  baseUrl: string;
  server: ReturnType<typeof Bun.serve>;
  /** A fresh page (own cookies and local storage) signed in as `email`, or signed out when null. */
  newPage(email: string | null): Promise<Page>;
  close(): Promise<void>;
}

/** The real app served over HTTP on loopback (built client included) and a real headless Chromium. */
export async function startBrowserEnv(overrides: Record<string, string> = {}): Promise<BrowserEnv> {
  const t = await startTestApp(overrides);
  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    fetch: (req) => t.app.handle(req),
    maxRequestBodySize: 1 << 30,
  });
  const baseUrl = `http://127.0.0.1:${server.port}`;
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  return {
    t,
    browser,
    baseUrl,
    server,
    async newPage(email) {
      const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      trackRequests(page); // from the first request on, so a later networkSettled knows what is in flight
      if (email) {
        const res = await page.request.post("/api/auth/login", { data: { email, password: "geolabs-demo" } });
        if (!res.ok()) throw new Error(`sign-in failed for ${email}: ${res.status()}`);
      }
      return page;
    },
    async close() {
      await browser.close();
      server.stop(true);
      await t.close();
    },
  };
}

/** Slow a page's uploads down (Chromium network emulation), so progress and running states can be seen. */
export async function throttleUpload(page: Page, bytesPerSecond: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  });
}

/** What a page has in flight, counted from its creation: a request started before a wait is known to it. */
interface RequestTracker {
  inflight: Set<Request>;
  /** Requests started so far (to see whether a turn of the page's own script started another). */
  started: number;
  /** Called when a request ends. */
  waiters: Set<() => void>;
}
const trackers = new WeakMap<Page, RequestTracker>();
const LONG_LIVED = /\/api\/notifications\/stream(\?|$)/;

/** Follow `page`'s requests from now on (startBrowserEnv's newPage does it as it makes the page). */
export function trackRequests(page: Page): RequestTracker {
  const known = trackers.get(page);
  if (known) return known;
  const tracker: RequestTracker = { inflight: new Set(), started: 0, waiters: new Set() };
  page.on("request", (req) => {
    // The bell's live stream stays open for as long as the page does: it is not the page loading.
    if (LONG_LIVED.test(req.url())) return;
    tracker.inflight.add(req);
    tracker.started++;
  });
  const end = (req: Request) => {
    tracker.inflight.delete(req);
    for (const wake of tracker.waiters) wake();
    tracker.waiters.clear();
  };
  page.on("requestfinished", end);
  page.on("requestfailed", end);
  trackers.set(page, tracker);
  return tracker;
}

/**
 * Resolves once every request `page` has in flight has ended, and a turn of the page's own script (which may
 * start the next request, or render a message or an error, on what a response said) started no other: what a
 * test waits on before it checks that nothing more happened. Fails after `maxMs`, naming what still loads.
 */
export async function networkSettled(page: Page, maxMs = 10_000) {
  const tracker = trackRequests(page);
  const deadline = performance.now() + maxMs;
  for (;;) {
    while (tracker.inflight.size) {
      const left = deadline - performance.now();
      if (left <= 0) {
        const urls = [...tracker.inflight].map((r) => r.url());
        throw new Error(`the page kept loading for ${maxMs} ms: ${urls.join(", ")}`);
      }
      let timer: ReturnType<typeof setTimeout> | undefined;
      await new Promise<void>((resolve) => {
        tracker.waiters.add(resolve);
        timer = setTimeout(resolve, left);
      });
      clearTimeout(timer);
    }
    const started = tracker.started;
    // Two macrotask turns: a fetch's result is handled, then what it schedules (a render, a refetch) runs.
    await page.evaluate(() => new Promise((r) => setTimeout(() => setTimeout(r, 0), 0)));
    if (tracker.started === started && !tracker.inflight.size) return;
  }
}

/**
 * Polls `read` until it returns `want` (failing with the last value after `maxMs`): for a value the page
 * changes after an event the test cannot wait on directly (a re-render, a settled query).
 */
export async function eventually<T>(read: () => Promise<T>, want: T, maxMs = 5_000): Promise<void> {
  const deadline = performance.now() + maxMs;
  let value = await read();
  while (value !== want && performance.now() < deadline) {
    await new Promise((r) => setTimeout(r, 50));
    value = await read();
  }
  if (value !== want)
    throw new Error(`expected ${JSON.stringify(want)}, still ${JSON.stringify(value)} after ${maxMs} ms`);
}

/** Drop a file on the drop zone the way a browser does: a drop event carrying a DataTransfer. */
export async function dropFile(page: Page, bytes: Buffer, name: string, type: string) {
  const transfer = await page.evaluateHandle(
    ({ b64, name, type }) => {
      const data = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      const dt = new DataTransfer();
      dt.items.add(new File([data], name, { type }));
      return dt;
    },
    { b64: bytes.toString("base64"), name, type },
  );
  await page.getByTestId("drop-zone").dispatchEvent("drop", { dataTransfer: transfer });
}
