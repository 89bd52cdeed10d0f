/**
 * Object key rules, shared so the Move/Rename prompt can normalise exactly as the server does. The server applies
 * them again in every driver: a key that passes can never name anything outside the store's root or bucket.
 */
import { INVISIBLE_TEXT } from "./invisible-text";

export const MAX_KEY_BYTES = 1024;
/** Most file systems cap one name at 255 bytes; holding S3 to it keeps both drivers interchangeable. */
export const MAX_SEGMENT_BYTES = 255;

export type KeyCheck = { ok: true; key: string } | { ok: false; reason: string };

const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
/** Format characters (bidi overrides, zero-width joiners, BOM…), line separators, private use, unassigned, lone surrogates. */
const INVISIBLE = /[\p{Cf}\p{Co}\p{Cn}\p{Cs}\u2028\u2029]/u;
/** Percent-encoded dots, slashes, backslashes and NUL: harmless as literal text, but only ever seen in attacks. */
const ENCODED_PATH = /%(2e|2f|5c|00)/i;

const encoder = new TextEncoder();
const byteLength = (s: string) => {
  // ASCII is by far the common case; skip the encoder for it.
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) > 0x7f) return encoder.encode(s).length;
  return s.length;
};

const fail = (reason: string): KeyCheck => ({ ok: false, reason });

/** Collapse repeated slashes and drop leading ones (the spec's Move rule, also applied to every key). */
export function collapseSlashes(raw: string): string {
  return raw.replace(/\/{2,}/g, "/").replace(/^\/+/, "");
}

/** Printable ASCII: nothing to normalise and no invisible characters, so the Unicode checks can be skipped. */
const PLAIN_ASCII = /^[\x20-\x7e]*$/;

function check(raw: unknown, kind: "key" | "folder" | "prefix"): KeyCheck {
  if (typeof raw !== "string") return fail("must be text");
  const plain = PLAIN_ASCII.test(raw);
  if (!plain) {
    if (CONTROL.test(raw)) return fail("must not contain control characters");
    if (INVISIBLE.test(raw)) return fail(INVISIBLE_TEXT);
  }
  if (raw.includes("\\")) return fail("must use / between folders, not \\");
  if (raw.includes("%") && ENCODED_PATH.test(raw))
    return fail("must not contain percent-encoded path characters");
  let key = collapseSlashes((plain ? raw : raw.normalize("NFC")).trim());
  if (kind === "folder") key = key.replace(/\/$/, "");
  if (kind === "key") {
    if (key === "") return fail("is required");
    if (key.endsWith("/")) return fail("must name a file, not a folder (it ends with /)");
  }
  if (key === "") return { ok: true, key };
  const segments = key.split("/");
  if (kind === "prefix" && segments.at(-1) === "") segments.pop();
  for (const segment of segments) {
    if (segment === "." || segment === "..") return fail("must not contain . or .. path segments");
    if (byteLength(segment) > MAX_SEGMENT_BYTES) {
      return fail(`must not have a folder or file name longer than ${MAX_SEGMENT_BYTES} bytes`);
    }
  }
  if (byteLength(key) > MAX_KEY_BYTES) return fail(`must be at most ${MAX_KEY_BYTES} bytes long`);
  return { ok: true, key };
}

/** A full object key: `folder/sub/file.pdf`. */
export const checkKey = (raw: unknown) => check(raw, "key");
/** A folder path (subfolder of an upload): may be empty; no leading or trailing slash afterwards. */
export const checkFolder = (raw: unknown) => check(raw, "folder");
/** A listing prefix: like a key, but may be empty and may end with a slash. */
export const checkPrefix = (raw: unknown) => check(raw, "prefix");

/** The first path segment, or "" for a key at the root (the screens show '(root)'). */
export function topFolder(key: string): string {
  const i = key.indexOf("/");
  return i === -1 ? "" : key.slice(0, i);
}

/** The last path segment. */
export function baseName(key: string): string {
  return key.slice(key.lastIndexOf("/") + 1);
}

/** Text after the last dot of the file name, lower-case ("" if none). */
export function extensionOf(key: string): string {
  const name = baseName(key);
  const i = name.lastIndexOf(".");
  return i <= 0 ? "" : name.slice(i + 1).toLowerCase();
}

/** Code-point order, which is the UTF-8 byte order S3 lists keys in (JS `<` compares UTF-16 units). */
export function compareKeys(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x === y) continue;
    if (x >= 0xd800 && y >= 0xd800) {
      // Surrogates (astral characters) sort after U+E000–U+FFFF in code-point order.
      x = x >= 0xe000 ? x - 0x800 : x + 0x2000;
      y = y >= 0xe000 ? y - 0x800 : y + 0x2000;
    }
    return x - y;
  }
  return a.length - b.length;
}
