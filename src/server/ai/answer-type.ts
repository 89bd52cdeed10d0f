/**
 * What kind of answer a question asks for, read from how it is asked: a quantity ("how many", "how long", "what
 * rate", "deadline"), a list ("what are the steps", "which … need"), a form, a phone number or extension, a
 * person, who pays ("does the company pay for…"), or anything else. A quantity is narrowed when the question
 * says which: a span of time ("how long", "how soon"), a frequency ("how often"), money ("how much does it
 * cost"), or a count of something ("how many hours"). A unit that could answer holds what is asked for; for a
 * quantity or who pays, one that does not is no answer, however many of the question's words it shares ("how
 * many hours is the class" is not answered by "must hold a certificate").
 */
import { STOP_WORDS } from "./fts-query";

export type AnswerType = "quantity" | "list" | "form" | "contact" | "person" | "payment" | "other";

export interface Expected {
  type: AnswerType;
  /** Whether a unit's text holds what is asked for (always true for "list" and "other"). */
  fits: (text: string) => boolean;
  /** A unit that does not fit ranks lower; when required (quantities, who pays), it cannot be the answer at all. */
  required: boolean;
}

const QUANTITY =
  /\b(how (many|much|long|far|often|soon|late|early|old|big|tall|high|deep|heavy|wide|fast|hot|cold|close)|what( is| are|['’]?s) the (rate|amount|limit|minimum|maximum|max|min|cap|deadline|number|percentage|cost|price|fee|distance|temperature|speed|age)|deadline|(min|max)imum|\bby when\b|\bwhen (is|are|do|does|must|should)\b|what time|what percent|percentage|how much time|\b(most|max) (i|we|you) (can|may|could)\b)\b/i;
const LIST =
  /\b(what (are|all) (the )?(steps|items|things|requirements|rules|kinds|types|documents|forms)|list (the|all)|which (items|documents|things|forms|steps)|what (all )?(goes|go|needs? to|should) (in|into|be)|what do i need to (bring|pack|include|do)|what(['’]?s| is) (included|required|covered)|what(['’]?s| is) on the|what (\w+ )?(?!forms\b)\w+[^\Wsu]s (do we have|are there|are available))\b/i;
const FORM = /\b(what|which) (forms?|paperwork)\b(?!\s+of\b)|\bform (number|no\.?|#)/i;
const CONTACT =
  /\b(extension|ext\.?|phone number|hotline|number to call|(emergency|contact|support|help) (number|line))\b|\bwho do (i|we) call\b/i;
/** "Who is the safety officer" names a person; "who gets / can / needs / is eligible" asks for a group. */
const PERSON =
  /^\s*(who|who's|whos|who is|who are)\b(?! (do|does|can|could|may|should|must|approves?|signs?|pays?|gets?|needs?|has|have|qualif\w*|is eligible|are eligible)\b)/i;

const DURATION_ASKED =
  /\bhow (long|soon|early|late)\b|\bhow much (time|notice|lead time)\b|\bhow far (ahead|in advance)\b|\b(review|turnaround|waiting|lead) time\b/i;
const FREQUENCY_ASKED = /\bhow (often|frequently)\b/i;
const MONEY_ASKED =
  /\bhow much\b.*\b(cost|costs|charge|charges|charged|pay|paid|pays|cover|covers|spend|reimburse\w*|fee|fees|price)\b|\bwhat( is| are|['’]?s) the (rate|cost|price|fee)\b|\bhow much (money|is the (fee|charge|rate))\b/i;
/** "Does the company pay for …", "is there an extra charge for …", "can I expense …": who pays is asked. */
const PAYMENT_ASKED =
  /\b(does|do|will|would|can|could)\b[^?]{0,80}\b(pay|pays|paid|reimburse\w*|compensate\w*)\b|\b(is there|are there|do (we|i) get|can (we|i) get)\b[^?]{0,40}\b(extra pay|extra charge|surcharge|fee|charge|stipend|allowance|money|reimbursement|bonus)\b|\bcan (i|we) (expense|claim)\b/i;
/** Paying, charging or providing in a unit or its heading (stems included: "reimburs", "expens"). */
const PAYMENT =
  /\$|\bcents?\b|\bdollars?\b|reimburs|\bpa(y|id|ys)\b|\bcost|\bfee|charg|expens|allowance|per diem|stipend|\bfree\b|provid|\bissu|suppl|furnish|\bcover/i;
const COUNT_ASKED = /\bhow many ([a-z]+)(?: ([a-z]+))?/i;

/** A figure: digits, a number written out ("two weeks"), a month, a weekday, noon ("may" see holdsFigure). */
const FIGURE =
  /\d|\b(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|sixty|ninety|hundred|thousand|half|once|twice|daily|weekly|monthly|annually|yearly|nightly|hourly|monday|tuesday|wednesday|thursday|friday|saturday|sunday|noon|midnight)\b|\b(January|February|March|April|May|June|July|August|September|October|November|December)\b/i;
const NUMBER_WORDS =
  "\\d[\\d,.]{0,20}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|sixty|ninety|a|an|half";
const TIME_UNIT = "(minute|hour|day|week|month|year|business day|working day|calendar day)s?\\b|hrs?\\b";
const DURATION = new RegExp(
  `\\b(${NUMBER_WORDS})(-| )(\\w+ )?(${TIME_UNIT})|\\bimmediately\\b|\\bsame day\\b|\\d{1,2}:\\d{2}|\\b\\d{1,2} ?[ap]\\.?m\\b|\\bnoon\\b|\\b(monday|tuesday|wednesday|thursday|friday)\\b`,
  "i",
);
const FREQUENCY =
  /\b(every|each|once|twice|per (day|week|month|year|quarter|shift)|a (day|week|month|year)|daily|weekly|monthly|quarterly|annually|yearly|nightly|hourly|cycle|times a|at least \w+ times)\b/i;
const MONEY =
  /\$\s?\d|\b\d[\d,.]{0,20}\s?(cents?|dollars?|%)|\bpercent\b|\bfree of charge\b|\bno (cost|charge)\b/i;
const FORM_CODE = /\bForm [A-Z]{1,5}-?\d/;
const EXTENSION = /\bext\.?\s?\d{2,5}\b|\bextension \d{2,5}\b/i;
const PHONE = new RegExp(`\\b\\d{3}[-.\\s]\\d{3}[-.\\s]\\d{4}\\b|${EXTENSION.source}`, "i");
/** Two capitalised words (a middle initial allowed) after a comma, colon or "is": how documents name a person. */
const NAME =
  /(?:[,:]|\bis|\bcontact|\bcall)\s+(?:Dr\.\s|Mr\.\s|Ms\.\s)?[A-Z][a-z]+(?:\s[A-Z]\.)?\s[A-Z][a-z]+/;

const always = () => true;

/** "May" is a month written with a capital inside a sentence ("ends in May"); "IT may install", "May I" are not. */
const holdsFigure = (t: string) => FIGURE.test(t.replace(/\bmay\b|^May\b(?! \d)/g, " "));

/** Whether `text` gives `count` of the thing named right after a number ("how many hours": "4 hours"). */
function countOf(words: string[]): (text: string) => boolean {
  const stems = words
    .map((w) => w.toLowerCase())
    .filter((w) => w.length > 2 && w !== "per" && !STOP_WORDS.has(w))
    .map((w) => w.replace(/(es|s)$/, ""));
  if (!stems.length) return holdsFigure;
  const re = new RegExp(`\\b(${NUMBER_WORDS})(-| )([\\w-]+ )?(${stems.join("|")})`, "i");
  return (t) => re.test(t);
}

export function expectedAnswer(question: string): Expected {
  if (LIST.test(question)) return { type: "list", fits: always, required: false };
  if (FORM.test(question)) return { type: "form", fits: (t) => FORM_CODE.test(t), required: false };
  if (CONTACT.test(question)) {
    // "extension" asks for the extension; a phone number does not answer it.
    const fits = /\bext(ension|\.|\b)/i.test(question)
      ? (t: string) => EXTENSION.test(t)
      : (t: string) => PHONE.test(t);
    return { type: "contact", fits, required: false };
  }
  if (QUANTITY.test(question)) {
    if (FREQUENCY_ASKED.test(question))
      return { type: "quantity", fits: (t) => FREQUENCY.test(t), required: true };
    if (MONEY_ASKED.test(question)) return { type: "quantity", fits: (t) => MONEY.test(t), required: true };
    const count = COUNT_ASKED.exec(question);
    if (count) return { type: "quantity", fits: countOf([count[1]!, count[2] ?? ""]), required: true };
    if (DURATION_ASKED.test(question))
      return { type: "quantity", fits: (t) => DURATION.test(t), required: true };
    return { type: "quantity", fits: holdsFigure, required: true };
  }
  if (PERSON.test(question)) return { type: "person", fits: (t) => NAME.test(t), required: false };
  if (PAYMENT_ASKED.test(question)) return { type: "payment", fits: (t) => PAYMENT.test(t), required: true };
  return { type: "other", fits: always, required: false };
}

export function answerTypeOf(question: string): AnswerType {
  return expectedAnswer(question).type;
}
