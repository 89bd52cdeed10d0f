/**
 * What kind of answer a question asks for, read from how it is asked: a quantity ("how many", "how long", "what
 * rate", "deadline"), a list ("what are the steps", "which … need"), or anything else. A sentence that could be
 * the answer to a quantity question holds a number; a list question is answered by a list.
 */
export type AnswerType = "quantity" | "list" | "other";

const QUANTITY =
  /\b(how (many|much|long|far|often|soon|late|early|old|big|tall|high|deep|heavy|wide|fast|hot|cold|close)|what (is|are|'?s) the (rate|amount|limit|minimum|maximum|max|min|cap|deadline|number|percentage|cost|price|fee|distance|temperature|speed|age)|deadline|(min|max)imum|\bby when\b|\bwhen (is|are|do|does|must|should)\b|what time|what percent|percentage|how much time)\b/i;
const LIST =
  /\b(what (are|all) (the )?(steps|items|things|requirements|rules|kinds|types|documents|forms)|list (the|all)|which (items|documents|things|forms|steps)|what (all )?(goes|go|needs? to|should) (in|into|be)|what do i need to (bring|pack|include|do)|what('?s| is) (included|required|covered))\b/i;

export function answerTypeOf(question: string): AnswerType {
  if (LIST.test(question)) return "list";
  if (QUANTITY.test(question)) return "quantity";
  return "other";
}

/** A figure: digits, a number written out ("two weeks", "ninety days"), a month or a weekday (a date). */
const NUMBER =
  /\d|\b(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|sixty|ninety|hundred|thousand|half|once|twice|daily|weekly|monthly|annually|yearly|nightly|hourly|january|february|march|april|may|june|july|august|september|october|november|december|monday|tuesday|wednesday|thursday|friday|saturday|sunday|noon|midnight)\b/i;

export const holdsFigure = (text: string) => NUMBER.test(text);
