import type { PDFFont, PDFPage } from "pdf-lib";
import type { DemoPdf, TextDocument } from "./protocol";

/**
 * PDFs written from page texts (the demo sets: one page of text is exactly one PDF page, so an answer's page
 * number can be checked against the source). US Letter, Helvetica, wrapped to the margins.
 */
const PAGE = { width: 612, height: 792, margin: 64 };
const BODY = 10.5;
const LEAD = 14.5;

export async function buildTextPdfs(docs: TextDocument[]): Promise<DemoPdf[]> {
  const out: DemoPdf[] = [];
  for (const doc of docs)
    out.push({ db: doc.db, title: doc.title, fileName: doc.fileName, bytes: await render(doc) });
  return out;
}

async function render(doc: TextDocument): Promise<Uint8Array> {
  const { PDFDocument, StandardFonts, rgb } = await import("pdf-lib");
  const pdf = await PDFDocument.create();
  pdf.setTitle(doc.title);
  pdf.setAuthor("Geolabs, Inc.");
  // A fixed date keeps the bytes (and so the SHA-256) the same on every start.
  const fixed = new Date("2026-01-05T00:00:00Z");
  pdf.setCreationDate(fixed);
  pdf.setModificationDate(fixed);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const width = PAGE.width - 2 * PAGE.margin;
  doc.pages.forEach((p, i) => {
    const page = pdf.addPage([PAGE.width, PAGE.height]);
    let y = PAGE.height - PAGE.margin;
    page.drawText(doc.title.toUpperCase(), {
      x: PAGE.margin,
      y: y + 24,
      size: 8,
      font: regular,
      color: rgb(0.4, 0.4, 0.4),
    });
    y = drawLines(page, wrap(p.heading, bold, 15, width), { y, font: bold, size: 15, lead: 20 });
    y -= 6;
    for (const para of p.paragraphs) {
      y = drawLines(page, wrap(para, regular, BODY, width), { y, font: regular, size: BODY, lead: LEAD });
      y -= 7;
    }
    if (y < PAGE.margin) throw new Error(`${doc.fileName} page ${i + 1} overflows (${p.heading})`);
    const footer = `Geolabs, Inc. · ${doc.title} · Page ${i + 1} of ${doc.pages.length}`;
    page.drawText(footer, { x: PAGE.margin, y: 36, size: 8, font: regular, color: rgb(0.4, 0.4, 0.4) });
  });
  return pdf.save({ useObjectStreams: false });
}

function drawLines(
  page: PDFPage,
  lines: string[],
  o: { y: number; font: PDFFont; size: number; lead: number },
) {
  let y = o.y;
  for (const line of lines) {
    y -= o.lead;
    page.drawText(line, { x: PAGE.margin, y, size: o.size, font: o.font });
  }
  return y;
}

/** Greedy word wrap by measured width; a line starting "- " keeps its hanging indent. */
export function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const para of text.split("\n")) {
    let line = "";
    for (const word of para.split(/\s+/).filter(Boolean)) {
      const next = line ? `${line} ${word}` : word;
      if (line && font.widthOfTextAtSize(next, size) > width) {
        lines.push(line);
        line = para.startsWith("- ") ? `  ${word}` : word;
      } else line = next;
    }
    lines.push(line);
  }
  return lines;
}
