import { describe, expect, test } from "bun:test";
import { expectedAnswer } from "@server/ai/answer-type";
import { contentWords, queryTerms } from "@server/ai/fts-query";

/**
 * What a question asks for, and which of its words count, as the built-in answer model reads them. The
 * questions are made up for these tests (a marine survey firm's boats, a bakery's kitchen).
 */
const fits = (question: string, text: string) => expectedAnswer(question).fits(text);

describe("what the question asks for", () => {
  test("a span of time, a frequency, money or a count is asked for, and only a unit holding it fits", () => {
    // "how long": a number of days, not a form number or the verb "may".
    const inspection = "how long does a hull inspection take";
    expect(fits(inspection, "Hull inspection out of water 1 boat 3 working days")).toBe(true);
    expect(fits(inspection, "Rush inspections are not offered for wooden hulls.")).toBe(false);
    expect(fits("how much time should i allow for a sea trial", "The skipper completes Form ST-2.")).toBe(
      false,
    );
    expect(fits("when is the dinghy due back", "Only the harbor lead may lend a dinghy.")).toBe(false);
    expect(fits("when is the dinghy due back", "Dinghies are returned by May 5.")).toBe(true);
    // "how often": every / once / per year, not a turnaround.
    expect(fits("how often are the proofers cleaned", "Dough proofers Deep clean Every 2 weeks")).toBe(true);
    expect(fits("how often are the proofers cleaned", "Sourdough starter 500 g 7 days")).toBe(false);
    // "how much … cost": money.
    expect(fits("how much does a harbor tow cost", "a charge of $85 per hour")).toBe(true);
    expect(fits("how much does a harbor tow cost", "Moored at Pier 38, slip 12.")).toBe(false);
    // "how many hours": a number of hours.
    const course = "how many hours of class for a boating license";
    expect(fits(course, "The license is issued after 8 hours of instruction.")).toBe(true);
    expect(fits(course, "At least one deckhand shall hold a license.")).toBe(false);
  });

  test("a number to call and a person are recognised", () => {
    expect(expectedAnswer("night-time marina emergency number").type).toBe("contact");
    expect(fits("the harbor office's extension", "Harbor Office: ext. 314")).toBe(true);
    // Asked for an extension, a phone number is no answer; asked for a number, either is.
    const afterDark = "After dark, call the harbor master at 808-555-0147.";
    expect(fits("the harbor office's extension", afterDark)).toBe(false);
    expect(fits("night-time marina emergency number", afterDark)).toBe(true);
    // Written with or without the apostrophe, "what's the limit" asks for a figure.
    expect(expectedAnswer("whats the limit on passengers per skiff").type).toBe("quantity");
    expect(expectedAnswer("what’s the max load for the davit crane").type).toBe("quantity");
    expect(fits("what's the fee to reserve the cake stand", "The cake stand carries a fee of $40.")).toBe(
      true,
    );
    expect(
      fits("whats the fee to reserve the cake stand", "The cake stand is reserved with the shop manager."),
    ).toBe(false);
    expect(expectedAnswer("what are the requirements for a night dive").type).toBe("list");
    expect(expectedAnswer("list all the allergens").type).toBe("list");
    expect(expectedAnswer("what is the skipper's name").type).toBe("other");
    expect(expectedAnswer("who's the dive supervisor").type).toBe("person");
    // "who can", "who gets": a group, not a person.
    expect(expectedAnswer("who can sign off a launch").type).toBe("other");
  });

  test("'May' inside a sentence is a month; 'may' the verb and 'May I' are not", () => {
    const ends = (text: string) => fits("when does the summer menu end", text);
    expect(ends("The summer menu ends in May.")).toBe(true);
    expect(ends("Bakers may change the menu.")).toBe(false);
    expect(ends("May I change the menu?")).toBe(false);
  });
});

describe("words", () => {
  test("words with a combining accent stay one word; an article in capitals is no label", () => {
    expect(contentWords("Label the pure\u0301e for the cre\u0300me tart")).toEqual([
      "label",
      "puree",
      "creme",
      "tart",
    ]);
    expect(queryTerms("HOW DO I GET A MOORING PERMIT").map((t) => t.words.join(" "))).toEqual([
      "mooring",
      "permit",
    ]);
    // A row's first cell is a label too.
    expect(contentWords("B 12 loaves daily")).toEqual(["b", "12", "loaves", "daily"]);
  });
});

describe("label letters", () => {
  test("a lone letter after a word names which one: kept in questions and text ('Class A', not the article)", () => {
    expect(contentWords("Each Class A vessel needs a tow line")).toEqual([
      "class",
      "a",
      "vessel",
      "tow",
      "line",
    ]);
    expect(contentWords("dock c is closed; do I need a pass")).toEqual(["dock", "c", "closed", "pass"]);
    expect(queryTerms("which boats are rated class A").map((t) => t.words.join(" "))).toContain("a");
    expect(queryTerms("do i need a pass").map((t) => t.words.join(" "))).toEqual(["pass"]);
  });

  test("typed shorthand ('w/o', 'b/c') is a function word, not a label letter", () => {
    const words = (q: string) => queryTerms(q).map((t) => t.words.join(" "));
    expect(words("can i take a skiff w/o a deposit")).toEqual(["take", "skiff", "deposit"]);
    expect(words("sail w/ the team b/c of the swell")).toEqual(["sail", "team", "swell"]);
    // A letter after a word still names which one.
    expect(words("berth w of the pier")).toEqual(["berth", "w", "pier"]);
  });
});
