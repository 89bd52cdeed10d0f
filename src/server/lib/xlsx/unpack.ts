/**
 * The parts of a workbook exceljs reads, unpacked here under our own count and handed to exceljs's streaming
 * reader as a plain (stored) zip. exceljs would otherwise inflate each part as its local header says, as far as
 * the data goes; here each part stops at the size the directory stated (which was checked), and no run of text
 * between two tags may pass what one cell can hold, before the XML parser gathers it into one string.
 */
import { Readable } from "node:stream";
import { createInflateRaw } from "node:zlib";
import { CELL_MAX_CHARS, xlsxRefusal } from "./limits";
import { dataOffset, type ZipEntry } from "./zip-directory";

/**
 * Longest text between two tags: a cell at Excel's limit, each character written as the longest escape XML
 * allows it (`&quot;`, 6 bytes). Longer cannot be one cell's text; the exact count is made on the cell's value.
 */
const RUN_MAX_BYTES = CELL_MAX_CHARS * 6 + 1024;
const LT = 0x3c;
const GT = 0x3e;

const SHEET = /^xl\/worksheets\/sheet(\d+)\.xml$/;
/** Parts exceljs needs before the sheets, in this order: with shared strings read first it never spools a sheet to disk. */
const FIRST = ["xl/_rels/workbook.xml.rels", "xl/workbook.xml", "xl/styles.xml", "xl/sharedStrings.xml"];
/** Stand-ins for optional parts a workbook may lack (a sheet of numbers has no shared strings). */
const EMPTY: Record<string, string> = {
  "xl/_rels/workbook.xml.rels": '<?xml version="1.0"?><Relationships/>',
  "xl/sharedStrings.xml": '<?xml version="1.0"?><sst/>',
};

/** Counts the bytes since the last `<` or `>` across chunks. */
function runGuard() {
  let run = 0;
  return (chunk: Uint8Array) => {
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk[i];
      if (c === LT || c === GT) run = 0;
      else if (++run > RUN_MAX_BYTES) throw xlsxRefusal.cell();
    }
  };
}

/** A part's bytes, inflated as they are read, never past the size the directory stated. */
async function* unpack(bytes: Uint8Array, e: ZipEntry): AsyncGenerator<Uint8Array> {
  // Bit 0: encrypted, which only a password-protected workbook is (and exceljs cannot open).
  if (e.flags & 1 || (e.method !== 0 && e.method !== 8)) throw xlsxRefusal.unreadable();
  const start = dataOffset(bytes, e);
  const packed = bytes.subarray(start, start + e.compressedSize);
  const inflate = e.method === 8 ? createInflateRaw({ chunkSize: 64 * 1024 }) : null;
  inflate?.end(packed);
  const check = runGuard();
  let out = 0;
  try {
    for await (const chunk of (inflate ?? [packed]) as AsyncIterable<Uint8Array>) {
      out += chunk.length;
      if (out > e.size) throw xlsxRefusal.lying();
      check(chunk);
      yield chunk;
    }
  } catch (err) {
    throw (err as { code?: string }).code?.startsWith("Z_") ? xlsxRefusal.unreadable() : err;
  } finally {
    inflate?.destroy();
  }
  if (out !== e.size) throw xlsxRefusal.unreadable();
}

function localHeader(name: Uint8Array, size: number): Uint8Array {
  const h = new Uint8Array(30 + name.length);
  const v = new DataView(h.buffer);
  v.setUint32(0, 0x04034b50, true);
  v.setUint16(4, 20, true);
  v.setUint16(6, 0x800, true); // UTF-8 name; method 0 (stored), no CRC: the reader does not check one
  v.setUint32(18, size, true);
  v.setUint32(22, size, true);
  v.setUint16(26, name.length, true);
  h.set(name, 30);
  return h;
}

const endRecord = () => {
  const end = new Uint8Array(22);
  new DataView(end.buffer).setUint32(0, 0x06054b50, true);
  return end;
};

/** The parts to read, in the order to read them; null when the file is not a workbook. */
export function workbookParts(entries: ZipEntry[]) {
  const byName = new Map(entries.map((e) => [e.name, e]));
  if (!byName.has("xl/workbook.xml")) return null;
  const sheets = entries
    .filter((e) => SHEET.test(e.name))
    .sort((a, b) => Number(SHEET.exec(a.name)![1]) - Number(SHEET.exec(b.name)![1]));
  return [...FIRST.map((name) => byName.get(name) ?? name).filter((p) => p !== "xl/styles.xml"), ...sheets];
}

/**
 * A stored zip of the workbook's parts for exceljs's streaming reader. It errors (the `error` event) at the first
 * limit passed; exceljs does not pass that on, so the caller listens for it.
 */
export function workbookStream(bytes: Uint8Array, parts: (ZipEntry | string)[]): Readable {
  const encoder = new TextEncoder();
  async function* zip() {
    for (const p of parts) {
      if (typeof p === "string") {
        const body = encoder.encode(EMPTY[p] ?? "");
        yield localHeader(encoder.encode(p), body.length);
        yield body;
      } else {
        yield localHeader(encoder.encode(p.name), p.size);
        yield* unpack(bytes, p);
      }
    }
    yield endRecord();
  }
  return Readable.from(zip(), { objectMode: false });
}
