import { createCanvas } from "@napi-rs/canvas";
import { PDFDocument, StandardFonts } from "pdf-lib";

/** Test PDFs built in code: text pages (a text layer), scanned pages (only an image of text), or a mix. */
export type PageSpec = { text: string } | { scan: string[] };

export async function buildPdf(pages: PageSpec[]): Promise<Uint8Array<ArrayBuffer>> {
  const pdf = await PDFDocument.create();
  // Fixed dates: the same pages always give the same bytes (and SHA-256), whenever they are built.
  pdf.setCreationDate(new Date("2026-01-01T00:00:00Z"));
  pdf.setModificationDate(new Date("2026-01-01T00:00:00Z"));
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const spec of pages) {
    const page = pdf.addPage([612, 792]);
    if ("text" in spec) {
      let y = 720;
      for (const line of spec.text.split("\n")) {
        page.drawText(line, { x: 60, y, size: 12, font });
        y -= 18;
      }
    } else {
      const png = await pdf.embedPng(scanImage(spec.scan));
      page.drawImage(png, { x: 0, y: 0, width: 612, height: 792 });
    }
  }
  return new Uint8Array(await pdf.save());
}

export const textPdf = (texts: string[]) => buildPdf(texts.map((text) => ({ text })));

/** A page of typed lines as a scanner would give it: black text on white at ~150 dpi, no text layer. */
export function scanImage(lines: string[]): Uint8Array {
  const canvas = createCanvas(1275, 1650);
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = "#ffffff";
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.fillStyle = "#000000";
  ctx.font = "34px sans-serif";
  for (const [i, line] of lines.entries()) ctx.fillText(line, 110, 200 + i * 60);
  return new Uint8Array(canvas.toBuffer("image/png"));
}

/** Bytes that start like a PDF and are not one. */
export const corruptPdf = () =>
  new TextEncoder().encode(
    "%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 9 0 R >>\ngarbage without xref\n%%EOF\n",
  );
