import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { DEMO } from "../helpers/app";
import { type BrowserEnv, startBrowserEnv } from "../helpers/browser";

/**
 * A client served from a second local origin (another port of localhost), listed in CORS_ORIGINS, signs in and
 * reads and writes through the REST door from a real browser: preflights, credentials and the cross-site check
 * as Chromium applies them. An origin not listed is stopped by the browser itself.
 */
const PAGE = `<!doctype html><meta charset="utf-8"><title>Other origin</title><pre id="out">running</pre>
<script type="module">
const api = new URLSearchParams(location.search).get("api");
const call = (path, init = {}) =>
  fetch(api + path, { credentials: "include", ...init }).then(async (r) => [r.status, await r.json()]);
const json = (body) => ({ method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
const out = {};
try {
  out.login = (await call("/api/auth/login", json({ email: "${DEMO.user}", password: "geolabs-demo" })))[0];
  out.me = (await call("/api/auth/me"))[1].email;
  out.create = (await call("/api/core-boxes", json({ work_order: "5544-01", project: "From another origin" })))[0];
  const [status, list] = await call("/api/core-boxes?q=5544-01");
  out.list = [status, list.total];
} catch (err) {
  out.error = String(err);
}
document.getElementById("out").textContent = JSON.stringify(out);
</script>`;

let env: BrowserEnv;
let listed: ReturnType<typeof Bun.serve>;
let unlisted: ReturnType<typeof Bun.serve>;
const serveClient = () =>
  Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    fetch: () => new Response(PAGE, { headers: { "content-type": "text/html" } }),
  });

beforeAll(async () => {
  listed = serveClient();
  unlisted = serveClient();
  env = await startBrowserEnv({ CORS_ORIGINS: `http://localhost:${listed.port}` });
});
afterAll(async () => {
  await env?.close();
  listed?.stop(true);
  unlisted?.stop(true);
});

/** The portal as the other page sees it: same site (localhost), another origin (port). */
const api = () => `http://localhost:${env.server.port}`;

async function run(port: number) {
  const page = await env.browser.newPage();
  await page.goto(`http://localhost:${port}/?api=${encodeURIComponent(api())}`);
  await page.waitForFunction(() => document.getElementById("out")?.textContent !== "running");
  const out = JSON.parse((await page.locator("#out").textContent()) ?? "{}");
  await page.close();
  return out;
}

describe("a page of a listed origin", () => {
  test("signs in, reads and writes through the REST door with the person's session", async () => {
    expect(await run(listed.port!)).toEqual({
      login: 200,
      me: DEMO.user,
      create: 201,
      list: [200, 1],
    });
  });

  test("a page of an origin not listed cannot: the browser refuses its calls", async () => {
    const out = await run(unlisted.port!);
    expect(out.error).toContain("Failed to fetch");
    expect(out.create).toBeUndefined();
  });
});
