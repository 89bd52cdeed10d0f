/**
 * The table of contents of a zip (an .xlsx is one), read without inflating anything: the End Of Central
 * Directory record at the end of the file, then one central directory entry per part, each with its name, its
 * compressed and uncompressed sizes and where its data lies. What a workbook would cost is known from this alone,
 * before a byte of it is unpacked (limits.ts).
 */
import { ENTRY_MAX_BYTES, RATIO_FROM_BYTES, RATIO_MAX, TOTAL_MAX_BYTES, xlsxRefusal } from "./limits";

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated. */
  method: number;
  flags: number;
  compressedSize: number;
  size: number;
  /** Where the part's local header starts. */
  localOffset: number;
}

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const EOCD_BYTES = 22;
const CENTRAL_BYTES = 46;
/** ZIP64 puts its real sizes elsewhere and writes these in the classic fields. */
const FULL16 = 0xffff;
const FULL32 = 0xffffffff;

const view = (b: Uint8Array) => new DataView(b.buffer, b.byteOffset, b.byteLength);

function findEocd(b: Uint8Array, v: DataView): number {
  // The record is the last thing in the file, followed only by a comment of at most 65,535 bytes.
  const lowest = Math.max(0, b.length - EOCD_BYTES - FULL16);
  for (let at = b.length - EOCD_BYTES; at >= lowest; at--) {
    if (v.getUint32(at, true) === EOCD) return at;
  }
  throw xlsxRefusal.unreadable();
}

/** The parts of a zip as its central directory lists them; a refusal in words for a damaged or ZIP64 file. */
export function readZipDirectory(bytes: Uint8Array): ZipEntry[] {
  const v = view(bytes);
  const eocd = findEocd(bytes, v);
  const count = v.getUint16(eocd + 10, true);
  const dirSize = v.getUint32(eocd + 12, true);
  const dirOffset = v.getUint32(eocd + 16, true);
  const zip64Locator = eocd >= 20 && v.getUint32(eocd - 20, true) === ZIP64_LOCATOR;
  if (zip64Locator || count === FULL16 || dirSize === FULL32 || dirOffset === FULL32)
    throw xlsxRefusal.zip64();
  // A workbook is one file: the multi-disk fields are both 0.
  if (v.getUint16(eocd + 4, true) !== 0 || v.getUint16(eocd + 6, true) !== 0) throw xlsxRefusal.unreadable();
  if (dirOffset + dirSize > eocd) throw xlsxRefusal.unreadable();
  const entries: ZipEntry[] = [];
  let at = dirOffset;
  const decoder = new TextDecoder();
  for (let i = 0; i < count; i++) {
    if (at + CENTRAL_BYTES > eocd || v.getUint32(at, true) !== CENTRAL) throw xlsxRefusal.unreadable();
    const nameLength = v.getUint16(at + 28, true);
    const next = at + CENTRAL_BYTES + nameLength + v.getUint16(at + 30, true) + v.getUint16(at + 32, true);
    if (next > eocd) throw xlsxRefusal.unreadable();
    const entry: ZipEntry = {
      name: decoder.decode(bytes.subarray(at + CENTRAL_BYTES, at + CENTRAL_BYTES + nameLength)),
      flags: v.getUint16(at + 8, true),
      method: v.getUint16(at + 10, true),
      compressedSize: v.getUint32(at + 20, true),
      size: v.getUint32(at + 24, true),
      localOffset: v.getUint32(at + 42, true),
    };
    if (entry.compressedSize === FULL32 || entry.size === FULL32 || entry.localOffset === FULL32)
      throw xlsxRefusal.zip64();
    entries.push(entry);
    at = next;
  }
  return entries;
}

/** Refuse a workbook whose directory says it unpacks to more than the limits allow (limits.ts). */
export function checkZipDirectory(entries: ZipEntry[]): void {
  let total = 0;
  for (const e of entries) {
    total += e.size;
    if (e.size > ENTRY_MAX_BYTES) throw xlsxRefusal.entry(e.size);
    if (e.size > RATIO_FROM_BYTES && e.size / Math.max(1, e.compressedSize) > RATIO_MAX)
      throw xlsxRefusal.ratio(e.size / Math.max(1, e.compressedSize));
  }
  if (total > TOTAL_MAX_BYTES) throw xlsxRefusal.total(total);
}

/**
 * Where a part's data starts: after its local header, whose name and extra field lengths may differ from the
 * directory's. Its sizes are not read: the directory's are the ones checked and enforced.
 */
export function dataOffset(bytes: Uint8Array, e: ZipEntry): number {
  const v = view(bytes);
  const at = e.localOffset;
  if (at + 30 > bytes.length || v.getUint32(at, true) !== LOCAL) throw xlsxRefusal.unreadable();
  const start = at + 30 + v.getUint16(at + 26, true) + v.getUint16(at + 28, true);
  if (start + e.compressedSize > bytes.length) throw xlsxRefusal.unreadable();
  return start;
}
