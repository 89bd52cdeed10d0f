import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { AppError } from "@server/lib/errors";
import { LocalObjectStore } from "@server/storage/local";
import type { ObjectStore } from "@server/storage/object-store";
import { serveSignedFile } from "@server/storage/serve-object";
import { startS3 } from "./s3";

/** One store per driver for the contract suite, each with a way to fetch its signed links like a browser. */
export interface Harness {
  store: ObjectStore;
  /** GET a signed URL the way a browser would. */
  fetchSigned(url: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

export const drivers: Record<string, () => Promise<Harness>> = {
  async local() {
    const dir = mkdtempSync(join(tmpdir(), "geolabs-store-"));
    const store = new LocalObjectStore({ root: join(dir, "objects"), secret: "s".repeat(40), urlTtl: 3600 });
    return {
      store,
      async fetchSigned(url, init) {
        try {
          return await serveSignedFile(store, new Request(new URL(url, "http://localhost"), init));
        } catch (err) {
          if (err instanceof AppError) return Response.json({ error: err.message }, { status: err.status });
          throw err;
        }
      },
      async close() {
        rmSync(dir, { recursive: true, force: true });
      },
    };
  },
  async s3() {
    const s3 = await startS3();
    // A small part size so a few MB already go through the multipart path.
    const store = s3.store({ partSize: 5 * 1024 * 1024 });
    return { store, fetchSigned: (url, init) => fetch(url, init), close: s3.close };
  },
};
