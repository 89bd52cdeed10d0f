import { randomUUID } from "node:crypto";
import { chmod, copyFile, lstat, open, rename, rm, rmdir } from "node:fs/promises";
import { dirname, join, relative, resolve, sep } from "node:path";
import { AppError, notFound } from "../lib/errors";
import { makePrivateDir, PRIVATE_FILE } from "../lib/private-files";
import { listPrefix, objectKey } from "./keys";
import { clampRange, fsError, sweepTemp } from "./local-fs";
import { LocalListing, lowerBound } from "./local-index";
import {
  type ByteRange,
  chunksOf,
  clampExpiry,
  contentTypeFor,
  type GetResult,
  LinkMemo,
  type ListOptions,
  type ListPage,
  type ObjectBody,
  type ObjectInfo,
  type ObjectStore,
  SIGNING_GRID_SECONDS,
  type SignedUrlOptions,
} from "./object-store";
import { createUrlSigner, encodeKeyPath, type UrlSigner } from "./url-signer";
import { verifySignedPath } from "./verify-link";

export interface LocalStoreOptions {
  /** Folder holding the objects (DATA_DIR/objects). */
  root: string;
  secret: string;
  /** Default link lifetime in seconds. */
  urlTtl: number;
  /** Path the app serves signed downloads under. */
  basePath?: string;
}

/** Objects as plain files under one folder; writes go to a temp file first and are renamed into place. */
export class LocalObjectStore implements ObjectStore {
  readonly driver = "local" as const;
  readonly root: string;
  private readonly tmp: string;
  private readonly signer: UrlSigner;
  private readonly listing: LocalListing;
  private readonly basePath: string;
  private readonly memo = new LinkMemo();

  constructor(private readonly opts: LocalStoreOptions) {
    this.root = resolve(opts.root);
    // Beside the root, not inside it, so a half-written file is never listed and no key can name it.
    this.tmp = `${this.root}.tmp`;
    // Originals are people's files: the folders and files are the portal user's alone (lib/private-files.ts).
    makePrivateDir(this.root);
    makePrivateDir(this.tmp);
    this.signer = createUrlSigner(opts.secret);
    this.listing = new LocalListing(this.root);
    this.basePath = opts.basePath ?? "/files";
    sweepTemp(this.tmp);
  }

  /** Absolute path of a key; the key rules already exclude escapes, this check makes sure of it. */
  private pathOf(rawKey: string, field = "key"): { key: string; path: string } {
    const key = objectKey(rawKey, field);
    const path = join(this.root, ...key.split("/"));
    if (!path.startsWith(this.root + sep)) throw new AppError("BAD_REQUEST", `${field} is not a valid key.`);
    return { key, path };
  }

  private relDir(path: string) {
    return relative(this.root, dirname(path)).split(sep).join("/");
  }

  /** Make the folders for `path`; the listing must re-read the parent of the first folder created. */
  private makeParents(path: string, key: string) {
    let created: string | undefined;
    try {
      created = makePrivateDir(dirname(path));
    } catch (err) {
      throw fsError(err, key);
    }
    if (created) this.listing.forget(this.relDir(created));
  }

  async put(rawKey: string, body: ObjectBody, _opts?: { contentType?: string }): Promise<ObjectInfo> {
    const { key, path } = this.pathOf(rawKey);
    const tmp = join(this.tmp, randomUUID());
    const fh = await open(tmp, "wx", PRIVATE_FILE);
    try {
      for await (const chunk of chunksOf(body)) await fh.write(chunk);
      await fh.close();
      this.makeParents(path, key);
      await rename(tmp, path);
    } catch (err) {
      await fh.close().catch(() => {});
      await rm(tmp, { force: true });
      throw fsError(err, key);
    } finally {
      this.listing.forget(this.relDir(path));
    }
    const info = await this.head(key);
    if (!info) throw notFound(`No file found at '${key}'.`);
    return info;
  }

  async head(rawKey: string): Promise<ObjectInfo | null> {
    const { key, path } = this.pathOf(rawKey);
    try {
      const s = await lstat(path);
      if (!s.isFile()) return null;
      return {
        key,
        size: s.size,
        lastModified: s.mtime,
        contentType: contentTypeFor(key),
        etag: `"${s.size.toString(16)}-${Math.floor(s.mtimeMs).toString(16)}"`,
      };
    } catch {
      return null;
    }
  }

  async get(rawKey: string, opts: { range?: ByteRange } = {}): Promise<GetResult> {
    const info = await this.head(rawKey);
    if (!info) throw notFound(`No file found at '${objectKey(rawKey)}'.`);
    const file = Bun.file(this.pathOf(info.key).path);
    const range = opts.range && clampRange(opts.range, info.size);
    const body = (range ? file.slice(range.start, range.end + 1) : file).stream();
    return { ...info, body, range };
  }

