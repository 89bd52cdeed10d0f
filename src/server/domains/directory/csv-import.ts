import {
  CONTACT_FIELDS,
  type ContactField,
  fieldForHeader,
  type StaffEntry,
  staffEntryInput,
} from "@shared/directory";
import { parseCsv } from "../../lib/csv";
import { badRequest, formatZodError } from "../../lib/errors";

export interface ParsedStaff {
  entries: StaffEntry[];
  skipped: { line: number; reason: string }[];
}

/**
 * Read a staff CSV (first row = headers, matched loosely: "Display Name", "Job Title", "Office Location"…).
 * Bad rows are skipped with their line number and reason (blank lines are passed over but counted, so the number
 * is the file's); a file without a Name and an Email column is refused.
 */
export function parseStaffCsv(csv: string): ParsedStaff {
  const [header, ...rows] = parseCsv(csv);
  if (!header || header.every((h) => !h.trim())) throw badRequest("The CSV file is empty.");
  const columns = header.map((h) => fieldForHeader(h));
  const missing = (["name", "email"] as const).filter((f) => !columns.includes(f));
  if (missing.length) {
    throw badRequest(
      `The CSV needs a header row with ${missing.map((m) => (m === "name" ? "Name" : "Email")).join(" and ")} columns.`,
    );
  }
  const entries = new Map<string, StaffEntry & { line: number }>();
  const skipped: ParsedStaff["skipped"] = [];
  rows.forEach((cells, i) => {
    const line = i + 2;
    if (cells.every((c) => !c.trim())) return;
    const record: Partial<Record<ContactField, string>> = {};
    columns.forEach((field, c) => {
      if (field && CONTACT_FIELDS.includes(field) && record[field] === undefined)
        record[field] = cells[c] ?? "";
    });
    const result = staffEntryInput.safeParse(record);
    if (!result.success) {
      skipped.push({ line, reason: formatZodError(result.error) });
      return;
    }
    const earlier = entries.get(result.data.email);
    if (earlier) skipped.push({ line: earlier.line, reason: `Replaced by line ${line} (same email).` });
    entries.set(result.data.email, { ...result.data, line });
  });
  return { entries: [...entries.values()].map(({ line: _, ...e }) => e), skipped };
}
