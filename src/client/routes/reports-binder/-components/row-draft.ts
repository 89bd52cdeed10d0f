import { type BinderCreate, binderCreateInput } from "@shared/reports-binder";
import { type FieldProblems, fieldProblems } from "@/lib/field-problems";

export type Draft = Required<Pick<BinderCreate, "work_order">> &
  Record<"date" | "engineer_initials" | "billing" | "date_sent" | "pdf_file", string>;
export const EMPTY_DRAFT: Draft = {
  date: "",
  work_order: "",
  engineer_initials: "",
  billing: "",
  date_sent: "",
  pdf_file: "",
};

export type Field = keyof Draft;

const LABELS: Record<Field, string> = {
  date: "Date",
  work_order: "Work order",
  engineer_initials: "Engineer initials",
  billing: "Billing",
  date_sent: "Date sent",
  pdf_file: "PDF file",
};

/**
 * Each field's problem with the draft, checked with the server's own schema: one sentence per field. `unreadable`
 * names the date fields whose text the browser could not read (02/31/2026): an error, never "no date".
 */
export const draftProblems = (d: Draft, unreadable: readonly string[] = []): FieldProblems<Field> =>
  fieldProblems(binderCreateInput, d, LABELS, unreadable);
