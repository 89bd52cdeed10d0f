/**
 * The Ask AI evaluation set, written for the demo documents (src/server/documents/demo): each question names
 * the database and the page(s) of its PDF that answer it. Plain questions, paraphrases that share few words
 * with the text ("work from home" for "remote work") and typos ("bereavment", "distribtions").
 */
export interface EvalQuestion {
  db: "employee_handbook.db" | "share_plan.db" | "retirement_plan.db";
  q: string;
  pages: number[];
  kind: "plain" | "paraphrase" | "typo";
}

const H = "employee_handbook.db" as const;
const S = "share_plan.db" as const;
const R = "retirement_plan.db" as const;

export const EVAL_QUESTIONS: EvalQuestion[] = [
  { db: H, q: "How many vacation days do I get in my first three years?", pages: [9], kind: "paraphrase" },
  { db: H, q: "How much unused annual leave carries over to the next year?", pages: [9], kind: "plain" },
  { db: H, q: "What are the core hours for office staff?", pages: [5], kind: "plain" },
  { db: H, q: "What is the overtime rate for non-exempt employees?", pages: [6], kind: "plain" },
  { db: H, q: "When are weekly timesheets due?", pages: [6], kind: "plain" },
  { db: H, q: "How long is paid parental leave after having a baby?", pages: [12], kind: "paraphrase" },
  { db: H, q: "What protective gear must I wear near a drill rig?", pages: [17], kind: "paraphrase" },
  { db: H, q: "How far should the rig mast stay from overhead power lines?", pages: [18], kind: "plain" },
  { db: H, q: "What's the daily meal allowance on neighbor island trips?", pages: [22], kind: "paraphrase" },
  { db: H, q: "How much tuition reimbursement can I get per year?", pages: [15], kind: "plain" },
  { db: H, q: "How many days a week can I work from home?", pages: [8], kind: "paraphrase" },
  { db: H, q: "How soon must I report an injury or a near miss?", pages: [21], kind: "plain" },
  { db: H, q: "how many paid holidays does geolabs observe", pages: [10], kind: "plain" },
  { db: H, q: "How many sick days do full-time employees earn?", pages: [11], kind: "plain" },
  { db: H, q: "bereavment leave for a grandparent", pages: [13], kind: "typo" },
  { db: H, q: "What share of the medical premium does the company pay?", pages: [14], kind: "paraphrase" },
  { db: H, q: "How much water should I drink during hot field work?", pages: [19], kind: "plain" },
  { db: H, q: "Can I go into a trench deeper than 5 feet?", pages: [20], kind: "paraphrase" },
  { db: H, q: "mileage reimbursment rate for using my own car", pages: [22], kind: "typo" },
  { db: H, q: "Above what amount do expenses need itemized receipts?", pages: [23], kind: "plain" },
  { db: H, q: "Who must approve a purchase over $10,000?", pages: [24], kind: "plain" },
  { db: H, q: "What is the minimum password length?", pages: [25], kind: "plain" },
  {
    db: H,
    q: "How long are soil and rock core samples kept after the final report?",
    pages: [26],
    kind: "plain",
  },
  { db: H, q: "Am I allowed to accept a gift from a contractor?", pages: [27], kind: "paraphrase" },
  { db: H, q: "When do merit raises take effect?", pages: [28], kind: "paraphrase" },
  { db: H, q: "How much notice should I give when I quit?", pages: [30], kind: "paraphrase" },
  { db: H, q: "whats the field premium per hour on drilling sites", pages: [7], kind: "plain" },
  { db: H, q: "How often do we get paid?", pages: [7], kind: "paraphrase" },
  { db: H, q: "How long is the introductory period for new hires?", pages: [4], kind: "plain" },
  { db: H, q: "ethics line number to report harrasment", pages: [3, 29], kind: "typo" },
  { db: H, q: "How long is the tailgate safety meeting?", pages: [16], kind: "plain" },
  { db: H, q: "Do I get paid for jury duty?", pages: [13], kind: "plain" },
  { db: H, q: "saftey boot alowance", pages: [17], kind: "typo" },
  { db: S, q: "When do RSUs vest?", pages: [4], kind: "plain" },
  {
    db: S,
    q: "What discount do I get buying shares through payroll deductions?",
    pages: [3],
    kind: "paraphrase",
  },
  { db: S, q: "Who is eligable for share awards?", pages: [2], kind: "typo" },
  { db: S, q: "What was the share price at the end of 2025?", pages: [5], kind: "paraphrase" },
  { db: S, q: "How much dividend per share was paid in 2025?", pages: [6], kind: "plain" },
  { db: S, q: "What happens to my vested shares when I leave the company?", pages: [7], kind: "plain" },
  { db: S, q: "How are restricted stock units taxed?", pages: [8], kind: "plain" },
  { db: S, q: "Can I sell some of my shares while I still work here?", pages: [7], kind: "paraphrase" },
  { db: S, q: "maximum espp purchase in a year", pages: [3], kind: "plain" },
  { db: S, q: "What happens to unvested awards if Geolabs is sold?", pages: [4], kind: "plain" },
  { db: R, q: "How much does the company match on my 401k?", pages: [4, 1], kind: "plain" },
  { db: R, q: "When do matching contributions vest?", pages: [6], kind: "plain" },
  { db: R, q: "At what percentage am I automatically enrolled?", pages: [2, 1], kind: "paraphrase" },
  { db: R, q: "What is the contribution limit for 2025, including catch-up?", pages: [3], kind: "plain" },
  { db: R, q: "Can I borrow money from my retirement account?", pages: [8], kind: "paraphrase" },
  { db: R, q: "Who gets the profit-sharing contribution?", pages: [5], kind: "plain" },
  { db: R, q: "Where is my money invested if I don't pick any funds?", pages: [7], kind: "paraphrase" },
  { db: R, q: "required minimum distribtions age", pages: [9], kind: "typo" },
  { db: R, q: "How much are the plan administration fees?", pages: [10], kind: "plain" },
  { db: R, q: "profit sharing vesting schedule", pages: [6], kind: "plain" },
  { db: R, q: "Can I take money out for a hardship like medical bills?", pages: [8], kind: "paraphrase" },
];
