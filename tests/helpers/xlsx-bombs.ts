/**
 * Workbooks built by hand, in memory, for the spreadsheet limits: zip bombs (a cell or a sheet that unpacks to
 * gigabytes from a megabyte or two), a zip whose directory understates a part, and plain sheets of many rows.
 * Repeated text is deflated once per MiB and the pieces concatenated (each ends byte-aligned with a full flush,
 * so they form one valid deflate stream): a 2 GB sheet costs a few milliseconds to build.
 */
import { constants, deflateRawSync } from "node:zlib";

const MiB = 1024 * 1024;
const encoder = new TextEncoder();
const NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
const REL_NS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";

interface Part {
  name: string;
  /** Raw deflate data. */
  data: Uint8Array;
  size: number;
  /** What the central directory says it unpacks to (default: the truth). */
  statedSize?: number;
}

const open = (text: string) => deflateRawSync(encoder.encode(text), { finishFlush: constants.Z_FULL_FLUSH });
const close = (text: string) => deflateRawSync(encoder.encode(text));

/** A part of `head`, `unit` repeated to `mib` MiB, then `tail`, deflated without ever being held whole. */
export function repeatedPart(name: string, head: string, unit: string, mib: number, tail: string): Part {
  const chunk = unit.repeat(Math.ceil(MiB / unit.length)).slice(0, MiB - (MiB % unit.length));
  const packedChunk = deflateRawSync(encoder.encode(chunk), {
    level: 9,
    finishFlush: constants.Z_FULL_FLUSH,
  });
  const pieces = [open(head), ...Array.from({ length: mib }, () => packedChunk), close(tail)];
  const data = new Uint8Array(pieces.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of pieces) {
    data.set(p, at);
    at += p.length;
  }
  return { name, data, size: encoder.encode(head + tail).length + chunk.length * mib };
}

export const textPart = (name: string, text: string): Part => ({
  name,
  data: deflateRawSync(encoder.encode(text)),
  size: encoder.encode(text).length,
});

/** A zip of deflated parts (no CRCs: the readers under test do not check them). */
export function zipOf(parts: Part[]): Uint8Array<ArrayBuffer> {
  const locals: Uint8Array[] = [];
  const centrals: Uint8Array[] = [];
  let offset = 0;
  for (const p of parts) {
    const name = encoder.encode(p.name);
    const stated = p.statedSize ?? p.size;
    const local = new Uint8Array(30 + name.length);
    const lv = new DataView(local.buffer);
    lv.setUint32(0, 0x04034b50, true);
    lv.setUint16(4, 20, true);
    lv.setUint16(8, 8, true);
    lv.setUint32(18, p.data.length, true);
    lv.setUint32(22, stated, true);
    lv.setUint16(26, name.length, true);
    local.set(name, 30);
    const central = new Uint8Array(46 + name.length);
    const cv = new DataView(central.buffer);
    cv.setUint32(0, 0x02014b50, true);
    cv.setUint16(4, 20, true);
    cv.setUint16(6, 20, true);
    cv.setUint16(10, 8, true);
    cv.setUint32(20, p.data.length, true);
    cv.setUint32(24, stated, true);
    cv.setUint16(28, name.length, true);
    cv.setUint32(42, offset, true);
    central.set(name, 46);
    locals.push(local, p.data);
    centrals.push(central);
    offset += local.length + p.data.length;
  }
  const dirSize = centrals.reduce((n, c) => n + c.length, 0);
  const end = new Uint8Array(22);
  const ev = new DataView(end.buffer);
  ev.setUint32(0, 0x06054b50, true);
  ev.setUint16(8, parts.length, true);
  ev.setUint16(10, parts.length, true);
  ev.setUint32(12, dirSize, true);
  ev.setUint32(16, offset, true);
  const all = [...locals, ...centrals, end];
  const out = new Uint8Array(all.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of all) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

/** The parts every workbook has, around its sheet (and shared strings, when given). */
export function workbook(sheet: Part, sharedStrings?: Part): Uint8Array<ArrayBuffer> {
  const types = `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>${sharedStrings ? '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>' : ""}</Types>`;
  const rels = `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
  const book = `<?xml version="1.0" encoding="UTF-8"?><workbook ${NS} xmlns:r="${REL_NS}"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`;
  const bookRels = `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"/>${sharedStrings ? `<Relationship Id="rId2" Type="${REL_NS}/sharedStrings" Target="sharedStrings.xml"/>` : ""}</Relationships>`;
  return zipOf([
    textPart("[Content_Types].xml", types),
    textPart("_rels/.rels", rels),
    textPart("xl/workbook.xml", book),
    textPart("xl/_rels/workbook.xml.rels", bookRels),
    ...(sharedStrings ? [sharedStrings] : []),
    sheet,
  ]);
}

const sheetXml = (rows: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><worksheet ${NS}><sheetData>${rows}</sheetData></worksheet>`;

/** A 1 MB workbook whose one cell (a shared string under a Work Order # header) holds `mib` MiB of text. */
export function oneCellBomb(mib = 1000, statedSize?: number): Uint8Array<ArrayBuffer> {
  const strings = repeatedPart(
    "xl/sharedStrings.xml",
    `<?xml version="1.0" encoding="UTF-8"?><sst ${NS} count="1" uniqueCount="1"><si><t>`,
    "A",
    mib,
    "</t></si></sst>",
  );
  const rows =
    '<row r="1"><c r="A1" t="inlineStr"><is><t>Work Order #</t></is></c></row><row r="2"><c r="A2" t="s"><v>0</v></c></row>';
  return workbook(textPart("xl/worksheets/sheet1.xml", sheetXml(rows)), { ...strings, statedSize });
}

/** A workbook whose sheet unpacks to `mib` MiB (2 GB by default: a row, then blank space) from about 2 MB. */
export function sheetBomb(mib = 2048): Uint8Array<ArrayBuffer> {
  const head = `<?xml version="1.0" encoding="UTF-8"?><worksheet ${NS}><sheetData><row r="1"><c r="A1"><v>1</v></c></row>`;
  return workbook(repeatedPart("xl/worksheets/sheet1.xml", head, " ", mib, "</sheetData></worksheet>"));
}

/** An inline-string cell (escaped for XML). */
const cell = (ref: string, v: string | number) =>
  typeof v === "number"
    ? `<c r="${ref}"><v>${v}</v></c>`
    : `<c r="${ref}" t="inlineStr"><is><t>${v.replace(/&/g, "&amp;").replace(/</g, "&lt;")}</t></is></c>`;

/** A plain workbook of `rows` written straight as sheet XML (fast for hundreds of thousands of rows). */
export function plainWorkbook(rows: (string | number)[][]): Uint8Array<ArrayBuffer> {
  const xml = rows
    .map(
      (r, i) =>
        `<row r="${i + 1}">${r.map((v, c) => cell(`${String.fromCharCode(65 + c)}${i + 1}`, v)).join("")}</row>`,
    )
    .join("");
  return workbook(textPart("xl/worksheets/sheet1.xml", sheetXml(xml)));
}
