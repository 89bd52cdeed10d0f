import { describe, expect, test } from "bun:test";
import { expectedAnswer } from "@server/ai/answer-type";
import { tableEnd } from "@server/ai/sentences";
import { answerOnPage, firstLine, term } from "../helpers/answers";

/**
 * Tables and lists in the built-in model's answers: which rows come with a sentence, which row answers alone, and
 * what is no table at all. The pages are made up for these tests (a bakery's market stalls and prices, a marine
 * survey firm's boats and charters).
 */

describe("tables and lists", () => {
  const markets = [
    "2 Market Stalls – 2027",
    "The following weekend markets will be served by the van in 2027. Markets on a holiday are served the day before.",
    "Market Date Day",
    "Kailua Farmers Market March 6, 2027 Saturday",
    "Haleiwa Craft Fair May 22, 2027 Saturday",
    "Kakaako Night Market (evening) July 10, 2027 Saturday",
    "Manoa Harvest Fair October 17, 2027 Sunday",
    "In addition, each stall lead chooses 2 pop-up markets in 2027, which must be booked by January 31.",
  ].join("\n");

  test("a sentence introducing a table is quoted with every row, word for word from its page", () => {
    const a = answerOnPage(
      "list the weekend markets for 2027",
      { file: "Bakery.pdf", page: 3, text: markets },
      [term("weekend", 2), term("markets", 3), term("2027", 1)],
      "Bakery",
    );
    const first = firstLine(a);
    expect(first).toStartWith("- The following weekend markets will be served by the van in 2027.");
    expect(first).toContain("Market Date Day Kailua Farmers Market March 6, 2027 Saturday");
    expect(first).toContain("Manoa Harvest Fair October 17, 2027 Sunday [Bakery.pdf p. 3]");
  });

  test("a table row that answers is quoted whole, word for word from its page", () => {
    const a = answerOnPage(
      "when is the haleiwa craft fair",
      { file: "Bakery.pdf", page: 3, text: markets },
      [term("haleiwa", 4), term("craft", 2), term("fair", 1)],
      "Bakery",
    );
    expect(firstLine(a)).toBe("- Haleiwa Craft Fair May 22, 2027 Saturday [Bakery.pdf p. 3]");
  });

  test("a chunk that stops inside a table runs on to the table's last row", () => {
    const cut = markets.indexOf("Haleiwa Craft Fair") + 5;
    const end = tableEnd(markets, cut);
    expect(markets.slice(0, end)).toEndWith("Manoa Harvest Fair October 17, 2027 Sunday");
    // Inside a paragraph nothing changes.
    expect(tableEnd(markets, 40)).toBe(40);
  });
});

