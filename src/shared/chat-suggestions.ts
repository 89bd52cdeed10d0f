/**
 * Suggested questions per database (the spec: handbook 11, share plan 7, retirement plan 7), each answered by
 * the demo documents (src/server/documents/demo). Other databases get none.
 */
export const SUGGESTED_QUESTIONS: Record<string, readonly string[]> = {
  "employee_handbook.db": [
    "How many days of annual leave do I earn each year?",
    "How much unused annual leave carries over to next year?",
    "What are the core hours for office staff?",
    "How is overtime paid for non-exempt employees?",
    "How much paid parental leave does Geolabs provide?",
    "Can I work remotely, and for how many days a week?",
    "What protective equipment is required near a drill rig?",
    "How far must a drill rig stay from overhead power lines?",
    "What is the meal per diem on neighbor island trips?",
    "How much tuition reimbursement can I get each year?",
    "How soon must an injury or near miss be reported?",
  ],
  "share_plan.db": [
    "Who is eligible for share awards?",
    "When do restricted stock units vest?",
    "What discount does the Employee Stock Purchase Program give?",
    "What was the share value on December 31, 2025?",
    "How much were the dividends per share in 2025?",
    "What happens to my shares when I leave Geolabs?",
    "How are RSUs taxed?",
  ],
  "retirement_plan.db": [
    "How much does Geolabs match on my 401(k) contributions?",
    "When do matching contributions vest?",
    "What is the automatic enrollment rate?",
    "How much can I contribute in 2025, including catch-up contributions?",
    "Can I take a loan from my 401(k)?",
    "Who receives the profit-sharing contribution?",
    "How is my account invested if I do not choose funds?",
  ],
};

export const suggestionsFor = (db: string | null | undefined): readonly string[] =>
  (db && SUGGESTED_QUESTIONS[db]) || [];
