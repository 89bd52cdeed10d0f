/**
 * What kind of answer a question asks for, read from its grammar: a quantity (narrowed to a span of time, a
 * frequency, money or a count when it says which), a list, a phone number, a person, or anything else.
 */
import { STOP_WORDS } from "./fts-query";

export type AnswerType = "quantity" | "list" | "contact" | "person" | "other";

export interface Expected {
  type: AnswerType;
  /** Whether a sentence's text holds what is asked for (always true for "list" and "other"). */
  fits: (text: string) => boolean;
}

const QUANTITY =
  /\b(how (many|much|long|far|often|soon|late|early|old|big|high|deep|heavy|wide|fast|hot|cold)|what( is| are|['’]?s) the (rate|amount|limit|minimum|maximum|min|max|number|percentage|cost|price|fee|deadline|distance|temperature|age)|deadline|by when|when (is|are|do|does|must|should)|what time|what percent(age)?)\b/i;
const LIST =
  /\b(what (are|were) (all )?the (steps|items|requirements|rules|kinds|types|documents|forms|options)|list (the|all)|which (items|documents|steps|forms) )/i;
const CONTACT =
  /\b(extension|ext\.|phone number|hotline|number to call|(contact|emergency) (number|line))\b/i;
/** "Who is the safety officer" names a person; "who gets", "who can", "who is eligible" ask for a group. */
const PERSON =
  /^\s*(who|who's|who is|who are)\b(?! (do|does|can|may|should|must|gets?|needs?|has|have|is eligible|are eligible)\b)/i;

const DURATION_ASKED = /\bhow (long|soon|early|late)\b|\bhow much (time|notice)\b/i;
const FREQUENCY_ASKED = /\bhow often\b/i;
const MONEY_ASKED =
  /\bhow much\b.*\b(cost|charge|pay|paid|spend|fee|price)s?\b|\bthe (rate|cost|price|fee)\b/i;
const COUNT_ASKED = /\bhow many ([a-z]+)(?: ([a-z]+))?/i;

const NUMBER_WORDS =
  "\\d[\\d,.]{0,20}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|sixty|ninety|a|an|half";
/** A figure: digits, a number written out, a month or weekday ("may" the verb and "May I" are no month). */
const FIGURE =
  /\d|\b(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|sixty|ninety|half|hundred|thousand|once|twice|daily|weekly|monthly|annually|noon|midnight|monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|april|may|june|july|august|september|october|november|december)\b/i;
const holdsFigure = (t: string) => FIGURE.test(t.replace(/\bmay\b|^May\b(?! \d)/g, " "));
const DURATION = new RegExp(
  `\\b(${NUMBER_WORDS})(-| )(\\w+ )?((minute|hour|day|week|month|year|business day|working day)s?\\b|hrs?\\b)|\\bimmediately\\b|\\bsame day\\b|\\d{1,2}:\\d{2}|\\b\\d{1,2} ?[ap]\\.?m\\b`,
  "i",
);
const FREQUENCY =
  /\b(every|each|once|twice|per (day|week|month|year|quarter|shift)|a (day|week|month|year)|daily|weekly|monthly|quarterly|annually|yearly|times a)\b/i;
const MONEY = /\$\s?\d|\b\d[\d,.]{0,20}\s?(cents?|dollars?|%)|\bpercent\b|\bno (cost|charge)\b/i;
const EXTENSION = /\bext\.?\s?\d{2,5}\b|\bextension \d{2,5}\b/i;
const PHONE = new RegExp(`\\b\\d{3}[-.\\s]\\d{3}[-.\\s]\\d{4}\\b|${EXTENSION.source}`, "i");
/** Two capitalised words (a middle initial allowed) after a comma, colon or "is": how documents name a person. */
const NAME =
  /(?:[,:]|\bis|\bcontact|\bcall)\s+(?:Dr\.\s|Mr\.\s|Ms\.\s)?[A-Z][a-z]+(?:\s[A-Z]\.)?\s[A-Z][a-z]+/;

const always = () => true;

/** Whether a text gives a number of the thing named after "how many" ("how many hours": "4 hours"). */
function countOf(words: string[]): (text: string) => boolean {
  const stems = words
    .map((w) => w.toLowerCase())
    .filter((w) => w.length > 2 && !STOP_WORDS.has(w))
    .map((w) => w.replace(/(es|s)$/, ""));
  if (!stems.length) return holdsFigure;
  const re = new RegExp(`\\b(${NUMBER_WORDS})(-| )([\\w-]+ )?(${stems.join("|")})`, "i");
  return (t) => re.test(t);
}

export function expectedAnswer(question: string): Expected {
  if (LIST.test(question)) return { type: "list", fits: always };
  if (CONTACT.test(question)) {
    const ext = /\bext(ension|\.|\b)/i.test(question);
    return { type: "contact", fits: (t) => (ext ? EXTENSION : PHONE).test(t) };
  }
  if (QUANTITY.test(question)) {
    if (FREQUENCY_ASKED.test(question)) return { type: "quantity", fits: (t) => FREQUENCY.test(t) };
    if (MONEY_ASKED.test(question)) return { type: "quantity", fits: (t) => MONEY.test(t) };
    const count = COUNT_ASKED.exec(question);
    if (count) return { type: "quantity", fits: countOf([count[1]!, count[2] ?? ""]) };
    if (DURATION_ASKED.test(question)) return { type: "quantity", fits: (t) => DURATION.test(t) };
    return { type: "quantity", fits: holdsFigure };
  }
  if (PERSON.test(question)) return { type: "person", fits: (t) => NAME.test(t) };
  return { type: "other", fits: always };
}
