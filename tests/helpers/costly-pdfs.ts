import { createDeflate } from "node:zlib";

/**
 * PDFs built to cost the server: many blank pages, a content stream that inflates to hundreds of megabytes, a
 * poster-sized page. Written byte by byte (objects and a correct cross-reference table), as an attacker would,
 * so each is small however costly it is to open.
 */
type Obj = string | { dict: string; stream: Uint8Array };

function pdfOf(objects: Obj[], trailer = ""): Uint8Array<ArrayBuffer> {
  const enc = new TextEncoder();
  const parts: Uint8Array[] = [enc.encode("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n")];
  const offsets: number[] = [];
  let at = parts[0]!.byteLength;
  const push = (b: Uint8Array) => {
    parts.push(b);
    at += b.byteLength;
  };
  objects.forEach((o, i) => {
    offsets.push(at);
    if (typeof o === "string") push(enc.encode(`${i + 1} 0 obj\n${o}\nendobj\n`));
    else {
      push(enc.encode(`${i + 1} 0 obj\n<< ${o.dict} /Length ${o.stream.byteLength} >>\nstream\n`));
      push(o.stream);
      push(enc.encode("\nendstream\nendobj\n"));
    }
  });
  const xref = at;
  const rows = offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("");
  push(
    enc.encode(
      `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${rows}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R ${trailer}>>\nstartxref\n${xref}\n%%EOF\n`,
    ),
  );
  const out = new Uint8Array(new ArrayBuffer(at));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.byteLength;
  }
  return out;
}

/** `pages` blank US Letter pages (20,000 make a ~2 MB file). */
export function blankPagesPdf(pages: number): Uint8Array<ArrayBuffer> {
  const kids = Array.from({ length: pages }, (_, i) => `${i + 3} 0 R`).join(" ");
  const objects: Obj[] = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    `<< /Type /Pages /Count ${pages} /Kids [${kids}] >>`,
    ...Array.from({ length: pages }, () => "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>"),
  ];
  return pdfOf(objects);
}

/** One blank page of `size` × `size` points (3000 pt is over a metre wide). */
export function giantPagePdf(size: number): Uint8Array<ArrayBuffer> {
  return pdfOf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Count 1 /Kids [3 0 R] >>",
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${size} ${size}] >>`,
  ]);
}

/** Deflate `mb` megabytes of `unit` repeated, a megabyte at a time (the test never holds the whole of it). */
async function deflated(unit: string, mb: number): Promise<Uint8Array> {
  const chunk = Buffer.from(unit.repeat(Math.ceil((1024 * 1024) / unit.length)).slice(0, 1024 * 1024));
  const z = createDeflate({ level: 9 });
  const out: Buffer[] = [];
  z.on("data", (b: Buffer) => out.push(b));
  const done = new Promise((resolve) => z.on("end", resolve));
  for (let i = 0; i < mb; i++) if (!z.write(chunk)) await new Promise((r) => z.once("drain", r));
  z.end();
  await done;
  return Buffer.concat(out);
}

/** One page whose content stream (text drawing operators) inflates to `mb` megabytes. */
export async function streamBombPdf(mb: number): Promise<Uint8Array<ArrayBuffer>> {
  const content = await deflated("BT /F1 9 Tf 10 10 Td (bomb) Tj ET\n", mb);
  return pdfOf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Count 1 /Kids [3 0 R] >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    { dict: "/Filter /FlateDecode", stream: content },
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ]);
}

/** A PDF locked with a user password (RC4, the standard security handler): it cannot be opened without it. */
export function lockedPdf(): Uint8Array<ArrayBuffer> {
  const hex = (seed: number) =>
    Array.from({ length: 32 }, (_, i) => ((i * 37 + seed) % 256).toString(16).padStart(2, "0")).join("");
  return pdfOf(
    [
      "<< /Type /Catalog /Pages 2 0 R >>",
      "<< /Type /Pages /Count 1 /Kids [3 0 R] >>",
      "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>",
      `<< /Filter /Standard /V 1 /R 2 /O <${hex(7)}> /U <${hex(91)}> /P -44 >>`,
    ],
    `/Encrypt 4 0 R /ID [<${hex(3).slice(0, 32)}> <${hex(3).slice(0, 32)}>] `,
  );
}