  async list(opts: ListOptions = {}): Promise<ListPage> {
    const prefix = listPrefix(opts.prefix ?? "");
    const limit = Math.max(1, Math.min(opts.limit ?? 1000, 1000));
    const all = await this.listing.all();
    const after = opts.cursor ?? "";
    let i = lowerBound(all, (o) => o.key < prefix);
    if (after)
      i = Math.max(
        i,
        lowerBound(all, (o) => o.key <= after),
      );
    const objects: ListPage["objects"] = [];
    for (; i < all.length && objects.length < limit; i++) {
      const o = all[i]!;
      if (!o.key.startsWith(prefix)) break;
      objects.push({ key: o.key, size: o.size, lastModified: o.lastModified });
    }
    const more = i < all.length && all[i]!.key.startsWith(prefix);
    return { objects, cursor: more ? objects.at(-1)?.key : undefined };
  }

  async delete(rawKey: string): Promise<void> {
    const { path } = this.pathOf(rawKey);
    try {
      const s = await lstat(path);
      if (!s.isFile() && !s.isSymbolicLink()) return;
      await rm(path, { force: true });
    } catch {
      return;
    }
    this.listing.forget(this.relDir(path));
    await this.prune(dirname(path));
  }

  async copy(rawSrc: string, rawDst: string): Promise<void> {
    const src = this.pathOf(rawSrc, "src_key");
    const dst = this.pathOf(rawDst, "dst_key");
    if (!(await this.head(src.key))) throw notFound(`No file found at '${src.key}'.`);
    const tmp = join(this.tmp, randomUUID());
    try {
      await copyFile(src.path, tmp);
      // copyFile keeps the source's mode, which an earlier version made 0644.
      await chmod(tmp, PRIVATE_FILE);
      this.makeParents(dst.path, dst.key);
      await rename(tmp, dst.path);
    } catch (err) {
      await rm(tmp, { force: true });
      throw fsError(err, dst.key);
    } finally {
      this.listing.forget(this.relDir(dst.path));
    }
  }

  async move(rawSrc: string, rawDst: string): Promise<void> {
    const src = this.pathOf(rawSrc, "src_key");
    const dst = this.pathOf(rawDst, "dst_key");
    if (!(await this.head(src.key))) throw notFound(`No file found at '${src.key}'.`);
    if (src.key === dst.key) return;
    try {
      this.makeParents(dst.path, dst.key);
      await rename(src.path, dst.path);
    } catch (err) {
      throw fsError(err, dst.key);
    } finally {
      this.listing.forget(this.relDir(src.path));
      this.listing.forget(this.relDir(dst.path));
    }
    await this.prune(dirname(src.path));
  }

  async signedUrl(rawKey: string, opts: SignedUrlOptions = {}): Promise<string> {
    return (await this.signedUrls([rawKey], opts))[0]!;
  }

  /** Synchronous underneath: no promise per link, and links of the current window are reused. */
  async signedUrls(rawKeys: string[], opts: SignedUrlOptions = {}): Promise<string[]> {
    const ttl = clampExpiry(opts.expiresIn, this.opts.urlTtl);
    const now = (opts.now ?? Date.now()) / 1000;
    const expires = Math.ceil((now + ttl) / SIGNING_GRID_SECONDS) * SIGNING_GRID_SECONDS;
    const attachment = opts.disposition === "attachment";
    const memo = this.memo.for(`${expires}:${attachment}`);
    return rawKeys.map((raw) => {
      let url = memo.get(raw);
      if (url) return url;
      const key = objectKey(raw);
      const sig = this.signer.sign(key, expires, attachment);
      url = `${this.basePath}/${encodeKeyPath(key)}?exp=${expires}&sig=${sig}${attachment ? "&dl=1" : ""}`;
      memo.set(raw, url);
      return url;
    });
  }

  async linkSource(): Promise<null> {
    return null;
  }

  /** Check a signed download request; the key and disposition it grants, or a 403 saying why not. */
  verifyLink(url: URL, now = Date.now()) {
    return verifySignedPath(url, this.basePath, this.signer, now);
  }

  /** Remove folders left empty, up to (not including) the root: folders exist only through their files. */
  private async prune(dir: string) {
    let current = dir;
    while (current.startsWith(this.root + sep)) {
      try {
        await rmdir(current);
      } catch {
        return;
      }
      this.listing.forget(this.relDir(current));
      current = dirname(current);
    }
  }
}
