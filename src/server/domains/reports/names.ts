import { parseReportFileName, REPORT_NAME_FORM, REPORTS_FOLDER } from "@shared/reports";
import { checkKey } from "@shared/storage-keys";

export type ReportUpload =
  | { ok: true; fileName: string; key: string; workOrder: string; project: string }
  | { ok: false; fileName: string; reason: string };

const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * The name an uploaded report is indexed under, from what the browser sent: a folder part some clients add is
 * dropped, `..` and control characters (NUL) refuse the file, the name is NFC-normalised (the same name typed on
 * a Mac and on Windows is one report) and must follow `####-##(letter).Project.pdf`. `fileName` is always safe
 * to print in a log line.
 */
export function reportUpload(raw: string | undefined): ReportUpload {
  const sent = raw ?? "";
  const printable = sent.replace(new RegExp(CONTROL, "g"), "?");
  const refuse = (why: string): ReportUpload => ({
    ok: false,
    fileName: printable,
    reason: `${printable || "(no name)"}: ${why}; expected ${REPORT_NAME_FORM}`,
  });
  if (CONTROL.test(sent)) return refuse("the name has control characters");
  const segments = sent.split(/[/\\]/);
  if (segments.some((s) => s.trim() === ".." || s.trim() === "."))
    return refuse("the name has a ../ folder part");
  const fileName = segments.at(-1)!.normalize("NFC").trim();
  const parsed = parseReportFileName(fileName);
  if (!parsed.ok) return { ok: false, fileName, reason: parsed.reason };
  const key = checkKey(`${REPORTS_FOLDER}/${fileName}`);
  if (!key.ok) return { ok: false, fileName, reason: `${fileName}: the name ${key.reason}` };
  return { ok: true, fileName, key: key.key, workOrder: parsed.work_order, project: parsed.project };
}