describe("edges of tables, times and months", () => {
  test("a row that begins like an earlier one is quoted whole ($4 is not cut out of $4.50)", () => {
    const page = [
      "Loaves are priced as follows:",
      "Seeded Loaves Sliced Large Tin $4.50",
      "White Loaves Small Tin $0.90",
      "Loaves Sliced Large Tin $4",
      "Prices are reviewed monthly by the shop manager, at the rates of the current flour contract with the mill.",
    ].join("\n");
    const a = answerOnPage(
      "how much are loaves priced",
      { file: "Bakery.pdf", page: 2, text: page },
      [term("loaves", 3), term("priced", 3)],
      "Bakery",
    );
    expect(firstLine(a)).toContain("Loaves Sliced Large Tin $4 [Bakery.pdf p. 2]");
    expect(firstLine(a)).toContain("$4.50 White Loaves");
  });

  test("a sentence pointing to the table below is quoted with its rows, when a figure is asked for", () => {
    const page = [
      "3.2 Charter Deposits",
      "Skippers may hold a charter without a signed contract up to the amount in the table below.",
      "Charter Length  Deposit Without Contract  Who Approves",
      "Half a day or less  $150 per boat  Dock lead",
      "Up to three days  $600 per boat  Harbor manager",
      "3.3 Cancellations",
      "Cancelled charters are refunded in full, less the fuel used, within a week.",
    ].join("\n");
    const question = "what is the limit to hold a charter without a contract";
    expect(expectedAnswer(question).type).toBe("quantity");
    const a = answerOnPage(
      question,
      { file: "Charter.pdf", page: 4, text: page },
      [term("charter", 3), term("hold", 2), term("contract", 3)],
      "Marine",
    );
    const first = firstLine(a);
    expect(first).toStartWith(
      "- Skippers may hold a charter without a signed contract up to the amount in the table below.",
    );
    expect(first).toContain(
      "Half a day or less $150 per boat Dock lead Up to three days $600 per boat Harbor manager [Charter.pdf p. 4]",
    );
  });

  test("asked for a list, the table beside the sentence that answers is quoted with it, however introduced", () => {
    const page = [
      "Survey boats are booked on the shared boat calendar at least two days ahead.",
      "Boat  Seats  Moored At",
      "Whaler skiff Kolea  6  Kewalo Basin, slip 4",
      "Catamaran Manu  12  Kewalo Basin, slip 9",
      "Ignition keys are returned to the key safe in the harbor office when the trip ends.",
    ].join("\n");
    const ask = (question: string) =>
      firstLine(
        answerOnPage(
          question,
          { file: "Boats.pdf", page: 2, text: page },
          [term("survey", 3), term("boats", 2)],
          "Marine",
        ),
      );
    expect(ask("list the survey boats")).toContain("Catamaran Manu 12 Kewalo Basin, slip 9 [Boats.pdf p. 2]");
    // A row that answers best brings no part of its table along.
    const row = answerOnPage(
      "what skiffs do we have",
      { file: "Boats.pdf", page: 2, text: page },
      [term("skiffs", 4)],
      "Marine",
    );
    expect(firstLine(row)).toBe("- Whaler skiff Kolea 6 Kewalo Basin, slip 4 [Boats.pdf p. 2]");
    // Not asked for a list, the sentence stands alone.
    expect(ask("how do i book a survey boat")).toBe(
      "- Survey boats are booked on the shared boat calendar at least two days ahead. [Boats.pdf p. 2]",
    );
  });

  test("'below' in a comparison introduces no table; a list pattern does not take a form or a word ending in -ss", () => {
    const page = [
      "Cream fillings for the display case are held cold, at 4 °C or below.",
      "Filling  Hold Time  Container",
      "Custard, vanilla  2 days  Steel tub, 4 L",
      "Whipped cream, sweetened  1 day  Piping bag, 1 kg",
    ].join("\n");
    const a = answerOnPage(
      "how cold are cream fillings for the display case held",
      { file: "Bakery.pdf", page: 3, text: page },
      [term("cream", 2), term("fillings", 1), term("display", 3), term("held", 2)],
      "Bakery",
    );
    expect(firstLine(a)).toBe(
      "- Cream fillings for the display case are held cold, at 4 °C or below. [Bakery.pdf p. 3]",
    );
    expect(expectedAnswer("what forms do we have for catering").type).not.toBe("list");
    expect(expectedAnswer("what address do we have for the bakery").type).not.toBe("list");
  });

  test("the colon of a time does not bring a table along, nor does 'the following day'", () => {
    const page = [
      "The bakery counter is open 6:30 to 1:30 on the following day of each market.",
      "Kailua Farmers Market March 6, 2027 Saturday",
      "Haleiwa Craft Fair May 22, 2027 Saturday",
      "The ovens are cold on these days, and orders left on the voicemail are baked the next working day.",
    ].join("\n");
    const a = answerOnPage(
      "when is the bakery counter open",
      { file: "Bakery.pdf", page: 3, text: page },
      [term("bakery", 3), term("counter", 3), term("open", 3)],
      "Bakery",
    );
    expect(a).toContain("6:30 to 1:30");
    expect(a).not.toContain("Kailua Farmers Market");
  });
});
