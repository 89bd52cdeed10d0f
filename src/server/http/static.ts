import { existsSync, statSync } from "node:fs";
import { extname, join, resolve, sep } from "node:path";
import { BoundedMap } from "../lib/bounded-map";

/**
 * Serves the built React app: hashed assets cached forever (precompressed .gz when the browser accepts it),
 * index.html never cached, and every other path falls back to index.html so client routes deep-link.
 */
export function createStaticHandler(clientDir: string) {
  const root = resolve(clientDir);
  // Paths are the request's: the answers are remembered for the most recent few only.
  const known = new BoundedMap<string, boolean>(2000);
  const isFile = (p: string) => {
    let v = known.get(p);
    if (v === undefined) {
      v = existsSync(p) && statSync(p).isFile();
      known.set(p, v);
    }
    return v;
  };

  const notBuilt = () =>
    new Response(
      "<!doctype html><title>Geolabs portal</title><p>The client is not built yet. Run <code>bun run build</code>.</p>",
      { status: 503, headers: { "content-type": "text/html; charset=utf-8" } },
    );

  function serveIndex() {
    const index = join(root, "index.html");
    if (!isFile(index)) return notBuilt();
    return new Response(Bun.file(index), {
      headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-cache" },
    });
  }

  return function serve(request: Request): Response {
    const url = new URL(request.url);
    let path: string;
    try {
      path = decodeURIComponent(url.pathname);
    } catch {
      return serveIndex();
    }
    if (path.includes("\0")) return new Response("Bad request", { status: 400 });
    // Build metadata such as .vite/manifest.json is not part of the site.
    if (path.split("/").some((segment) => segment.startsWith("."))) return serveIndex();
    const full = resolve(root, `.${path}`);
    if (full !== root && !full.startsWith(root + sep)) return serveIndex();
    if (path !== "/" && isFile(full)) {
      const hashed = path.startsWith("/assets/");
      const headers: Record<string, string> = {
        "cache-control": hashed ? "public, max-age=31536000, immutable" : "public, max-age=3600",
        "content-type": Bun.file(full).type,
      };
      const gz = `${full}.gz`;
      if ((request.headers.get("accept-encoding") ?? "").includes("gzip") && isFile(gz)) {
        headers["content-encoding"] = "gzip";
        headers.vary = "Accept-Encoding";
        return new Response(Bun.file(gz), { headers });
      }
      return new Response(Bun.file(full), { headers });
    }
    // A missing asset is a 404; a missing page is a client route.
    if (extname(path) && path.startsWith("/assets/")) return new Response("Not found", { status: 404 });
    return serveIndex();
  };
}
