import { DEMO, type TestApp } from "./app";
import { processFile } from "./documents";
import { textPdf } from "./pdfs";

/** Page text long enough to count as a text layer (short pages go to OCR, which is slower). */
export const pageText = (topic: string) =>
  `${topic}: this page of the demo handbook explains the ${topic} rules for staff.`;

/** A text PDF; `padMb` of trailing bytes after %%EOF makes an upload long enough to watch its progress. */
export async function pdfBytes(pages: string[], padMb = 0): Promise<Buffer> {
  const bytes = Buffer.from(await textPdf(pages));
  return padMb ? Buffer.concat([bytes, Buffer.alloc(padMb * 1024 * 1024, 0x0a)]) : bytes;
}

/** Create a database of one-page PDFs through POST /api/process-file as the Admin (the screens' own path). */
export async function createDb(t: TestApp, db: string, files: string[]) {
  const cookie = await t.login(DEMO.admin);
  for (const [i, name] of files.entries()) {
    const r = await processFile(
      t,
      cookie,
      { db_name: db, action: i === 0 ? "new" : "append", mode: "default" },
      { name, content: await textPdf([pageText(name)]) },
    );
    if (r.status !== 200) throw new Error(`process-file ${name}: ${r.status} ${JSON.stringify(r.body)}`);
  }
}
